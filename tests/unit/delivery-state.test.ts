import { canMove, deliveryStatesAllowing, initialDeliveryStatus, operatorMove, WAITING_STATES } from '../../plugins/greeting-cards/server/src/domain/delivery-state';
import { DELIVERY_STATUSES } from '../../plugins/greeting-cards/server/src/domain/enums';

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
    expect(operatorMove('cancel', 'sent', 'ecard')).toEqual({ ok: false, reason: expect.stringContaining('This delivery is sent') });
  });
});
