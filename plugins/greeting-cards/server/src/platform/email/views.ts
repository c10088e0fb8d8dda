import type { Core } from '@strapi/strapi';
import { overrideDirOf, viewsIn } from '../web/view-files';
import type { EmailText } from './layout';

// Every e-mail is written by Eta views, as the storefront's pages are (platform/web/view-files.ts):
// server/views/emails/<name>.html.eta, escaped like a page, inside the shared frame emails/layout.html.eta
// (inline styles only: mail programs drop <style> and CSS files), and <name>.text.eta, the plain-text
// part, where `<%= %>` prints a value as it is (a text part shows "&" as "&", never "&amp;").
// A host replaces any of them, as it does a page, with a file of the same relative name in its
// SERVICE_VIEWS_DIR folder (emails/ecard.html.eta, emails/partials/button.html.eta, ...).
// What the views get is decided here, in the e-mail modules: a subject is the shop's words and at most
// a name (security issue 39), and a shopper's text reaches a view about someone else's e-mail only as a
// checked name (platform/email/name-for-mail.ts) or as a quote (quoted.ts).

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

let overrideDir: string | null = null;

/** In register: e-mails read the host's override folder (SERVICE_VIEWS_DIR), as pages do. */
export function useEmailViewsOf(strapi: Core.Strapi): void {
  useEmailViewsIn(overrideDirOf(strapi));
}

/** The override folder as an absolute path, or null for the plugin's views only. */
export function useEmailViewsIn(dir: string | null): void {
  overrideDir = dir;
}

/**
 * One e-mail from its views. Each view gets `data` and `subject`, `locale`, `t` (the e-mail language's
 * messages) and `shopName`; the frame gets the same plus `body`, the HTML view's output.
 */
export function renderEmail(
  name: string,
  subject: string,
  data: Record<string, unknown>,
  lang: EmailText,
): RenderedEmail {
  const it = { ...data, subject, locale: lang.locale, t: lang.t, shopName: lang.shopName };
  const html = viewsIn(overrideDir);
  return {
    subject,
    html: html.render('emails/layout.html.eta', { ...it, body: html.render(`emails/${name}.html.eta`, it) }),
    text: viewsIn(overrideDir, { escape: false }).render(`emails/${name}.text.eta`, it),
  };
}
