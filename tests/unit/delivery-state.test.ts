import { canMove, deliveryStatesAllowing, initialDeliveryStatus, WAITING_STATES } from '../../plugins/greeting-cards/server/src/domain/delivery-state';
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
