import { z } from 'zod';
import { zodMessage } from '../../../platform/i18n/format-message';
import { REMINDER_TYPES } from '../../../platform/enums';
import { isRealDate } from '../../../platform/time/calendar-dates';

export type ReminderType = (typeof REMINDER_TYPES)[number];

export const MAX_DAYS_BEFORE = 365;
export const MAX_DAYS_BEFORE_ITEMS = 10;
export const TITLE_MAX = 200;

const notString = zodMessage('error.not_string');
const notInteger = zodMessage('error.not_integer');

// Largest value of a PostgreSQL integer column: a bigger id cannot exist, and asking would be a database error.
const MAX_ID = 2_147_483_647;

// Ids may come as numbers or digit strings (HTML forms); anything else is not an id.
const positiveId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: notInteger }).refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID, notInteger),
);

const isDayCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_DAYS_BEFORE;

// Fields as sent; everything optional so the same schema serves create and PATCH.
export const reminderPatch = z
  .object({
    recipient_id: positiveId.nullable(),
    occasion: z.string({ error: notString }).trim().max(100, zodMessage('error.unknown_occasion')).nullable(),
    type: z.enum(REMINDER_TYPES, { error: zodMessage('error.choose_one_of', { choices: REMINDER_TYPES.join(', ') }) }),
    title: z
      .string({ error: notString })
      .trim()
      .max(TITLE_MAX, zodMessage('error.max_length', { max: TITLE_MAX }))
      .nullable(),
    event_date: z
      .string({ error: zodMessage('error.date') })
      .nullable()
      .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
      .refine((v) => v === null || isRealDate(v), zodMessage('error.real_date')),
    days_before: z
      .array(z.unknown(), { error: zodMessage('error.days_list') })
      .max(MAX_DAYS_BEFORE_ITEMS, zodMessage('error.days_count', { max: MAX_DAYS_BEFORE_ITEMS }))
      // Checked as a whole so the error lands on days_before itself, not on days_before.3.
      .refine((days) => days.every(isDayCount), zodMessage('error.days_value', { max: MAX_DAYS_BEFORE }))
      .transform((days) => days as number[])
      // Sorted, furthest first, without repeats: the reminder job walks them in this order.
      .transform((days) => [...new Set(days)].sort((a, b) => b - a))
      .nullable(),
    is_active: z.boolean({ error: zodMessage('error.true_or_false') }),
  })
  .partial();

export type ReminderPatch = z.output<typeof reminderPatch>;

/** Birthdays and anniversaries come round every year; a custom reminder is a one-off date. */
export const isYearly = (type: string): boolean => type === 'birthday' || type === 'anniversary';

/** Default title when none is given: "Sam Jones's birthday", "Wedding anniversary", "Reminder". */
export function defaultTitle(type: string, recipientName: string, occasionName: string | null): string {
  if (type === 'birthday') return recipientName ? `${recipientName}'s birthday` : 'Birthday';
  if (type === 'anniversary') return recipientName ? `${recipientName}'s anniversary` : 'Anniversary';
  return occasionName || 'Reminder';
}
