import { parseNewRecipient, RECIPIENT_FIELDS, recipientFields, recipientPatch } from './rules/recipient-input';
import { normaliseTag, readTags, tagKey, tagsField } from './rules/recipient-tags';
import { REMINDER_TYPES } from '../../platform/enums';
import { reminderPatch } from './rules/reminder-input';
import { parseBody } from '../../platform/http/body';
import { notFound } from '../../platform/errors';
import { getService } from '../../platform/get-service';
import { isHtmx, renderPage, renderPartial, type Toast, type ViewData } from '../../platform/web/render';
import { formBody, formErrors, idParam, pickFilled } from '../../platform/web/form-input';
import { privateRoute, redirect, type PrivateContext, type WebRouteDef, shopUrl } from '../../platform/web/web-route';
import { requestLocale } from '../../platform/i18n/request-locale';
import { requestLinkData } from './address-requests/pages';
import { changeSummary } from './address-requests/rules/pending-change';
import type { MessageKey } from '../../platform/i18n/messages';

// Address book and reminders. Add and delete answer the panel partial under htmx (swapped in place);
// plain forms (no JavaScript) get a redirect back to the page, or the page with the form's errors.

const ALL = { page: 1, pageSize: 100, offset: 0 };

interface PanelState {
  errors?: Record<string, string[]> | null;
  values?: Record<string, unknown>;
  toast?: Toast | null;
}

/** The group the address book is narrowed to: ?tag= on the page, the form's filter_tag on its actions. */
function tagFilter(web: PrivateContext): string {
  // Not the form's `tag`: that is the tag the bulk form adds or removes.
  const raw = listState(web, 'filter_tag') ?? pageQuery(web, 'tag') ?? '';
  return normaliseTag(raw);
}

const pageQuery = (web: PrivateContext, name: string): string | undefined =>
  typeof web.ctx.query[name] === 'string' ? web.ctx.query[name] : undefined;

/** A value of the list's state kept by an action's form (DELETE sends it in the query). */
function listState(web: PrivateContext, name: string): string | undefined {
  const value = formBody(web.ctx)[name] ?? web.ctx.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** The page of the address book shown (100 entries a page: an import can bring thousands). */
function pageFilter(web: PrivateContext): number {
  const raw = listState(web, 'filter_page') ?? pageQuery(web, 'page');
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

async function recipientsData(web: PrivateContext, state: PanelState) {
  const { strapi, user } = web;
  const tag = tagFilter(web);
  const filter = tag ? { tag } : {};
  const at = (page: number) => ({ page, pageSize: ALL.pageSize, offset: (page - 1) * ALL.pageSize });
  let page = pageFilter(web);
  const [first, tags] = await Promise.all([
    getService(strapi, 'recipients').list(user.id, at(page), filter),
    getService(strapi, 'recipientTags').ownerTags(user.id),
  ]);
  const pages = Math.max(1, Math.ceil(first.count / ALL.pageSize));
  // Past the end (the last entries of the last page were just removed): the last page instead.
  let { results } = first;
  if (page > pages) {
    page = pages;
    results = (await getService(strapi, 'recipients').list(user.id, at(page), filter)).results;
  }
  // Shown as the group is spelt in the address book, whatever the link's capitals.
  const shown = tags.find((t) => tagKey(t.name) === tagKey(tag))?.name ?? tag;
  // A later answer through the address link, waiting on an entry: what it would change.
  const recipients = results.map((r) => ({
    ...r,
    pendingSummary: r.pending_change
      ? changeSummary(r as unknown as Record<string, unknown>, r.pending_change) || r.pending_change.email
      : '',
  }));
  // Your own entry is named as your account names you (its e-mail is already on the line below).
  const own = recipients.find((r) => r.is_system_user && (!r.full_name || r.full_name === r.email));
  const ownName = own ? (await getService(strapi, 'userDetails').forUser(user.id)).display_name : '';
  return {
    title: web.t('shop.recipients.title'),
    recipients,
    ownName,
    count: first.count,
    page,
    pages,
    tags,
    tag: shown,
    errors: state.errors ?? null,
    values: state.values ?? {},
    toast: state.toast ?? null,
    ...(await requestLinkData(web)),
  };
}

/** The address book's own address, keeping the group and the page it shows. */
const recipientsPage = (web: PrivateContext) => {
  const tag = tagFilter(web);
  const page = pageFilter(web);
  const query = new URLSearchParams({
    ...(tag ? { tag } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }).toString();
  return query ? `/recipients/?${query}` : '/recipients/';
};

async function remindersData({ strapi, user, t }: PrivateContext, state: PanelState) {
  const [reminders, recipients, occasions] = await Promise.all([
    getService(strapi, 'reminders').list(user.id, ALL),
    getService(strapi, 'recipients').list(user.id, ALL),
    getService(strapi, 'catalogue').readOccasions(ALL),
  ]);
  // Birthdays and anniversaries the address book holds with no reminder yet: one press each, no typing.
  const reminded = new Set(reminders.results.map((r) => `${r.type}:${r.recipient_id}`));
  const fromBook = recipients.results.flatMap((r) =>
    (['birthday', 'anniversary'] as const)
      .filter((type) => r[type] && !reminded.has(`${type}:${r.id}`))
      .map((type) => ({ recipient_id: r.id, name: r.full_name || r.email, type, date: r[type] })),
  );
  return {
    title: t('shop.reminders.title'),
    fromBook,
    reminders: reminders.results,
    recipients: recipients.results,
    occasions: occasions.results,
    types: REMINDER_TYPES,
    errors: state.errors ?? null,
    values: state.values ?? {},
    toast: state.toast ?? null,
  };
}

/** Answers a panel action: the partial for htmx, otherwise the page (errors) or a redirect (success). */
async function answer(
  web: PrivateContext,
  page: string,
  view: string,
  load: (w: PrivateContext, s: PanelState) => Promise<ViewData>,
  state: PanelState,
) {
  const failed = Boolean(state.errors);
  if (isHtmx(web.ctx))
    return renderPartial(web.ctx, `partials/${view}-panel`, await load(web, state), failed ? 400 : 200);
  if (!failed) return redirect(web.ctx, shopUrl(web.ctx, page === '/recipients/' ? recipientsPage(web) : page));
  renderPage(web.ctx, view, await load(web, state), 400);
}

async function attempt(web: PrivateContext, run: () => Promise<unknown>): Promise<Record<string, string[]> | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const errors = formErrors(error, web.ctx.state.gcLocale);
    if (!errors) throw error;
    return errors;
  }
}

function reminderInput(body: Record<string, unknown>) {
  const picked: Record<string, unknown> = pickFilled(body, ['recipient_id', 'occasion', 'type', 'title', 'event_date']);
  return parseBody(reminderPatch, picked);
}

const deleteRecipient = async (web: PrivateContext) => {
  const id = idParam(web.ctx.params.id);
  const errors = await attempt(web, () =>
    id === null ? Promise.reject(notFound()) : getService(web.strapi, 'recipients').remove(web.user.id, id),
  );
  const toast: Toast = errors
    ? { kind: 'error', text: errors.non_field_errors?.[0] ?? web.t('shop.recipients.removeFailed') }
    : { kind: 'success', text: web.t('shop.recipients.removed') };
  // A failed delete is reported in the toast; the panel itself has no form errors to show.
  if (isHtmx(web.ctx))
    return renderPartial(
      web.ctx,
      'partials/recipients-panel',
      await recipientsData(web, { toast }),
      errors ? 400 : 200,
    );
  if (errors) return renderPage(web.ctx, 'recipients', await recipientsData(web, { toast }), 400);
  redirect(web.ctx, shopUrl(web.ctx, recipientsPage(web)));
};

/** Accepts or rejects the change waiting on an entry (the service POST /api/recipients/{id}/accept-change/ calls). */
async function answerChange(web: PrivateContext, act: 'acceptChange' | 'rejectChange', done: MessageKey) {
  const id = idParam(web.ctx.params.id);
  const errors = await attempt(web, () =>
    id === null ? Promise.reject(notFound()) : getService(web.strapi, 'addressSubmissions')[act](web.user.id, id),
  );
  const toast: Toast = errors
    ? { kind: 'error', text: Object.values(errors)[0]?.[0] ?? web.t('shop.error.failedTitle') }
    : { kind: 'success', text: web.t(done) };
  await answer(web, '/recipients/', 'recipients', recipientsData, { errors: errors ? {} : null, toast });
}

const deleteReminder = async (web: PrivateContext) => {
  const id = idParam(web.ctx.params.id);
  const errors = await attempt(web, () =>
    id === null ? Promise.reject(notFound()) : getService(web.strapi, 'reminders').remove(web.user.id, id),
  );
  const toast: Toast = errors
    ? { kind: 'error', text: errors.non_field_errors?.[0] ?? web.t('shop.reminders.removeFailed') }
    : { kind: 'success', text: web.t('shop.reminders.removed') };
  if (isHtmx(web.ctx))
    return renderPartial(web.ctx, 'partials/reminders-panel', await remindersData(web, { toast }), errors ? 400 : 200);
  if (errors) return renderPage(web.ctx, 'reminders', await remindersData(web, { toast }), 400);
  redirect(web.ctx, shopUrl(web.ctx, '/reminders/'));
};

export const peopleRoutes: WebRouteDef[] = [
  privateRoute('GET', '/recipients/', async (web) => renderPage(web.ctx, 'recipients', await recipientsData(web, {}))),

  privateRoute('POST', '/recipients/add/', async (web) => {
    const body = formBody(web.ctx);
    const values = pickFilled(body, [...RECIPIENT_FIELDS, 'tags']);
    const errors = await attempt(web, () =>
      getService(web.strapi, 'recipients').create(
        web.user.id,
        // Every problem at once: a bad e-mail and a bad postcode are both shown.
        parseNewRecipient(recipientFields.partial().extend({ tags: tagsField.optional() }), values),
      ),
    );
    const name =
      [values.first_name, values.last_name].filter(Boolean).join(' ') ||
      values.email ||
      web.t('shop.recipients.newEntry');
    await answer(web, '/recipients/', 'recipients', recipientsData, {
      errors,
      values: errors ? values : {},
      toast: errors
        ? { kind: 'error', text: web.t('shop.form.checkFields') }
        : { kind: 'success', text: web.t('shop.recipients.added', { name: String(name) }) },
    });
  }),
  privateRoute('POST', '/recipients/:id/tags/', async (web) => {
    const id = idParam(web.ctx.params.id);
    const body = formBody(web.ctx);
    const errors = await attempt(web, () =>
      id === null
        ? Promise.reject(notFound())
        : getService(web.strapi, 'recipients').update(
            web.user.id,
            id,
            parseBody(recipientPatch.extend({ tags: tagsField }), { tags: body.tags ?? '' }),
          ),
    );
    const toast: Toast = errors
      ? { kind: 'error', text: Object.values(errors)[0]?.[0] ?? web.t('shop.recipients.tagsFailed') }
      : { kind: 'success', text: web.t('shop.recipients.tagsSaved') };
    await answer(web, '/recipients/', 'recipients', recipientsData, { errors: errors ? {} : null, toast });
  }),
  // Tagging several entries at once: the ticked entries (ids) get the tag, or lose it with op=remove.
  privateRoute('POST', '/recipients/tag/', async (web) => {
    const body = formBody(web.ctx);
    const ids = (Array.isArray(body.ids) ? body.ids : [body.ids])
      .map(idParam)
      .filter((id): id is number => id !== null);
    const { tags, problems } = readTags(typeof body.tag === 'string' ? body.tag : '');
    const remove = body.op === 'remove';
    let toast: Toast;
    if (!ids.length) toast = { kind: 'error', text: web.t('shop.recipients.tickFirst') };
    else if (tags.length !== 1 || problems.length)
      toast = { kind: 'error', text: problems[0] ?? web.t('shop.recipients.oneTag') };
    else {
      const count = await getService(web.strapi, 'recipientTags').tagOwned(
        web.user.id,
        ids,
        tags[0],
        remove ? 'remove' : 'add',
      );
      toast = {
        kind: 'success',
        text: web.t(remove ? 'shop.recipients.tagRemoved' : 'shop.recipients.tagAdded', { tag: tags[0], count }),
      };
    }
    await answer(web, '/recipients/', 'recipients', recipientsData, {
      errors: toast.kind === 'error' ? {} : null,
      toast,
    });
  }),
  // The owner's answer to new details a friend sent through the address link for an entry they have.
  privateRoute('POST', '/recipients/:id/change/accept/', (web) =>
    answerChange(web, 'acceptChange', 'shop.recipients.changeAccepted'),
  ),
  privateRoute('POST', '/recipients/:id/change/reject/', (web) =>
    answerChange(web, 'rejectChange', 'shop.recipients.changeRejected'),
  ),
  privateRoute('DELETE', '/recipients/:id/delete/', deleteRecipient),
  // Plain HTML forms cannot send DELETE: the same action by POST works without JavaScript.
  privateRoute('POST', '/recipients/:id/delete/', deleteRecipient),

  privateRoute('GET', '/reminders/', async (web) => renderPage(web.ctx, 'reminders', await remindersData(web, {}))),

  privateRoute('POST', '/reminders/add/', async (web) => {
    const body = formBody(web.ctx);
    const values = pickFilled(body, ['recipient_id', 'occasion', 'type', 'title', 'event_date']);
    const errors = await attempt(web, () =>
      getService(web.strapi, 'reminders').create(web.user.id, reminderInput(body), requestLocale(web.strapi, web.ctx)),
    );
    await answer(web, '/reminders/', 'reminders', remindersData, {
      errors,
      values: errors ? values : {},
      toast: errors
        ? { kind: 'error', text: web.t('shop.form.checkFields') }
        : { kind: 'success', text: web.t('shop.reminders.saved') },
    });
  }),
  privateRoute('DELETE', '/reminders/:id/delete/', deleteReminder),
  privateRoute('POST', '/reminders/:id/delete/', deleteReminder),
];
