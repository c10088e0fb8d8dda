// When a posted card counts as late (issue 44 item 4). Pure: the clock and the shop's zone come in.
//
// A card is promised to land between promised_from and promised_to (calendar dates). Its window ends at
// the start of the day after promised_to on the shop's clock. Then:
//  - a card the provider reported delivered is late when that report came after the window ended;
//  - a card not reported delivered is late once the window has ended, when it never shipped, or shipped
//    after the day it was planned to leave the printer (dispatch_on). A card that left on time and whose
//    provider never reports deliveries (Prodigi's orders stop at "shipped") is presumed to have arrived:
//    nothing the shop hears says otherwise.
// Cards that failed or were cancelled are not late: they have their own e-mails and actions.
import { addDays } from '../../../platform/time/dispatch';
import { localDate, zonedTimeToUtc } from '../../../platform/time/time-zones';

export interface LateInput {
  status: string;
  postal_status?: string | null;
  promised_to?: string | null;
  dispatch_on?: string | null;
  delivered_at?: string | Date | null;
  shipped_at?: string | Date | null;
  /** When the backend took the card: a backend that answers "sent" at once ships it then. */
  sent_at?: string | Date | null;
}

/** Where a card stands against its promise: on time (or not yet known), late, or not a promised card. */
export type Lateness = 'on_time' | 'late' | 'not_promised';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The instant the promised window ends: midnight after promised_to on the shop's clock. */
export function windowEnd(promisedTo: string, shopZone: string): Date | null {
  return DATE.test(promisedTo) ? zonedTimeToUtc(addDays(promisedTo, 1), 0, 0, shopZone) : null;
}

const instant = (v: string | Date | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

export function lateness(card: LateInput, now: Date, shopZone: string): Lateness {
  if (!card.promised_to) return 'not_promised';
  const end = windowEnd(card.promised_to, shopZone);
  if (!end) return 'not_promised';
  if (card.status === 'failed' || card.status === 'cancelled') return 'on_time';
  const delivered = card.status === 'delivered' || card.postal_status === 'delivered';
  if (delivered) {
    const at = instant(card.delivered_at);
    return at && at.getTime() >= end.getTime() ? 'late' : 'on_time';
  }
  if (now.getTime() < end.getTime()) return 'on_time';
  const shipped = card.status === 'sent' ? (instant(card.shipped_at) ?? instant(card.sent_at)) : null;
  if (!shipped) return 'late';
  // Shipped: late only when it left after its planned dispatch day (on the shop's calendar).
  if (card.dispatch_on && DATE.test(card.dispatch_on) && localDate(shipped, shopZone) > card.dispatch_on) return 'late';
  return 'on_time';
}
