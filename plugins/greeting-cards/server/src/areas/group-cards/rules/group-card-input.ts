import { z } from 'zod';
import { CURATED_FONTS } from '../../../platform/designs/fonts';

// Inputs of the group-card routes, checked at the edge. Text limits match what the card can print.

export const GROUP_TITLE_MAX = 120;
export const RECIPIENT_NAME_MAX = 120;
export const DISPLAY_NAME_MAX = 60;
export const MESSAGE_MAX = 500;
export const MAX_INVITES = 100;
const MAX_ID = 2_147_483_647;

const notString = 'Not a valid string.';
const required = 'This field is required.';
const str = (max: number, field = 'This field') =>
  z
    .string({ error: (i) => (i.input === undefined ? required : notString) })
    .trim()
    .min(1, `${field} may not be blank.`)
    .max(max, `Ensure this field has no more than ${max} characters.`);

const positiveId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: (i) => (i.input === undefined ? required : 'A valid integer is required.') }).refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID, 'A valid integer is required.'),
);

// An ISO 8601 date-time with a zone (Z or an offset), as the API speaks; pages convert the shop's local time.
const dateTime = z
  .string({ error: (i) => (i.input === undefined ? required : 'Enter a date and time such as 2030-01-31T17:00:00Z.') })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a date and time such as 2030-01-31T17:00:00Z.')
  .transform((v) => new Date(v));

const email = z.string({ error: notString }).trim().toLowerCase().max(254, 'Enter a valid e-mail address.').regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/, 'Enter a valid e-mail address.');

export const groupCardCreate = z.object({
  card_id: positiveId,
  title: str(GROUP_TITLE_MAX),
  recipient_name: str(RECIPIENT_NAME_MAX),
  deadline: dateTime,
  invite_emails: z
    .array(email, { error: 'Give a list of e-mail addresses.' })
    .max(MAX_INVITES, `Invite at most ${MAX_INVITES} people at once.`)
    .transform((list) => [...new Set(list)])
    .optional(),
  show_signatures: z.boolean({ error: 'Must be true or false.' }).optional(),
  approval_mode: z.boolean({ error: 'Must be true or false.' }).optional(),
});
export type GroupCardCreate = z.output<typeof groupCardCreate>;

export const groupCardPatch = groupCardCreate.omit({ card_id: true, invite_emails: true }).partial();
export type GroupCardPatch = z.output<typeof groupCardPatch>;

export const FONT_FAMILIES = CURATED_FONTS.map((f) => f.family);

const signatureFields = {
  display_name: str(DISPLAY_NAME_MAX, 'Your name'),
  message: str(MESSAGE_MAX, 'The message'),
  sticker_id: positiveId.nullable().optional(),
  colour: z
    .string({ error: notString })
    .regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour as #RRGGBB.')
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional(),
  font: z.enum(FONT_FAMILIES as [string, ...string[]], { error: `Choose one of: ${FONT_FAMILIES.join(', ')}.` }).nullable().optional(),
};
export const signatureCreate = z.object(signatureFields);
export type SignatureCreate = z.output<typeof signatureCreate>;
export const signaturePatch = z.object(signatureFields).partial();
export type SignaturePatch = z.output<typeof signaturePatch>;

export const reorderInput = z.object({
  signature_ids: z.array(positiveId, { error: 'Give the signatures\' ids in their new order.' }).min(1, 'Give at least one id.').max(1000, 'Too many ids.'),
});
