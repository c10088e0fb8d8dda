import {
  canMove,
  CARRIER_RESULTS,
  DELIVERY_TRANSITIONS,
  deliveryStatesAllowing,
  initialDeliveryStatus,
  SEND_RESULT_EVENTS,
  SENDER_RESULTS,
  operatorMove as operatorMoveByCode,
  printFileFetchable,
  shopperCancelMove as shopperCancelMoveByCode,
  shopperMayCancel,
  statusAfter,
  WAITING_STATES,
  type SendResult,
} from '../../plugins/greeting-cards/server/src/platform/deliveries/delivery-state';
import { afterFailure } from '../../plugins/greeting-cards/server/src/platform/deliveries/delivery-retry';
import { DELIVERY_STATUSES } from '../../plugins/greeting-cards/server/src/platform/enums';
import {
  ecardCounts,
  recipientStatus,
  sendAgainCheck as sendAgainCheckByCode,
} from '../../plugins/greeting-cards/server/src/areas/fulfilment/rules/ecard-status';
import { english } from '../helpers/in-english';

const operatorMove = english(operatorMoveByCode);
const shopperCancelMove = english(shopperCancelMoveByCode);
const sendAgainCheck = english(sendAgainCheckByCode);

describe('delivery state table', () => {
  it('lets only waiting deliveries be cancelled, and claims come from waiting or stale processing rows', () => {
    expect(WAITING_STATES.sort()).toEqual(['pending', 'scheduled']);
    expect(deliveryStatesAllowing('claim').sort()).toEqual(['pending', 'processing', 'scheduled']);
  });
  it('ends in sent, delivered, failed or cancelled, and never leaves them', () => {
    for (const end of ['sent', 'delivered', 'failed', 'cancelled'] as const) {
      for (const to of DELIVERY_STATUSES) expect(canMove(end, to)).toBe(false);
    }
    expect(canMove('processing', 'pending')).toBe(true);
    expect(canMove('pending', 'sent')).toBe(false);
  });
  it('starts scheduled only when the date is still ahead', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(initialDeliveryStatus(new Date('2026-05-02T00:00:00Z'), now)).toBe('scheduled');
    expect(initialDeliveryStatus(now, now)).toBe('pending');
    expect(initialDeliveryStatus(null, now)).toBe('pending');
  });
});

describe('print files a provider may fetch', () => {
  it('while processing, and while waiting for a retry after an attempt (a lost answer), never before the first or after the end', () => {
    expect(printFileFetchable('processing', 0)).toBe(true);
    expect(printFileFetchable('processing', 2)).toBe(true);
    expect(printFileFetchable('pending', 1)).toBe(true);
    expect(printFileFetchable('scheduled', 1)).toBe(true);
    expect(printFileFetchable('pending', 0)).toBe(false);
    expect(printFileFetchable('scheduled', 0)).toBe(false);
    for (const end of ['sent', 'delivered', 'failed', 'cancelled'] as const)
      expect(printFileFetchable(end, 3)).toBe(false);
  });
});

describe('send results against the state table', () => {
  const claimed = 'processing' as const;
  // Every (method, result) a sender can report, and the carrier's news: each must be a move the table allows.
  const senderRows = (Object.entries(SENDER_RESULTS) as [string, readonly SendResult[]][]).flatMap(
    ([method, results]) => results.map((result) => [method, result] as const),
  );
  it.each(senderRows)('%s sender result %s is a move the table allows from processing', (_method, result) => {
    const to = statusAfter(result);
    expect(canMove(claimed, to)).toBe(true);
    expect(DELIVERY_TRANSITIONS[claimed][SEND_RESULT_EVENTS[result]]).toBe(to);
  });
  it.each(CARRIER_RESULTS.map((r) => [r]))('carrier news %s is a move the table allows from processing', (result) => {
    expect(canMove(claimed, statusAfter(result))).toBe(true);
  });
  it('maps each result to the status the senders and the retry rules write', () => {
    expect(
      Object.fromEntries((Object.keys(SEND_RESULT_EVENTS) as SendResult[]).map((r) => [r, statusAfter(r)])),
    ).toEqual({
      sent: 'sent',
      delivered: 'delivered',
      queued_at_carrier: 'processing',
      failed_retryable: 'pending',
      failed_permanently: 'failed',
    });
    expect(SENDER_RESULTS.ecard).not.toContain('queued_at_carrier');
    // The retry rules' two answers are the table's two failure results.
    const now = new Date('2026-05-01T10:00:00Z');
    expect(afterFailure(0, 3, now).status).toBe(statusAfter('failed_retryable'));
    expect(afterFailure(2, 3, now).status).toBe(statusAfter('failed_permanently'));
  });
  it('refuses a result the table has no move for', () => {
    const sent = DELIVERY_TRANSITIONS.processing.sent;
    const table = DELIVERY_TRANSITIONS.processing as Record<string, string | undefined>;
    try {
      delete table.sent;
      expect(() => statusAfter('sent')).toThrow(/no move from processing for sent/);
    } finally {
      table.sent = sent;
    }
  });
});

describe('operator actions on deliveries', () => {
  it('retries failed deliveries only', () => {
    expect(operatorMove('retry', 'failed', 'ecard')).toEqual({ ok: true, to: 'pending' });
    for (const status of ['pending', 'scheduled', 'processing', 'sent', 'delivered', 'cancelled'] as const) {
      expect(operatorMove('retry', status, 'ecard').ok).toBe(false);
    }
  });
  it('resends sent e-cards, never posted cards', () => {
    expect(operatorMove('resend', 'sent', 'ecard')).toEqual({ ok: true, to: 'pending' });
    const posted = operatorMove('resend', 'sent', 'post');
    expect(posted).toEqual({ ok: false, reason: expect.stringContaining('(post)') });
    expect(operatorMove('resend', 'failed', 'ecard').ok).toBe(false);
  });
  it('cancels waiting deliveries, and processing ones only when queued at the carrier', () => {
    expect(operatorMove('cancel', 'scheduled', 'post')).toEqual({ ok: true, to: 'cancelled' });
    expect(operatorMove('cancel', 'pending', 'ecard')).toEqual({ ok: true, to: 'cancelled' });
    expect(operatorMove('cancel', 'processing', 'post', true)).toEqual({ ok: true, to: 'cancelled' });
    expect(operatorMove('cancel', 'processing', 'post', false).ok).toBe(false);
    expect(operatorMove('cancel', 'sent', 'ecard')).toEqual({
      ok: false,
      reason: expect.stringContaining('This delivery is sent'),
    });
  });
});

describe('the buyer cancelling a posted card', () => {
  it('cancels waiting and failed posted cards at once, and one at the print provider only before production', () => {
    for (const status of ['pending', 'scheduled', 'failed'] as const)
      expect(shopperCancelMove(status, 'post', false, null)).toEqual({ ok: true, to: 'cancelled' });
    expect(shopperCancelMove('processing', 'post', true, 'accepted')).toEqual({ ok: true, to: 'cancelled' });
    expect(shopperCancelMove('processing', 'post', true, null)).toEqual({ ok: true, to: 'cancelled' });
    for (const stage of ['in_production', 'printed']) {
      expect(shopperCancelMove('processing', 'post', true, stage)).toEqual({
        ok: false,
        reason: 'The printer has already started on this card, so it can no longer be cancelled.',
      });
    }
  });

  it('refuses a card being handed over right now, one already on its way, and anything but a posted card', () => {
    expect(shopperCancelMove('processing', 'post', false, null)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/right now/),
    });
    expect(shopperCancelMove('sent', 'post', false, 'shipped')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/already on its way/),
    });
    expect(shopperCancelMove('cancelled', 'post', false, null)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/already cancelled/),
    });
    expect(shopperCancelMove('pending', 'ecard', false, null)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Only a posted card/),
    });
  });

  it('offers the button exactly where the API would cancel', () => {
    expect(shopperMayCancel('processing', 'post', 'accepted')).toBe(true);
    expect(shopperMayCancel('processing', 'post', 'in_production')).toBe(false);
    expect(shopperMayCancel('sent', 'post', 'delivered')).toBe(false);
    expect(shopperMayCancel('scheduled', 'print', null)).toBe(false);
  });
});

describe('e-card status per recipient', () => {
  const now = new Date('2030-06-10T12:00:00Z');
  const ecard = (status: string, extra: Record<string, unknown> = {}) => ({
    status,
    delivery_method: 'ecard',
    ...extra,
  });

  it('reads sent, then opened; failed; and nothing for other methods', () => {
    expect(recipientStatus(ecard('sent'))).toBe('sent');
    expect(recipientStatus(ecard('sent', { opened_at: now }))).toBe('opened');
    expect(recipientStatus(ecard('failed'))).toBe('failed');
    expect(recipientStatus(ecard('scheduled'))).toBe('scheduled');
    expect(recipientStatus(ecard('processing'))).toBe('sending');
    expect(recipientStatus({ status: 'sent', delivery_method: 'post' })).toBeNull();
    expect(
      ecardCounts([
        ecard('sent'),
        ecard('sent', { opened_at: now }),
        ecard('failed'),
        ecard('pending'),
        { status: 'sent', delivery_method: 'post' },
      ]),
    ).toEqual({ ecards: 4, sent: 2, opened: 1, failed: 1 });
  });

  it('lets a failed e-card be sent again at once, and a sent one only when unopened for the set days', () => {
    expect(sendAgainCheck(ecard('failed'), now, 7)).toEqual({ ok: true });
    const sentAt = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect(sendAgainCheck(ecard('sent', { sent_at: sentAt(7) }), now, 7)).toEqual({ ok: true });
    expect(sendAgainCheck(ecard('sent', { sent_at: sentAt(6.9) }), now, 7)).toEqual({
      ok: false,
      reason: 'An unopened e-card can be sent again 7 days after it was sent.',
    });
    expect(sendAgainCheck(ecard('sent', { sent_at: sentAt(30), opened_at: sentAt(29) }), now, 7)).toEqual({
      ok: false,
      reason: 'This e-card has already been opened.',
    });
    expect(sendAgainCheck(ecard('pending'), now, 7)).toEqual({
      ok: false,
      reason: 'This e-card is not sent yet, so it cannot be sent again.',
    });
    expect(sendAgainCheck(ecard('processing', { send_again_count: 1 }), now, 7)).toEqual({
      ok: false,
      reason: 'This e-card is already being sent again.',
    });
    expect(sendAgainCheck(ecard('cancelled'), now, 7)).toEqual({
      ok: false,
      reason: 'This e-card is cancelled, so it cannot be sent again.',
    });
    expect(sendAgainCheck({ status: 'failed', delivery_method: 'post' }, now, 7)).toEqual({
      ok: false,
      reason: 'Only an e-card can be sent again.',
    });
  });
});
