// Whether the designer can work in this admin panel, and if not, what to tell the editor instead of
// showing an empty frame. The designer and this page talk by postMessage restricted to one origin, and
// the shop only lets its own origin frame it (X-Frame-Options SAMEORIGIN, frame-ancestors 'self'), so
// the admin panel and the shop must be served from one origin (README: "Admin panel and shop on one
// origin"). No React here, so the unit tests can check it: each problem is said with `say`, which is
// react-intl's formatMessage in the page (the admin user's language) and plain English by default.
import type { MessageDescriptor } from 'react-intl';
import { getTranslation } from '../../utils/getTranslation';

type Values = Record<string, string | number>;
export type Say = (message: MessageDescriptor, values?: Values) => string;

/** The English text of a message, its {placeholders} filled: what the admin shows with no translation. */
export const english: Say = (message, values = {}) =>
  String(message.defaultMessage ?? message.id).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

// A fixed path of the plugin's (server/src/areas/cards/editor/pages.ts DESIGNER_PAGE), wherever the shop is mounted.
export const DESIGNER_PATH = '/greeting-cards/designer/?embed=admin';
/** Long enough for a cold start on a slow line; the frame normally says it is ready within a second. */
export const READY_WAIT_MS = 30_000;

const HOW_TO: MessageDescriptor = {
  id: getTranslation('designer.how-to'),
  defaultMessage:
    'Serve the admin panel and the shop from one origin (for example both behind one reverse proxy on one host name) and open the designer again.',
};

/** The designer's languages (the editor's catalogues); the admin's other languages get English. */
export type DesignerLanguage = 'en' | 'de';

/** The designer's language for the admin's interface language (react-intl's locale: 'de', 'de-AT', 'fr'...). */
export function designerLanguage(adminLocale: string | undefined): DesignerLanguage {
  return adminLocale?.trim().toLowerCase().split(/[-_]/)[0] === 'de' ? 'de' : 'en';
}

/**
 * Where the designer is: the shop's editor on Strapi's backend URL (the admin's own origin by default),
 * in the admin user's language (`lang`, which the designer page prefers over the shop's own choice).
 */
export function designerUrl(backendUrl: string | undefined, here: string, adminLocale?: string): URL {
  const url = new URL(DESIGNER_PATH, new URL(backendUrl || '/', here));
  url.searchParams.set('lang', designerLanguage(adminLocale));
  return url;
}

/** A problem known before opening: the shop is on another origin than this admin panel. */
export function crossOriginProblem(url: URL, adminOrigin: string, say: Say = english): string | null {
  if (url.origin === adminOrigin) return null;
  return say(
    {
      id: getTranslation('designer.cross-origin'),
      defaultMessage:
        "The designer cannot open here: the shop's editor is at {shop}, but this admin panel runs at {admin}. The two must share one origin for the designer to work. {howTo}",
    },
    { shop: url.origin, admin: adminOrigin, howTo: say(HOW_TO) },
  );
}

/**
 * A problem seen once the frame has loaded: a page the browser would not show (the server unreachable,
 * or it refused to be framed, which is what a shop on another origin does) leaves a document this page
 * may not read; a page of this origin without the editor is something else at that address.
 */
export function loadedFrameProblem(frame: HTMLIFrameElement, url: URL, say: Say = english): string | null {
  let doc: Document | null = null;
  try {
    doc = frame.contentDocument;
  } catch {
    doc = null;
  }
  // The frame's first, empty document: the designer's own load follows (and READY_WAIT_MS catches a
  // frame that stays empty).
  if (doc?.location.href === 'about:blank') return null;
  if (!doc) {
    return say(
      {
        id: getTranslation('designer.not-loaded'),
        defaultMessage:
          'The designer could not be opened: {url} did not load in this window (the shop is not reachable, or it is served from another origin and refused to be framed). {howTo}',
      },
      { url: url.href, howTo: say(HOW_TO) },
    );
  }
  if (!doc.getElementById('editor')) {
    return say(
      {
        id: getTranslation('designer.not-designer'),
        defaultMessage:
          'The designer could not be opened: {url} is not the card designer (is the greeting-cards shop served there?).',
      },
      { url: url.href },
    );
  }
  return null;
}

export const NO_ANSWER: MessageDescriptor = {
  id: getTranslation('designer.no-answer'),
  defaultMessage:
    "The designer did not start within {seconds} seconds. Close this window and try again; if it keeps happening, check that the shop's pages load at /editor/design/.",
};
