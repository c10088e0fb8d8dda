import { z } from 'zod';
import { zodMessage } from '../../../platform/i18n/format-message';

// A thank-you back (issue 45 item 5): what a reply may say, and how long it may be changed.

export const REPLY_MAX = 500;
/** A reply can be changed for a day after it was first sent; then it is final. */
export const REPLY_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_ID = 2_147_483_647;

const notInteger = zodMessage('error.not_integer');

/**
 * The reply's body, from the API (JSON) or the view page's form (strings). The message is trimmed and
 * its line breaks made "\n"; an empty or absent sticker is no sticker.
 */
export const replyInput = z.object({
  message: z
    .string({ error: (i) => zodMessage(i.input === undefined ? 'error.required' : 'error.not_string') })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, zodMessage('error.blank'))
        .max(REPLY_MAX, zodMessage('error.max_length', { max: REPLY_MAX })),
    ),
  sticker_id: z
    .preprocess(
      (v) =>
        v === '' || v === undefined ? null : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v,
      z
        .number({ error: notInteger })
        .refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID, notInteger)
        .nullable(),
    )
    .optional()
    .default(null),
});
export type ReplyInput = z.infer<typeof replyInput>;

/** Until when a reply sent at `sentAt` may be changed. */
export const editableUntil = (sentAt: Date): Date => new Date(sentAt.getTime() + REPLY_EDIT_WINDOW_MS);

/** Whether a reply sent at `sentAt` may still be changed at `now`. */
export const replyEditable = (sentAt: Date, now: Date): boolean => now.getTime() < editableUntil(sentAt).getTime();
