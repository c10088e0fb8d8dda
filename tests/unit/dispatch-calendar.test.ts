import {
  holidayName,
  isPublicHoliday,
  planDispatch,
  type DispatchInput,
} from '../../plugins/greeting-cards/server/src/platform/time/dispatch';

// 2026: Christmas Friday 25 Dec, Boxing Day Saturday 26 Dec (substitute Monday 28 Dec in England);
// Good Friday 3 Apr and Easter Monday 6 Apr; British Summer Time from Sunday 29 Mar, ends Sunday 25 Oct.
const METHODS = [
  { method: 'Express', transit: [1, 1] as [number, number] },
  { method: 'Standard', transit: [2, 3] as [number, number] },
];

function plan(now: string, extra: Partial<DispatchInput> = {}) {
  return planDispatch({
    now: new Date(now),
    shopZone: 'Europe/London',
    cutoff: '14:00',
    printerCountry: 'GB',
    destinationCountry: 'GB',
    productionDays: 0,
    methods: METHODS,
    windowDays: 180,
    ...extra,
  });
}

describe('public holidays', () => {
  it('knows bank holidays of England and Germany, and not observances', () => {
    expect(isPublicHoliday('GB', '2026-12-25')).toBe(true);
    expect(isPublicHoliday('GB', '2026-12-28')).toBe(true); // Boxing Day's substitute
    expect(isPublicHoliday('GB', '2026-04-06')).toBe(true); // Easter Monday
    expect(isPublicHoliday('GB', '2026-03-15')).toBe(false); // Mother's Day: an observance
    expect(isPublicHoliday('DE', '2026-10-03')).toBe(true);
    expect(isPublicHoliday('DE', '2026-05-14')).toBe(true); // Ascension Day
    expect(isPublicHoliday('GB', '2026-05-14')).toBe(false);
    expect(holidayName('DE', '2026-10-03')).toBe('Tag der Deutschen Einheit');
  });
});

describe('paid now', () => {
  it('dispatches today before the cutoff, tomorrow from the cutoff minute on', () => {
    // Wednesday 2 Dec 2026, GMT: 13:59 is before the cutoff, 14:00 is not.
    const before = plan('2026-12-02T13:59:59Z');
    expect(before.receivedOn).toBe('2026-12-02');
    expect(before.orderBy.toISOString()).toBe('2026-12-02T14:00:00.000Z');
    expect(before.asap.map((p) => [p.method, p.dispatchOn, p.arrivesFrom, p.arrivesTo])).toEqual([
      ['Express', '2026-12-02', '2026-12-03', '2026-12-03'],
      ['Standard', '2026-12-02', '2026-12-04', '2026-12-07'], // Fri, then Mon after the weekend
    ]);
    const at = plan('2026-12-02T14:00:00Z');
    expect(at.receivedOn).toBe('2026-12-03');
    expect(at.orderBy.toISOString()).toBe('2026-12-03T14:00:00.000Z');
  });

  it('moves over the weekend', () => {
    const friday = plan('2026-12-04T15:00:00Z');
    expect(friday.receivedOn).toBe('2026-12-07');
    expect(friday.asap[0].arrivesTo).toBe('2026-12-08');
    const saturday = plan('2026-12-05T09:00:00Z');
    expect(saturday.receivedOn).toBe('2026-12-07');
  });

  it('skips Christmas, Boxing Day and its substitute', () => {
    // Thursday 24 Dec after the cutoff: not received until Tuesday 29 Dec.
    const p = plan('2026-12-24T16:00:00Z');
    expect(p.receivedOn).toBe('2026-12-29');
    // Before the cutoff on the 24th: dispatched that day, Express lands on the first working day after.
    const q = plan('2026-12-24T10:00:00Z');
    expect(q.asap[0].arrivesTo).toBe('2026-12-29');
  });

  it('skips Easter and counts production days on the printer\u2019s working days', () => {
    // Thursday 2 Apr 2026 before the cutoff, 2 production days: Good Friday and Easter Monday are closed.
    const p = plan('2026-04-02T12:00:00Z', { productionDays: 2 });
    expect(p.asap[0].dispatchOn).toBe('2026-04-08');
    expect(p.asap[0].arrivesTo).toBe('2026-04-09');
  });

  it('counts transit on the destination country\u2019s working days', () => {
    // Printed in Britain on Wednesday 13 May 2026 and posted to Germany: Ascension Thursday (14 May) is
    // a German holiday only, so Express lands on Friday there and on Thursday in Britain.
    const p = plan('2026-05-13T10:00:00Z', { destinationCountry: 'DE' });
    expect(p.asap[0].dispatchOn).toBe('2026-05-13');
    expect(p.asap[0].arrivesTo).toBe('2026-05-15');
    const uk = plan('2026-05-13T10:00:00Z');
    expect(uk.asap[0].arrivesTo).toBe('2026-05-14');
  });

  it('reads the cutoff on the shop\u2019s clock across summer time', () => {
    // Friday 27 Mar 2026 (GMT): 13:30Z is 13:30, before the cutoff.
    expect(plan('2026-03-27T13:30:00Z').receivedOn).toBe('2026-03-27');
    // Monday 30 Mar 2026 (BST): 13:30Z is 14:30, after it; the cutoff is 13:00Z.
    const bst = plan('2026-03-30T13:30:00Z');
    expect(bst.receivedOn).toBe('2026-03-31');
    expect(plan('2026-03-30T12:59:00Z').orderBy.toISOString()).toBe('2026-03-30T13:00:00.000Z');
    // Just after midnight on the shop's clock in summer is still the evening before in UTC.
    expect(plan('2026-06-30T23:30:00Z').today).toBe('2026-07-01');
    // Back to GMT on Sunday 25 Oct: Monday 26 Oct's cutoff is 14:00Z again.
    expect(plan('2026-10-26T13:30:00Z').receivedOn).toBe('2026-10-26');
  });
});

describe('to arrive by a day', () => {
  it('holds a card for after a bank-holiday weekend until the last dispatch day that makes it', () => {
    // Arrive by Tuesday 7 Apr 2026 (after Good Friday, the weekend and Easter Monday), asked on 20 Mar.
    const p = plan('2026-03-20T10:00:00Z', { arriveBy: '2026-04-07' });
    expect(p.arriveBy?.problem).toBeUndefined();
    const byMethod = Object.fromEntries(p.arriveBy!.methods.map((m) => [m.method, m]));
    // Express (1 day): dispatched Thursday 2 Apr would land Tue 7 Apr; nothing is posted on Fri or Mon.
    expect(byMethod.Express.dispatchOn).toBe('2026-04-02');
    expect(byMethod.Express.arrivesTo).toBe('2026-04-07');
    expect(byMethod.Express.submitAt.toISOString()).toBe('2026-04-01T23:00:00.000Z'); // 00:00 BST on 2 Apr
    // Standard (2-3 days): Tuesday 31 Mar lands Thu 2 Apr to Tue 7 Apr.
    expect(byMethod.Standard.dispatchOn).toBe('2026-03-31');
    expect(byMethod.Standard.arrivesTo).toBe('2026-04-07');
  });

  it('hands the card over production days before dispatch', () => {
    const p = plan('2026-03-20T10:00:00Z', { arriveBy: '2026-04-07', productionDays: 1 });
    const express = p.arriveBy!.methods.find((m) => m.method === 'Express')!;
    expect(express.dispatchOn).toBe('2026-04-02');
    expect(express.submitOn).toBe('2026-04-01');
  });

  it('offers only the methods that make it, and submits today when the day is close', () => {
    // Wednesday 2 Dec before the cutoff, to arrive by Thursday 3 Dec: only Express.
    const p = plan('2026-12-02T10:00:00Z', { arriveBy: '2026-12-03' });
    expect(p.arriveBy!.methods.map((m) => m.method)).toEqual(['Express']);
    expect(p.arriveBy!.methods[0].submitAt.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });

  it('refuses a day in the past, beyond the window or too soon, offering another', () => {
    expect(plan('2026-12-02T10:00:00Z', { arriveBy: '2026-12-01' }).arriveBy).toMatchObject({
      problem: 'past',
      nextPossible: '2026-12-03',
    });
    expect(plan('2026-12-02T10:00:00Z', { arriveBy: '2027-12-01' }).arriveBy).toMatchObject({
      problem: 'beyond_window',
      nextPossible: '2027-05-31',
    });
    // From the cutoff on, nothing lands tomorrow: the next possible day is Friday.
    expect(plan('2026-12-02T14:00:00Z', { arriveBy: '2026-12-03' }).arriveBy).toMatchObject({
      problem: 'unreachable',
      nextPossible: '2026-12-04',
    });
    // Christmas: asked on 23 Dec after the cutoff, nothing arrives by the 28th.
    expect(plan('2026-12-23T15:00:00Z', { arriveBy: '2026-12-28' }).arriveBy).toMatchObject({
      problem: 'unreachable',
      nextPossible: '2026-12-29',
    });
  });
});
