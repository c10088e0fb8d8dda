import { LIBRARY_TYPES, type LibraryType } from '../domain/enums';
import { getService } from '../services/get-service';
import { renderPageOrPartial } from './render';
import { privateRoute, type WebRouteDef } from './web-route';

// /library/: tabs All, Drafts, Saved, Sent, Received (?type=), favourites pinned first by the service.

export const LIBRARY_TABS: Array<{ type: LibraryType | ''; label: string; empty: string }> = [
  { type: '', label: 'All', empty: 'Your library is empty. Pick a design in the catalogue and personalise it: it appears here as you work.' },
  { type: 'draft', label: 'Drafts', empty: 'No drafts. Cards you start and have not finished are kept here.' },
  { type: 'saved', label: 'Saved', empty: 'No saved cards yet. Save a design in the editor to keep it for later.' },
  { type: 'sent', label: 'Sent', empty: 'Nothing sent yet. Cards you send appear here once they are on their way.' },
  { type: 'received', label: 'Received', empty: 'No cards received yet. Cards other people send to your e-mail address appear here.' },
];

export const libraryRoutes: WebRouteDef[] = [
  privateRoute('GET', '/library/', async ({ ctx, strapi, user }) => {
    const raw = typeof ctx.query.type === 'string' ? ctx.query.type : '';
    const type = (LIBRARY_TYPES as readonly string[]).includes(raw) ? (raw as LibraryType) : undefined;
    const { count, results } = await getService(strapi, 'library').list(user.id, type, { page: 1, pageSize: 100, offset: 0 });
    const tab = LIBRARY_TABS.find((t) => t.type === (type ?? '')) ?? LIBRARY_TABS[0];
    renderPageOrPartial(ctx, 'library', 'partials/library-panel', {
      title: 'My cards',
      tabs: LIBRARY_TABS,
      tab,
      entries: results,
      count,
      toast: ctx.query.welcome ? { kind: 'success', text: 'Welcome! Your account is ready.' } : null,
    });
  }),
];
