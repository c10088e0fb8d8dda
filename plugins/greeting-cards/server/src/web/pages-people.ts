import { RECIPIENT_FIELDS, recipientFields } from '../domain/recipient-input';
import { REMINDER_TYPES } from '../domain/enums';
import { reminderPatch } from '../domain/reminder-input';
import { parseBody } from '../http/body';
import { getService } from '../services/get-service';
import { isHtmx, renderPage, renderPartial, type Toast, type ViewData } from './render';
import { formBody, formErrors, idParam, pickFilled } from './form-input';
import { privateRoute, redirect, type PrivateContext, type WebRouteDef, shopUrl } from './web-route';
import { requestLinkData } from './pages-address-requests';

// Address book and reminders. Add and delete answer the panel partial under htmx (swapped in place);
// plain forms (no JavaScript) get a redirect back to the page, or the page with the form's errors.

const ALL = { page: 1, pageSize: 100, offset: 0 };

interface PanelState {
  errors?: Record<string, string[]> | null;
  values?: Record<string, unknown>;
  toast?: Toast | null;
}

async function recipientsData({ strapi, user }: PrivateContext, state: PanelState) {
  const { results } = await getService(strapi, 'recipients').list(user.id, ALL);
  return { title: 'Address book', recipients: results, errors: state.errors ?? null, values: state.values ?? {}, toast: state.toast ?? null, ...(await requestLinkData({ strapi, user })) };
}

async function remindersData({ strapi, user }: PrivateContext, state: PanelState) {
  const [reminders, recipients, occasions] = await Promise.all([
    getService(strapi, 'reminders').list(user.id, ALL),
    getService(strapi, 'recipients').list(user.id, ALL),
    getService(strapi, 'catalogue').listOccasions(ALL),
  ]);
  return {
    title: 'Reminders',
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
async function answer(web: PrivateContext, page: string, view: string, load: (w: PrivateContext, s: PanelState) => Promise<ViewData>, state: PanelState) {
  const failed = Boolean(state.errors);
  if (isHtmx(web.ctx)) return renderPartial(web.ctx, `partials/${view}-panel`, await load(web, state), failed ? 400 : 200);
  if (!failed) return redirect(web.ctx, shopUrl(web.ctx, page));
  renderPage(web.ctx, view, await load(web, state), 400);
}

async function attempt(run: () => Promise<unknown>): Promise<Record<string, string[]> | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const errors = formErrors(error);
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
  const errors = id === null ? { non_field_errors: ['Not found.'] } : await attempt(() => getService(web.strapi, 'recipients').remove(web.user.id, id));
  const toast: Toast = errors ? { kind: 'error', text: errors.non_field_errors?.[0] ?? 'Could not remove that entry.' } : { kind: 'success', text: 'Removed from your address book.' };
  // A failed delete is reported in the toast; the panel itself has no form errors to show.
  if (isHtmx(web.ctx)) return renderPartial(web.ctx, 'partials/recipients-panel', await recipientsData(web, { toast }), errors ? 400 : 200);
  if (errors) return renderPage(web.ctx, 'recipients', await recipientsData(web, { toast }), 400);
  redirect(web.ctx, shopUrl(web.ctx, '/recipients/'));
};

const deleteReminder = async (web: PrivateContext) => {
  const id = idParam(web.ctx.params.id);
  const errors = id === null ? { non_field_errors: ['Not found.'] } : await attempt(() => getService(web.strapi, 'reminders').remove(web.user.id, id));
  const toast: Toast = errors ? { kind: 'error', text: errors.non_field_errors?.[0] ?? 'Could not remove that reminder.' } : { kind: 'success', text: 'Reminder removed.' };
  if (isHtmx(web.ctx)) return renderPartial(web.ctx, 'partials/reminders-panel', await remindersData(web, { toast }), errors ? 400 : 200);
  if (errors) return renderPage(web.ctx, 'reminders', await remindersData(web, { toast }), 400);
  redirect(web.ctx, shopUrl(web.ctx, '/reminders/'));
};

export const peopleRoutes: WebRouteDef[] = [
  privateRoute('GET', '/recipients/', async (web) => renderPage(web.ctx, 'recipients', await recipientsData(web, {}))),

  privateRoute('POST', '/recipients/add/', async (web) => {
    const body = formBody(web.ctx);
    const values = pickFilled(body, RECIPIENT_FIELDS);
    const errors = await attempt(() => getService(web.strapi, 'recipients').create(web.user.id, parseBody(recipientFields.partial(), values)));
    const name = [values.first_name, values.last_name].filter(Boolean).join(' ') || values.email || 'The new entry';
    await answer(web, '/recipients/', 'recipients', recipientsData, {
      errors,
      values: errors ? values : {},
      toast: errors ? { kind: 'error', text: 'Please check the highlighted fields.' } : { kind: 'success', text: `${name} was added to your address book.` },
    });
  }),
  privateRoute('DELETE', '/recipients/:id/delete/', deleteRecipient),
  // Plain HTML forms cannot send DELETE: the same action by POST works without JavaScript.
  privateRoute('POST', '/recipients/:id/delete/', deleteRecipient),

  privateRoute('GET', '/reminders/', async (web) => renderPage(web.ctx, 'reminders', await remindersData(web, {}))),

  privateRoute('POST', '/reminders/add/', async (web) => {
    const body = formBody(web.ctx);
    const values = pickFilled(body, ['recipient_id', 'occasion', 'type', 'title', 'event_date']);
    const errors = await attempt(() => getService(web.strapi, 'reminders').create(web.user.id, reminderInput(body)));
    await answer(web, '/reminders/', 'reminders', remindersData, {
      errors,
      values: errors ? values : {},
      toast: errors ? { kind: 'error', text: 'Please check the highlighted fields.' } : { kind: 'success', text: 'Reminder saved. We will e-mail you before the day.' },
    });
  }),
  privateRoute('DELETE', '/reminders/:id/delete/', deleteReminder),
  privateRoute('POST', '/reminders/:id/delete/', deleteReminder),
];
