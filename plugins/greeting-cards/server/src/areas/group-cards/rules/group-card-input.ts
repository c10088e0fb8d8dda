import { z } from 'zod';
import { CURATED_FONTS } from '../../../platform/designs/fonts';
import { zodMessage, type MessageCode } from '../../../platform/i18n/format-message';

// Inputs of the group-card routes, checked at the edge. Text limits match what the card can print.

export const GROUP_TITLE_MAX = 120;
export const RECIPIENT_NAME_MAX = 120;
export const DISPLAY_NAME_MAX = 60;
export const MESSAGE_MAX = 500;
export const MAX_INVITES = 100;
const MAX_ID = 2_147_483_647;

const notString = zodMessage('error.not_string');
const required = zodMessage('error.required');
const notInteger = zodMessage('error.not_integer');
const dateTimeFormat = zodMessage('error.date_time');
const eMail = zodMessage('error.e_mail');
const trueOrFalse = zodMessage('error.true_or_false');
const str = (max: number, blank: MessageCode = 'error.blank') =>
  z
    .string({ error: (i) => (i.input === undefined ? required : notString) })
    .trim()
    .min(1, zodMessage(blank))
    .max(max, zodMessage('error.max_length', { max }));

const positiveId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: (i) => (i.input === undefined ? required : notInteger) })
    .refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID, notInteger),
);

// An ISO 8601 date-time with a zone (Z or an offset), as the API speaks; pages convert the shop's local time.
const dateTime = z
  .string({ error: (i) => (i.input === undefined ? required : dateTimeFormat) })
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
    dateTimeFormat,
  )
  .transform((v) => new Date(v));

const email = z
  .string({ error: notString })
  .trim()
  .toLowerCase()
  .max(254, eMail)
  .regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/, eMail);

export const groupCardCreate = z.object({
  card_id: positiveId,
  title: str(GROUP_TITLE_MAX),
  recipient_name: str(RECIPIENT_NAME_MAX),
  deadline: dateTime,
  invite_emails: z
    .array(email, { error: zodMessage('error.email_list') })
    .max(MAX_INVITES, zodMessage('error.invite_max', { max: MAX_INVITES }))
    .transform((list) => [...new Set(list)])
    .optional(),
  show_signatures: z.boolean({ error: trueOrFalse }).optional(),
  approval_mode: z.boolean({ error: trueOrFalse }).optional(),
});
export type GroupCardCreate = z.output<typeof groupCardCreate>;

export const groupCardPatch = groupCardCreate.omit({ card_id: true, invite_emails: true }).partial();
export type GroupCardPatch = z.output<typeof groupCardPatch>;

export const FONT_FAMILIES = CURATED_FONTS.map((f) => f.family);

const signatureFields = {
  display_name: str(DISPLAY_NAME_MAX, 'error.blank_name'),
  message: str(MESSAGE_MAX, 'error.blank_message'),
  sticker_id: positiveId.nullable().optional(),
  colour: z
    .string({ error: notString })
    .regex(/^#[0-9A-Fa-f]{6}$/, zodMessage('error.colour'))
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional(),
  font: z
    .enum(FONT_FAMILIES as [string, ...string[]], {
      error: zodMessage('error.choose_one_of', { choices: FONT_FAMILIES.join(', ') }),
    })
    .nullable()
    .optional(),
};
export const signatureCreate = z.object(signatureFields);
export type SignatureCreate = z.output<typeof signatureCreate>;
export const signaturePatch = z.object(signatureFields).partial();
export type SignaturePatch = z.output<typeof signaturePatch>;

export const reorderInput = z.object({
  signature_ids: z
    .array(positiveId, { error: zodMessage('error.signature_ids') })
    .min(1, zodMessage('error.at_least_one_id'))
    .max(1000, zodMessage('error.too_many_ids')),
});
