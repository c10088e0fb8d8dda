import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { FieldErrorCollector, msg, notFound, REQUIRED } from '../../../platform/errors';
import type { PageRequest } from '../../../platform/http/pagination';
import { toDateString } from '../../../platform/time/calendar-dates';
import { defaultTitle, isYearly, ReminderPatch } from '../rules/reminder-input';
import { recipientName, RecipientRow } from '../recipients/serializer';
import { serializeReminder, type ReminderResponse, type ReminderRow } from './serializer';
import { pagedRows } from '../../../platform/db/paged-rows';
import type { Locale } from '../../../platform/i18n/locales';
import { query } from '../../../platform/db/query';
import { shopRows } from '../../../platform/db/localized';

const POPULATE = ['recipient', 'occasion'];
const ORDER = [{ event_date: 'asc' }, { id: 'asc' }];

interface Occasion {
  id: number;
  slug: string;
  name?: string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = () => query(strapi, UID.reminder);

  async function findOwned(userId: number, reminderId: number): Promise<ReminderRow> {
    const row = await q().findOne({ where: { id: reminderId, user: { id: userId } }, populate: POPULATE });
    if (!row) throw notFound();
    return row as ReminderRow;
  }

  /** Another user's recipient is reported exactly like one that does not exist. */
  async function ownRecipient(userId: number, id: number, errors: FieldErrorCollector): Promise<RecipientRow | null> {
    const row = await query(strapi, UID.recipient).findOne({ where: { id, owner: { id: userId } } });
    if (!row) errors.add('recipient_id', msg('error.invalid_pk', { id }));
    return (row as RecipientRow) ?? null;
  }

  async function occasionBySlug(slug: string, errors: FieldErrorCollector): Promise<Occasion | null> {
    const row = await query(strapi, UID.occasion).findOne({ where: shopRows({ slug }) });
    if (!row) errors.add('occasion', msg('error.unknown_occasion_named', { slug }));
    return (row as Occasion) ?? null;
  }

  /**
   * Applies `input` over `current` (null for a new reminder), validating references and the
   * rules between fields, and returns the row data to write.
   */
  async function resolve(userId: number, current: ReminderRow | null, input: ReminderPatch) {
    const errors = new FieldErrorCollector();
    const type = input.type ?? current?.type ?? 'birthday';

    let recipient: RecipientRow | null = current?.recipient ?? null;
    if (input.recipient_id !== undefined) {
      recipient = input.recipient_id === null ? null : await ownRecipient(userId, input.recipient_id, errors);
    }
    let occasion: Occasion | null = (current?.occasion as Occasion | null) ?? null;
    if (input.occasion !== undefined) {
      occasion = input.occasion ? await occasionBySlug(input.occasion, errors) : null;
    }

    // Birthdays and anniversaries may take their date from the recipient's record.
    let eventDate = input.event_date !== undefined ? input.event_date : toDateString(current?.event_date);
    if (!eventDate && isYearly(type) && recipient) eventDate = toDateString(recipient[type]);
    if (!eventDate && !errors.has('recipient_id')) {
      errors.add('event_date', isYearly(type) && recipient ? msg('error.no_date_on_record', { type }) : REQUIRED);
    }

    errors.throwIfAny();

    let title = input.title !== undefined ? input.title : current?.title;
    if (!title) title = defaultTitle(type, recipient ? recipientName(recipient) : '', occasion?.name ?? null);

    const data: Record<string, unknown> = {
      type,
      title,
      event_date: eventDate,
      recipient: recipient?.id ?? null,
      occasion: occasion?.id ?? null,
    };
    if (input.days_before !== undefined) data.days_before = input.days_before;
    if (input.is_active !== undefined) data.is_active = input.is_active;
    // A changed date or recipient is a new event: let the job remind about it afresh.
    if (
      current &&
      (data.event_date !== toDateString(current.event_date) || data.recipient !== (current.recipient?.id ?? null))
    ) {
      data.last_sent_key = null;
    }
    return data;
  }

  return {
    findOwned,

    async list(userId: number, page: PageRequest): Promise<{ count: number; results: ReminderResponse[] }> {
      const where = { user: { id: userId } };
      const { count, rows } = await pagedRows<ReminderRow>(
        page,
        async () => Number(await q().count({ where })),
        () => q().findMany({ where, orderBy: ORDER, offset: page.offset, limit: page.pageSize, populate: POPULATE }),
      );
      return { count, results: rows.map((row) => serializeReminder(row)) };
    },

    async get(userId: number, reminderId: number): Promise<ReminderResponse> {
      return serializeReminder(await findOwned(userId, reminderId));
    },

    /** `locale`: the owner's shop language when they set it up; the reminder e-mail is written in it. */
    async create(userId: number, input: ReminderPatch, locale?: Locale): Promise<ReminderResponse> {
      const data = await resolve(userId, null, input);
      const created = await q().create({
        data: { days_before: null, is_active: true, ...data, user: userId, locale: locale ?? null },
      });
      return serializeReminder(await findOwned(userId, created.id));
    },

    async update(userId: number, reminderId: number, input: ReminderPatch): Promise<ReminderResponse> {
      const current = await findOwned(userId, reminderId);
      const data = await resolve(userId, current, input);
      await q().update({ where: { id: current.id }, data });
      return serializeReminder(await findOwned(userId, current.id));
    },

    async remove(userId: number, reminderId: number): Promise<void> {
      const row = await findOwned(userId, reminderId);
      await q().delete({ where: { id: row.id } });
    },
  };
};
