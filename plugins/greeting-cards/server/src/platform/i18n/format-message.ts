// Messages by code: code throws or returns { code, values } (msg('error.max_length', { max: 500 })),
// and the edge writes it in the request's language with formatMessage. The catalogues are ICU
// MessageFormat (messages/{en,de}/errors.ts), formatted by ./icu.ts like every other message.
import { formatIcu } from './icu';
import { errors as enErrors } from './messages/en/errors';
import { errors as deErrors } from './messages/de/errors';
import { DEFAULT_LOCALE, type Locale } from './locales';

export type MessageCode = keyof typeof enErrors;

/** A value of a message: text or a number, or another message (a line's label and its problem). */
export type MessageValue = string | number | Message;
export type MessageValues = Record<string, MessageValue>;

/** A message by code, translated where the response is written. */
export interface Message {
  code: MessageCode;
  values?: MessageValues;
}

/** A message of an error body: a code with values, or a text that is not ours (sent as it is). */
export type Text = string | Message;

export const msg = (code: MessageCode, values?: MessageValues): Message => (values ? { code, values } : { code });

export const isMessage = (value: unknown): value is Message =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as Message).code === 'string' &&
  (value as Message).code in enErrors;

const CATALOGUES: Record<Locale, Record<MessageCode, string>> = {
  en: enErrors,
  de: deErrors,
};

export const messageCatalogue = (locale: Locale): Record<MessageCode, string> => CATALOGUES[locale];

/**
 * The text of `code` in `locale`, its values filled in (a value that is itself a message first).
 * Tags are not markup here ("Bearer <token>" is text); an unknown code comes back as the code.
 */
export function formatMessage(locale: Locale, code: MessageCode, values?: MessageValues): string {
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values ?? {}))
    filled[name] = isMessage(value) ? formatMessage(locale, value.code, value.values) : value;
  return formatIcu(locale, code, filled);
}

// zod's issues carry a string, so a schema's message is the Message as JSON behind this marker
// (zodMessage below); the edge reads it back. Never shown: every body passes through textIn.
const MARK = '\u2063msg:';

/** A message as a zod check's message string: `.max(500, zodMessage('error.max_length', { max: 500 }))`. */
export const zodMessage = (code: MessageCode, values?: MessageValues): string =>
  MARK + JSON.stringify(msg(code, values));

/** The message behind a zod check's string, or null for any other text. */
export function fromZodMessage(text: string): Message | null {
  if (!text.startsWith(MARK)) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(MARK.length));
    return isMessage(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A Text in `locale`: a message formatted; any other text (a library's message, a setting's value) as
 * it is. Nothing looks an English text up in the catalogue: our own messages are thrown as codes.
 */
export function textIn(locale: Locale, text: Text): string {
  if (isMessage(text)) return formatMessage(locale, text.code, text.values);
  const carried = fromZodMessage(text);
  return carried ? formatMessage(locale, carried.code, carried.values) : text;
}

/** The English text of a Text (for logs, Error messages and tests). */
export const englishText = (text: Text): string => textIn(DEFAULT_LOCALE, text);
