import {
  canonicalTimeZone,
  formatInZone,
  formatLongInZone,
  localDate,
  localHour,
  localInputToIso,
  localInputValue,
  offsetMinutes,
  zonedTimeToUtc,
  zoneOr,
} from '../../plugins/greeting-cards/server/src/platform/time/time-zones';
import {
  parseScheduledFor,
  resolveScheduledDate,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/cart-input';
import { fromEnvironment } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { inEnglish } from '../helpers/in-english';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('time zones: wall-clock times and the instants they are', () => {
  it('accepts IANA zone names in their canonical spelling, and nothing else', () => {
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(canonicalTimeZone(' europe/london ')).toBe('Europe/London');
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    // Current names stay as typed (Node's ICU would call these Asia/Calcutta and America/Buenos_Aires).
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    // Offsets do not follow a place's summer time; made-up places are not zones.
    for (const bad of [
      '+01:00',
      '-0500',
      'GMT+1 ',
      'Mars/Olympus_Mons',
      '',
      '   ',
      'Europe/London; DROP',
      42,
      null,
      undefined,
    ]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
    expect(zoneOr('Asia/Tokyo', 'Europe/London')).toBe('Asia/Tokyo');
    expect(zoneOr(null, 'Europe/London')).toBe('Europe/London');
    expect(zoneOr('Nowhere/Land', 'Europe/London')).toBe('Europe/London');
  });

  it('puts 09:00 in London at 09:00 UTC before the clocks go forward (last Sunday of March) and 08:00 UTC from that day', () => {
    // 2026: the clocks go forward at 01:00 UTC on Sunday 29 March.
    expect(iso(zonedTimeToUtc('2026-03-28', 9, 0, 'Europe/London'))).toBe('2026-03-28T09:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-03-29', 9, 0, 'Europe/London'))).toBe('2026-03-29T08:00:00.000Z');
    // 01:30 does not happen that night: it is read as the same time after the change (02:30 BST).
    expect(iso(zonedTimeToUtc('2026-03-29', 1, 30, 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
    expect(offsetMinutes(new Date('2026-03-29T00:59:00Z'), 'Europe/London')).toBe(0);
    expect(offsetMinutes(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toBe(60);
  });

  it('puts 09:00 in London back at 09:00 UTC from the last Sunday of October', () => {
    // 2026: the clocks go back at 01:00 UTC on Sunday 25 October.
    expect(iso(zonedTimeToUtc('2026-10-24', 9, 0, 'Europe/London'))).toBe('2026-10-24T08:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-10-25', 9, 0, 'Europe/London'))).toBe('2026-10-25T09:00:00.000Z');
    expect(formatInZone('2026-10-24T08:00:00Z', 'Europe/London')).toBe('24 Oct 2026, 09:00 BST');
    expect(formatInZone('2026-10-25T09:00:00Z', 'Europe/London')).toBe('25 Oct 2026, 09:00 GMT');
  });

  it('puts 09:00 in Auckland on the previous UTC day, in summer (UTC+13) and in winter (UTC+12)', () => {
    expect(iso(zonedTimeToUtc('2027-01-10', 9, 0, 'Pacific/Auckland'))).toBe('2027-01-09T20:00:00.000Z');
    // New Zealand's summer time ends on Sunday 5 April 2026: that morning is already UTC+12.
    expect(iso(zonedTimeToUtc('2026-04-04', 9, 0, 'Pacific/Auckland'))).toBe('2026-04-03T20:00:00.000Z');
    expect(iso(zonedTimeToUtc('2026-04-05', 9, 0, 'Pacific/Auckland'))).toBe('2026-04-04T21:00:00.000Z');
    const instant = new Date('2027-01-09T20:00:00Z');
    expect(localDate(instant, 'Pacific/Auckland')).toBe('2027-01-10');
    expect(localHour(instant, 'Pacific/Auckland')).toBe(9);
    expect(localDate(instant, 'Europe/London')).toBe('2027-01-09');
    expect(localHour(instant, 'America/Los_Angeles')).toBe(12);
  });

  it('refuses dates that are not on the calendar', () => {
    expect(zonedTimeToUtc('2026-02-29', 9, 0, 'Europe/London')).toBeNull();
    expect(zonedTimeToUtc('2026-13-01', 9, 0, 'Europe/London')).toBeNull();
    expect(zonedTimeToUtc('26-01-01', 9, 0, 'Europe/London')).toBeNull();
    expect(iso(zonedTimeToUtc('2028-02-29', 9, 0, 'Europe/London'))).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe("scheduled_for: a date goes at the send hour on the recipient's clock", () => {
  const now = new Date('2026-03-20T12:00:00Z');

  it('keeps a plain date for the service and a full UTC time as the instant it names', () => {
    expect(parseScheduledFor('2026-03-29', now)).toEqual({ ok: true, date: '2026-03-29' });
    expect(parseScheduledFor(' 2026-03-29 ', now)).toEqual({ ok: true, date: '2026-03-29' });
    expect(inEnglish(parseScheduledFor('2026-02-30', now))).toMatchObject({
      ok: false,
      message: expect.stringContaining('2030-12-25'),
    });
    expect(parseScheduledFor('2026-03-29T09:00:00Z', now)).toEqual({
      ok: true,
      value: new Date('2026-03-29T09:00:00Z'),
    });
  });

  it("resolves the date in the recipient's zone, across a summer-time change and ahead of UTC", () => {
    expect(resolveScheduledDate('2026-03-29', 'Europe/London', 9, now)).toEqual({
      ok: true,
      value: new Date('2026-03-29T08:00:00Z'),
    });
    expect(resolveScheduledDate('2026-03-28', 'Europe/London', 9, now)).toEqual({
      ok: true,
      value: new Date('2026-03-28T09:00:00Z'),
    });
    expect(resolveScheduledDate('2026-03-29', 'Pacific/Auckland', 9, now)).toEqual({
      ok: true,
      value: new Date('2026-03-28T20:00:00Z'),
    });
    expect(resolveScheduledDate('2026-03-29', 'America/New_York', 7, now)).toEqual({
      ok: true,
      value: new Date('2026-03-29T11:00:00Z'),
    });
  });

  it('takes today while the hour is still ahead there, and says so when it has passed', () => {
    // 12:00 UTC on 20 March is 01:00 on 21 March in Auckland: its 09:00 today is ahead, London's has passed.
    expect(resolveScheduledDate('2026-03-21', 'Pacific/Auckland', 9, now)).toEqual({
      ok: true,
      value: new Date('2026-03-20T20:00:00Z'),
    });
    const passed = inEnglish(resolveScheduledDate('2026-03-20', 'Europe/London', 9, now));
    expect(passed).toEqual({ ok: false, message: expect.stringContaining('09:00 in Europe/London, which has passed') });
    expect(inEnglish(resolveScheduledDate('2027-03-21', 'Europe/London', 9, now))).toEqual({
      ok: false,
      message: 'The delivery time must be within a year from now.',
    });
  });
});

describe("the shop's zone setting", () => {
  it('is SERVICE_TIME_ZONE, still read from its former name SERVICE_SHOP_TIME_ZONE, the new name winning', () => {
    expect(fromEnvironment({}).shopTimeZone).toBe('Europe/London');
    expect(fromEnvironment({ SERVICE_TIME_ZONE: 'Pacific/Auckland' }).shopTimeZone).toBe('Pacific/Auckland');
    expect(fromEnvironment({ SERVICE_SHOP_TIME_ZONE: 'Asia/Tokyo' }).shopTimeZone).toBe('Asia/Tokyo');
    expect(
      fromEnvironment({ SERVICE_SHOP_TIME_ZONE: 'Asia/Tokyo', SERVICE_TIME_ZONE: 'Europe/Paris' }).shopTimeZone,
    ).toBe('Europe/Paris');
    expect(fromEnvironment({ SERVICE_SCHEDULED_SEND_HOUR: '7' }).scheduledSendHour).toBe(7);
  });
});

describe('date-and-time form fields on the shop clock (group-card deadlines)', () => {
  it('reads a typed deadline on the clock of the zone, summer time included', () => {
    expect(localInputToIso('2030-01-31T17:00', 'Europe/London')).toBe('2030-01-31T17:00:00.000Z');
    expect(localInputToIso('2030-07-31T17:00', 'Europe/London')).toBe('2030-07-31T16:00:00.000Z');
    expect(localInputToIso(' 2030-01-31T17:00 ', 'Pacific/Auckland')).toBe('2030-01-31T04:00:00.000Z');
    // 01:30 on the spring-forward night does not exist in London: read as the same time after the change.
    expect(localInputToIso('2030-03-31T01:30', 'Europe/London')).toBe('2030-03-31T01:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const bad of [
      '',
      '2030-01-31',
      '2030-02-30T10:00',
      '2030-01-31T24:00',
      '2030-01-31T10:60',
      '31/01/2030 10:00',
    ]) {
      expect(localInputToIso(bad, 'Europe/London')).toBeNull();
    }
  });

  it('writes an instant back as the input value and as text on that clock', () => {
    expect(localInputValue('2030-07-31T16:00:00Z', 'Europe/London')).toBe('2030-07-31T17:00');
    expect(localInputValue(new Date('2030-01-31T04:00:00Z'), 'Pacific/Auckland')).toBe('2030-01-31T17:00');
    for (const local of ['2030-01-31T17:00', '2030-10-27T00:30', '2030-10-27T03:15']) {
      expect(localInputValue(localInputToIso(local, 'Europe/London')!, 'Europe/London')).toBe(local);
    }
    expect(formatLongInZone('2030-01-31T17:00:00Z', 'Europe/London')).toBe('Thursday, 31 January 2030 at 17:00');
  });
});
