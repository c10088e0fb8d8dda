import { toDateString } from '../../time/calendar-dates';
import { DETAIL_FIELDS, DetailField, NormalisedDetails } from './types';

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  // Objects (an unpopulated relation, JSON) are not contact details.
  return '';
}

/** Whatever an adapter returned, as NormalisedDetails: every field present, strings trimmed. */
export function normaliseDetails(raw: Partial<Record<DetailField, unknown>> | null | undefined): NormalisedDetails {
  const source = raw && typeof raw === 'object' ? raw : {};
  const out = {} as Record<DetailField, unknown>;
  for (const field of DETAIL_FIELDS) {
    out[field] = field === 'birthday' ? toDateString(source[field]) : asText(source[field]);
  }
  const details = out as NormalisedDetails;
  details.email = details.email.toLowerCase();
  if (/^[a-z]{2}$/i.test(details.country)) details.country = details.country.toUpperCase();
  return details;
}
