import { LIBRARY_TYPES, type LibraryType } from '../../../platform/enums';
import { getService } from '../../../platform/get-service';
import { userAnswer } from '../../../platform/db/user-answers';
import { getConfig } from '../../../platform/config/get-config';
import { cardTitlesIn } from '../../../platform/db/card-titles';
import { requestLocale } from '../../../platform/i18n/request-locale';
import type { Translate } from '../../../platform/i18n/translate';
import { drawKept, isHtmx, keptPageKey, sendKept, type Toast } from '../../../platform/web/render';
import { formBody, formErrors, idParam } from '../../../platform/web/form-input';
import {
  privateRoute,
  redirect,
  type PrivateContext,
  type WebRouteDef,
  shopUrl,
} from '../../../platform/web/web-route';

// /library/: tabs All, Drafts, Saved, Sent, Received (?type=), favourites pinned first by the service.

// Each tab's name and empty-state text are catalogue keys (shop.library.tab.<type|all>, .empty.<…>).
export const LIBRARY_TABS: Array<{ type: LibraryType | '' }> = [
  { type: '' },
  { type: 'draft' },
  { type: 'saved' },
  { type: 'sent' },
  { type: 'received' },
];

const tabsIn = (t: Translate) =>
  LIBRARY_TABS.map((tab) => ({
    ...tab,
    label: t(`shop.library.tab.${tab.type || 'all'}`),
    empty: t(`shop.library.empty.${tab.type || 'all'}`),
  }));

const tabType = (raw: unknown): LibraryType | undefined =>
  typeof raw === 'string' && (LIBRARY_TYPES as readonly string[]).includes(raw) ? (raw as LibraryType) : undefined;

async function libraryPanel(
  { ctx, strapi, user, t }: PrivateContext,
  type: LibraryType | undefined,
  toast: Toast | null,
  status?: number,
) {
  const receivedOn = getConfig(strapi).receivedCards;
  const locale = requestLocale(strapi, ctx);
  // Received cards show only for a proven address: the tab says how to prove it (and that a link was sent).
  const linkSent = ctx.query.link === 'sent';
  // Drawn pages are kept with the data (platform/db/user-answers.ts), so a write to anything they show drops
  // them as it drops the data; what differs per request (CSRF token, language links, toast text) is filled
  // in at answer time (platform/web/render.ts, keptPageKey names what else a drawing depends on). A full
  // page is kept only at its own address (the navigation marks the current path).
  const keep = isHtmx(ctx) || ctx.path === shopUrl(ctx, '/library/');
  const draw = async () => {
    const tabs = receivedOn ? tabsIn(t) : tabsIn(t).filter((tab) => tab.type !== 'received');
    // What the page shows of the library, kept per user, tab and language until a write to any of it.
    const { count, entries, provenAddress, ecards, replies } = await userAnswer(
      strapi,
      user.id,
      `library-page\n${type}\n${locale}`,
      async () => {
        const listed = await getService(strapi, 'library').list(user, type, { page: 1, pageSize: 100, offset: 0 });
        // Cards named after their template read in the shopper's language, as the catalogue does.
        const titleOf = await cardTitlesIn(
          strapi,
          listed.results.map((e) => e.card?.id),
          locale,
        );
        const sentIds = listed.results.filter((e) => e.type === 'sent' && e.card).map((e) => e.card!.id);
        return {
          count: listed.count,
          provenAddress: listed.provenAddress,
          entries: listed.results.map((e) =>
            e.card ? { ...e, card: { ...e.card, title: titleOf(e.card.id, e.card.title ?? '') } } : e,
          ),
          // Sent cards say how their e-cards stand with the recipients (details on each order's page).
          ecards: Object.fromEntries(await getService(strapi, 'deliveries').ecardCountsByCard(user.id, sentIds)),
          // Recipients' thank-you replies to them (issue 45 item 5): how many, and the latest.
          replies: Object.fromEntries(await getService(strapi, 'ecardReplies').forCards(user.id, sentIds)),
        };
      },
    );
    const tab = tabs.find((candidate) => candidate.type === (type ?? '')) ?? tabs[0];
    const proveAddress = receivedOn && tab.type === 'received' && !provenAddress;
    return drawKept(ctx, 'library', 'partials/library-panel', {
      title: t('shop.library.title'),
      tabs,
      tab,
      entries,
      count,
      toast,
      proveAddress,
      linkSent: proveAddress && linkSent,
      ecards,
      replies,
    });
  };
  const page = keep
    ? await userAnswer(strapi, user.id, `library-drawn\n${type}\n${linkSent}\n${keptPageKey(ctx, toast)}`, draw)
    : await draw();
  sendKept(ctx, page, toast, status);
}

export const libraryRoutes: WebRouteDef[] = [
  privateRoute('GET', '/library/', (web) => libraryPanel(web, tabType(web.ctx.query.type), null)),

  // Pins or unpins one of my cards (the same favourite flag as POST /api/cards/<id>/favorite/).
  privateRoute('POST', '/library/:card_id/favorite/', async (web) => {
    const body = formBody(web.ctx);
    const type = tabType(body.type);
    const id = idParam(web.ctx.params.card_id);
    const pin = body.favorite !== 'false';
    let toast: Toast = { kind: 'success', text: pin ? web.t('shop.library.pinned') : web.t('shop.library.unpinned') };
    let failed = false;
    try {
      if (id === null) throw new Error('not an id');
      await getService(web.strapi, 'cards').setFavorite(web.user.id, id, pin);
    } catch (error) {
      if (id !== null && !formErrors(error, web.ctx.state.gcLocale)) throw error;
      failed = true;
      toast = { kind: 'error', text: web.t('shop.library.notYours') };
    }
    if (!isHtmx(web.ctx)) return redirect(web.ctx, shopUrl(web.ctx, `/library/${type ? `?type=${type}` : ''}`));
    await libraryPanel(web, type, toast, failed ? 400 : 200);
  }),
];
