import { nextOccurrence, todayUtc, toDateString } from '../../../platform/time/calendar-dates';
import { isYearly } from '../rules/reminder-input';
import { recipientName, RecipientRow } from '../recipients/serializer';

export interface ReminderRow {
  id: number;
  type: string;
  title?: string | null;
  event_date?: unknown;
  days_before?: unknown;
  is_active?: boolean | number | null;
  last_sent_at?: unknown;
  recipient?: RecipientRow | null;
  occasion?: { slug?: string | null } | null;
  [field: string]: unknown;
}

export interface ReminderResponse {
  id: number;
  recipient_id: number | null;
  recipient_name: string;
  occasion: string | null;
  type: string;
  title: string;
  event_date: string | null;
  days_before: number[] | null;
  is_active: boolean;
  last_sent_at: string | null;
  next_occurrence: string | null;
}

/** Expects the row populated with recipient and occasion. */
export function serializeReminder(row: ReminderRow, today: string = todayUtc()): ReminderResponse {
  const eventDate = toDateString(row.event_date);
  const sent = row.last_sent_at;
  return {
    id: row.id,
    recipient_id: row.recipient?.id ?? null,
    recipient_name: row.recipient ? recipientName(row.recipient) : '',
    occasion: row.occasion?.slug ?? null,
    type: row.type,
    title: row.title ?? '',
    event_date: eventDate,
    days_before: Array.isArray(row.days_before) ? (row.days_before as number[]) : null,
    is_active: Boolean(row.is_active),
    last_sent_at: sent ? new Date(sent as string).toISOString() : null,
    next_occurrence: nextOccurrence(eventDate, isYearly(row.type), today),
  };
}
