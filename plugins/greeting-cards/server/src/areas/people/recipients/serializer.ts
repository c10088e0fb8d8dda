import { toDateString } from '../../../platform/time/calendar-dates';
import { fullName } from '../rules/recipient-input';
import { readPendingChange, type PendingChange } from '../address-requests/rules/pending-change';

// The one wire shape of an address-book entry; orders reuse it (and recipientName) for their items.

export interface RecipientRow {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  county?: string | null;
  postcode?: string | null;
  country?: string | null;
  birthday?: unknown;
  anniversary?: unknown;
  notes?: string | null;
  is_system_user?: boolean | number | null;
  time_zone?: string | null;
  [field: string]: unknown;
}

export interface RecipientResponse {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  county: string;
  postcode: string;
  country: string;
  birthday: string | null;
  anniversary: string | null;
  notes: string;
  is_system_user: boolean;
  /** True when a friend filled the entry in through the owner's address link (issue 24). */
  added_by_recipient: boolean;
  /** IANA zone; null: the shop's (SERVICE_TIME_ZONE). */
  time_zone: string | null;
  /** The groups the entry is in; rows read without their tags (areas/people/recipients/recipient-tags-service) have none. */
  tags: string[];
  /**
   * A later answer through the owner's address link for this entry's e-mail, waiting for the owner to
   * accept (POST /api/recipients/{id}/accept-change/) or reject; null when none waits.
   */
  pending_change: PendingChange | null;
}

/** Full name of an entry; an entry without names (a system entry for a user with none) shows its e-mail. */
export function recipientName(row: Pick<RecipientRow, 'first_name' | 'last_name' | 'email'>): string {
  return fullName(row) || (row.email ?? '');
}

export function serializeRecipient(row: RecipientRow): RecipientResponse {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    id: row.id,
    first_name: s(row.first_name),
    last_name: s(row.last_name),
    full_name: recipientName(row),
    email: s(row.email),
    phone: s(row.phone),
    address_line_1: s(row.address_line_1),
    address_line_2: s(row.address_line_2),
    city: s(row.city),
    county: s(row.county),
    postcode: s(row.postcode),
    country: s(row.country) || 'GB',
    birthday: toDateString(row.birthday),
    anniversary: toDateString(row.anniversary),
    notes: s(row.notes),
    // SQLite hands booleans back as 0/1.
    is_system_user: Boolean(row.is_system_user),
    added_by_recipient: row.source === 'address_link',
    time_zone: row.time_zone || null,
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    pending_change: readPendingChange(row.pending_change, row.pending_change_at),
  };
}
