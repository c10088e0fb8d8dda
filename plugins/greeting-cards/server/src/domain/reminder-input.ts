import { z } from 'zod';
import { REMINDER_TYPES } from './enums';
import { isRealDate } from './calendar-dates';

export type ReminderType = (typeof REMINDER_TYPES)[number];

export const MAX_DAYS_BEFORE = 365;
export const MAX_DAYS_BEFORE_ITEMS = 10;
export const TITLE_MAX = 200;

const positiveId = z
  .union([z.number(), z.string().regex(/^\d+$/)], { error: 'A valid integer is required.' })
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n >= 1, 'A valid integer is required.');

// Fields as sent; everything optional so the same schema serves create and PATCH.
export const reminderPatch = z
  .object({
    recipient_id: z.union([positiveId, z.null()]),
    occasion: z.union([z.string({ error: 'Not a valid string.' }).trim().max(100, 'Unknown occasion.'), z.null()], {
      error: 'Not a valid string.',
    }),
    type: z.enum(REMINDER_TYPES, { error: `Choose one of: ${REMINDER_TYPES.join(', ')}.` }),
    title: z.union([z.string({ error: 'Not a valid string.' }).trim().max(TITLE_MAX, `Ensure this field has no more than ${TITLE_MAX} characters.`), z.null()], {
      error: 'Not a valid string.',
    }),
    event_date: z
      .union([z.string(), z.null()], { error: 'Enter a date as YYYY-MM-DD.' })
      .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
      .refine((v) => v === null || isRealDate(v), 'Enter a real date as YYYY-MM-DD.'),
    days_before: z.union(
      [
        z
          .array(
            z.number({ error: 'Each item must be a whole number of days.' })
              .int('Each item must be a whole number of days.')
              .min(0, 'Each item must be between 0 and 365.')
              .max(MAX_DAYS_BEFORE, 'Each item must be between 0 and 365.'),
            { error: 'Give a list of whole numbers of days, or null.' },
          )
          .max(MAX_DAYS_BEFORE_ITEMS, `Give at most ${MAX_DAYS_BEFORE_ITEMS} values.`)
          // Sorted, furthest first, without repeats: the reminder job walks them in this order.
          .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
        z.null(),
      ],
      { error: 'Give a list of whole numbers of days, or null.' },
    ),
    is_active: z.boolean({ error: 'Must be true or false.' }),
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
