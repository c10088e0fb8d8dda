import { FieldErrorCollector, msg } from '../errors';

// Query-string filters of the admin routes, checked once: a bad value is a 400 naming the field.
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DayRange {
  from: Date | null;
  /** Exclusive: the start of the day after `to`. */
  until: Date | null;
}

function dayStart(text: string): Date | null {
  if (!DAY.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD as UTC days, both ends included. */
export function dayRange(query: Record<string, unknown>, errors: FieldErrorCollector): DayRange {
  const read = (field: 'from' | 'to'): Date | null => {
    const raw = query[field];
    if (raw === undefined || raw === '') return null;
    const date = typeof raw === 'string' ? dayStart(raw) : null;
    if (!date) errors.add(field, msg('error.date'));
    return date;
  };
  const from = read('from');
  const to = read('to');
  if (from && to && to < from) errors.add('to', msg('error.date_not_before_from'));
  return { from, until: to ? new Date(to.getTime() + 86_400_000) : null };
}

/** An optional ?name= that must be one of `allowed`. */
export function oneOf<T extends string>(
  query: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
  errors: FieldErrorCollector,
): T | null {
  const raw = query[field];
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  errors.add(field, msg('error.must_be_one_of', { choices: allowed.join(', ') }));
  return null;
}

/** An optional free-text ?q=, trimmed and bounded. */
export function searchText(query: Record<string, unknown>, errors: FieldErrorCollector): string | null {
  const raw = query.q;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 200) {
    errors.add('q', msg('error.at_most_200'));
    return null;
  }
  return raw.trim() || null;
}
