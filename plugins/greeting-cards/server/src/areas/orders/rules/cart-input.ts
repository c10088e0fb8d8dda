import { DELIVERY_METHODS, DeliveryMethod } from '../../../platform/enums';
import { zonedTimeToUtc } from '../../../platform/time/time-zones';
import { msg, type Text } from '../../../platform/i18n/format-message';

// Parses an add-to-cart body (JSON from the API, or strings from the web form) into typed values.
// Field-by-field so each wrong value gets its own message; ownership and existence are checked later
// by the service.
export type FieldErrors = Record<string, Text[]>;

export interface AddToCartInput {
  card_id: number;
  recipient_id: number | null;
  /** Bulk send: one line per recipient, the same card and delivery (areas/orders/bulk-send.ts). */
  recipient_ids: number[] | null;
  /** Bulk send to everyone with this tag ("Family"): the service turns it into recipient_ids. */
  recipient_tag?: string | null;
  delivery_method: DeliveryMethod;
  scheduled_for: Date | null;
  /**
   * A send date without a time ('YYYY-MM-DD'): it goes out at SERVICE_SCHEDULED_SEND_HOUR on the
   * recipient's clock, which only the service knows (resolveScheduledDate turns it into scheduled_for).
   */
  scheduled_date?: string | null;
  gift_addon_id: number | null;
  gift_wrap: boolean;
  /** Posted cards: the provider's shipping method (absent: its default, at no extra price). */
  shipping_method?: string | null;
  /** Posted cards: 'YYYY-MM-DD' the card should arrive by; the card waits until its dispatch day. */
  arrive_by?: string | null;
  /** E-cards: the slug of the envelope it arrives in (a published catalogue envelope; absent: none). */
  envelope?: string | null;
  /** E-cards: send it once more if nobody opened it within SERVICE_RESEND_UNOPENED_AFTER_HOURS. */
  remind_unopened?: boolean;
}

export const MSG = {
  required: msg('error.required'),
  integer: msg('error.not_integer'),
  boolean: msg('error.not_boolean'),
  datetime: msg('error.datetime_format'),
  past: msg('error.delivery_past'),
  tooFar: msg('error.delivery_too_far'),
  dictionary: msg('error.not_dictionary'),
  choice: (v: unknown) => msg('error.invalid_choice', { value: String(v) }),
};

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || v === '';

function parseId(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID) return v;
  if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_ID) return Number(v);
  return undefined;
}

function parseBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && ['true', 'on', '1'].includes(v.trim().toLowerCase())) return true;
  if (typeof v === 'string' && ['false', 'off', '0', ''].includes(v.trim().toLowerCase())) return false;
  return undefined;
}

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]00:?00)$/;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** In the future and at most a year ahead. */
export function checkSendWindow(date: Date, now: Date): { ok: true; value: Date } | { ok: false; message: Text } {
  if (date.getTime() <= now.getTime()) return { ok: false, message: MSG.past };
  const yearAhead = new Date(now);
  yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
  if (date.getTime() > yearAhead.getTime()) return { ok: false, message: MSG.tooFar };
  return { ok: true, value: date };
}

/**
 * A send date ('YYYY-MM-DD') as the instant it goes out: `hour`:00 on the recipient's clock (`zone`),
 * then the same window as a full time. Today is fine while that hour is still ahead there.
 */
export function resolveScheduledDate(
  date: string,
  zone: string,
  hour: number,
  now: Date,
): { ok: true; value: Date } | { ok: false; message: Text } {
  const at = zonedTimeToUtc(date, hour, 0, zone);
  if (!at) return { ok: false, message: MSG.datetime };
  const checked = checkSendWindow(at, now);
  if (!checked.ok && checked.message === MSG.past) {
    return { ok: false, message: msg('error.delivery_past_at', { date, hour: String(hour).padStart(2, '0'), zone }) };
  }
  return checked;
}

/**
 * `scheduled_for`: a date ('YYYY-MM-DD', resolved later on the recipient's clock), or an ISO 8601
 * date-time in UTC (Z or +00:00: an instant, whatever the recipient's zone), a real calendar time, in
 * the future and within a year.
 */
export function parseScheduledFor(
  raw: unknown,
  now: Date,
): { ok: true; value: Date } | { ok: true; date: string } | { ok: false; message: Text } {
  if (typeof raw !== 'string') return { ok: false, message: MSG.datetime };
  if (DATE_ONLY.test(raw.trim())) {
    const date = raw.trim();
    // A real calendar date; its hour and zone come later.
    return zonedTimeToUtc(date, 0, 0, 'UTC') ? { ok: true, date } : { ok: false, message: MSG.datetime };
  }
  const m = ISO_UTC.exec(raw.trim());
  if (!m) return { ok: false, message: MSG.datetime };
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, s ? +s : 0, ms));
  const real =
    date.getUTCFullYear() === +y &&
    date.getUTCMonth() === +mo - 1 &&
    date.getUTCDate() === +d &&
    +h < 24 &&
    +mi < 60 &&
    (!s || +s < 60);
  if (!real) return { ok: false, message: MSG.datetime };
  return checkSendWindow(date, now);
}

export function parseAddToCart(
  body: unknown,
  now: Date,
): { ok: true; value: AddToCartInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, message: Text) => (errors[field] ??= []).push(message);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { non_field_errors: [MSG.dictionary] } };
  }
  const b = body as Record<string, unknown>;

  let cardId: number | undefined;
  if (blank(b.card_id)) add('card_id', MSG.required);
  else if ((cardId = parseId(b.card_id)) === undefined) add('card_id', MSG.integer);

  let recipientId: number | null = null;
  if (!blank(b.recipient_id)) {
    const id = parseId(b.recipient_id);
    if (id === undefined) add('recipient_id', MSG.integer);
    else recipientId = id;
  }

  let recipientIds: number[] | null = null;
  if (!blank(b.recipient_ids)) {
    // A JSON list, or from a form: repeated fields (a list) or one field of comma-separated ids.
    const raw = Array.isArray(b.recipient_ids)
      ? b.recipient_ids
      : typeof b.recipient_ids === 'string'
        ? b.recipient_ids.split(',')
        : null;
    const ids = raw
      ?.map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => !blank(v))
      .map(parseId);
    if (!ids || ids.length === 0 || ids.some((id) => id === undefined))
      add('recipient_ids', msg('error.recipient_ids_list'));
    else if (new Set(ids).size !== ids.length) add('recipient_ids', msg('error.recipient_ids_once'));
    else if (recipientId !== null) add('recipient_ids', msg('error.recipient_id_or_ids'));
    else recipientIds = ids as number[];
  }

  let recipientTag: string | null = null;
  if (!blank(b.recipient_tag)) {
    if (typeof b.recipient_tag !== 'string' || !b.recipient_tag.trim() || b.recipient_tag.length > 60)
      add('recipient_tag', msg('error.recipient_tag_name'));
    else if (recipientId !== null || recipientIds !== null) add('recipient_tag', msg('error.recipient_one_of'));
    else recipientTag = b.recipient_tag.trim();
  }

  let method: DeliveryMethod = 'ecard';
  if (!blank(b.delivery_method)) {
    if (typeof b.delivery_method === 'string' && (DELIVERY_METHODS as readonly string[]).includes(b.delivery_method)) {
      method = b.delivery_method as DeliveryMethod;
    } else
      add(
        'delivery_method',
        MSG.choice(typeof b.delivery_method === 'object' ? JSON.stringify(b.delivery_method) : b.delivery_method),
      );
  }

  let scheduledFor: Date | null = null;
  let scheduledDate: string | null = null;
  if (!blank(b.scheduled_for)) {
    const parsed = parseScheduledFor(b.scheduled_for, now);
    if (!parsed.ok) add('scheduled_for', parsed.message);
    else if ('date' in parsed) scheduledDate = parsed.date;
    else scheduledFor = parsed.value;
  }

  let giftAddonId: number | null = null;
  if (!blank(b.gift_addon_id)) {
    const id = parseId(b.gift_addon_id);
    if (id === undefined) add('gift_addon_id', MSG.integer);
    else giftAddonId = id;
  }

  let giftWrap = false;
  if (b.gift_wrap !== undefined && b.gift_wrap !== null) {
    const v = parseBool(b.gift_wrap);
    if (v === undefined) add('gift_wrap', MSG.boolean);
    else giftWrap = v;
  }

  let shippingMethod: string | null = null;
  if (!blank(b.shipping_method)) {
    if (typeof b.shipping_method !== 'string' || !/^[\w-]{1,40}$/.test(b.shipping_method))
      add('shipping_method', msg('error.shipping_method_unknown', { method: String(b.shipping_method).slice(0, 40) }));
    else if (method !== 'post') add('shipping_method', msg('error.shipping_method_post_only'));
    else shippingMethod = b.shipping_method;
  }

  let arriveBy: string | null = null;
  if (!blank(b.arrive_by)) {
    if (
      typeof b.arrive_by !== 'string' ||
      !DATE_ONLY.test(b.arrive_by.trim()) ||
      !zonedTimeToUtc(b.arrive_by.trim(), 0, 0, 'UTC')
    )
      add('arrive_by', msg('error.arrive_by_format'));
    else if (method !== 'post') add('arrive_by', msg('error.arrive_by_post_only'));
    else if (!blank(b.scheduled_for)) add('arrive_by', msg('error.arrive_by_or_scheduled'));
    else arriveBy = b.arrive_by.trim();
  }

  let envelope: string | null = null;
  if (!blank(b.envelope)) {
    if (typeof b.envelope !== 'string' || !/^[a-z0-9][a-z0-9-]{0,79}$/.test(b.envelope))
      add('envelope', msg('error.envelope_slug'));
    else if (method !== 'ecard') add('envelope', msg('error.envelope_ecard_only'));
    else envelope = b.envelope;
  }

  let remindUnopened = false;
  if (b.remind_unopened !== undefined && b.remind_unopened !== null) {
    const v = parseBool(b.remind_unopened);
    if (v === undefined) add('remind_unopened', MSG.boolean);
    else if (v && method !== 'ecard') add('remind_unopened', msg('error.remind_ecard_only'));
    else remindUnopened = v;
  }

  if (Object.keys(errors).length || cardId === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      card_id: cardId,
      recipient_id: recipientId,
      recipient_ids: recipientIds,
      ...(recipientTag ? { recipient_tag: recipientTag } : {}),
      delivery_method: method,
      scheduled_for: scheduledFor,
      scheduled_date: scheduledDate,
      gift_addon_id: giftAddonId,
      gift_wrap: giftWrap,
      ...(shippingMethod ? { shipping_method: shippingMethod } : {}),
      ...(arriveBy ? { arrive_by: arriveBy } : {}),
      ...(envelope ? { envelope } : {}),
      ...(remindUnopened ? { remind_unopened: true } : {}),
    },
  };
}
