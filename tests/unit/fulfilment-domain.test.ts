import {
  afterFailure,
  backoffMs,
  errorText,
} from '../../plugins/greeting-cards/server/src/platform/deliveries/delivery-retry';
import {
  daysBetween,
  dueReminderKey,
  offsetsOf,
} from '../../plugins/greeting-cards/server/src/areas/people/rules/reminder-schedule';

describe('delivery retries', () => {
  it('backs off 1, 2, 4... minutes, capped at an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(50)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(60_000);
  });

  it('retries until maxAttempts, then fails', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(afterFailure(0, 3, now)).toEqual({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date('2026-01-01T00:01:00Z'),
    });
    expect(afterFailure(1, 3, now)).toEqual({
      status: 'pending',
      attempts: 2,
      nextAttemptAt: new Date('2026-01-01T00:02:00Z'),
    });
    expect(afterFailure(2, 3, now)).toEqual({ status: 'failed', attempts: 3, nextAttemptAt: null });
    expect(afterFailure(0, 1, now).status).toBe('failed');
    expect(afterFailure(0, 0, now).status).toBe('failed');
  });

  it('keeps error text short and on one line', () => {
    expect(errorText(new Error('a\n  b'))).toBe('a b');
    expect(errorText('x'.repeat(5000))).toHaveLength(1000);
    expect(errorText(new Error(''))).toBe('unknown error');
  });
});

describe('reminder schedule', () => {
  const yearly = (event_date: string, days_before: unknown = null, last_sent_key: string | null = null) => ({
    event_date,
    yearly: true,
    days_before,
    last_sent_key,
  });

  it('counts days across months and years', () => {
    expect(daysBetween('2026-12-25', '2027-01-01')).toBe(7);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
  });

  it("uses the reminder's own offsets, else the defaults", () => {
    expect(offsetsOf(null, [7, 3, 1])).toEqual([7, 3, 1]);
    expect(offsetsOf([], [7, 3, 1])).toEqual([7, 3, 1]);
    expect(offsetsOf([2, 2, 'x', -1, 1.5, 400], [7])).toEqual([2]);
  });

  it('is due exactly days_before days ahead, keyed by occurrence and offset', () => {
    expect(dueReminderKey(yearly('1990-12-25'), '2026-12-18', [7, 3, 1])).toBe('2026-12-25:7');
    expect(dueReminderKey(yearly('1990-12-25'), '2026-12-19', [7, 3, 1])).toBeNull();
    expect(dueReminderKey(yearly('1990-12-25'), '2026-12-24', [7, 3, 1])).toBe('2026-12-25:1');
    expect(dueReminderKey(yearly('1990-01-03'), '2026-12-27', [7])).toBe('2027-01-03:7');
    expect(dueReminderKey(yearly('1990-12-25', [0]), '2026-12-25', [7])).toBe('2026-12-25:0');
  });

  it('is sent once per offset per year', () => {
    expect(dueReminderKey(yearly('1990-12-25', null, '2026-12-25:7'), '2026-12-18', [7, 3, 1])).toBeNull();
    expect(dueReminderKey(yearly('1990-12-25', null, '2026-12-25:7'), '2026-12-22', [7, 3, 1])).toBe('2026-12-25:3');
    expect(dueReminderKey(yearly('1990-12-25', null, '2026-12-25:1'), '2027-12-18', [7, 3, 1])).toBe('2027-12-25:7');
  });

  it('puts a 29 February birthday on the 28th in common years and the 29th in leap years', () => {
    expect(dueReminderKey(yearly('2000-02-29', [1]), '2027-02-27', [])).toBe('2027-02-28:1');
    expect(dueReminderKey(yearly('2000-02-29', [1]), '2027-02-28', [])).toBeNull();
    expect(dueReminderKey(yearly('2000-02-29', [1]), '2028-02-28', [])).toBe('2028-02-29:1');
    expect(dueReminderKey(yearly('2000-02-29', [7]), '2028-02-22', [])).toBe('2028-02-29:7');
    expect(dueReminderKey(yearly('2000-02-29', [7]), '2027-02-21', [])).toBe('2027-02-28:7');
  });

  it('fires a one-off date only before it happens', () => {
    const once = { event_date: '2026-06-10', yearly: false, days_before: [2] };
    expect(dueReminderKey(once, '2026-06-08', [])).toBe('2026-06-10:2');
    expect(dueReminderKey(once, '2027-06-08', [])).toBeNull();
    expect(dueReminderKey({ event_date: null, yearly: true }, '2026-06-08', [1])).toBeNull();
  });
});
