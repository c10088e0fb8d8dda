// How an e-card stands with its recipient, for the buyer's order page, library and API, and when the
// buyer may send it again. Pure: the delivery's columns in, words out.

import { msg, type Message } from '../../../platform/i18n/format-message';

export type RecipientStatus = 'scheduled' | 'sending' | 'sent' | 'opened' | 'failed' | 'cancelled';

export interface EcardFacts {
  status: string;
  delivery_method?: string | null;
  sent_at?: Date | string | null;
  opened_at?: Date | string | null;
  /** How many times the buyer has sent it again. */
  send_again_count?: number | null;
}

/** The e-card's stage as its buyer reads it: opened comes after sent; null for posted and printed cards. */
export function recipientStatus(d: EcardFacts): RecipientStatus | null {
  if (d.delivery_method !== 'ecard') return null;
  if (d.status === 'failed') return 'failed';
  if (d.status === 'cancelled') return 'cancelled';
  if (d.status === 'sent' || d.status === 'delivered') return d.opened_at ? 'opened' : 'sent';
  if (d.status === 'scheduled') return 'scheduled';
  return 'sending';
}

export type SendAgainCheck = { ok: true } | { ok: false; reason: Message };

const DAY_MS = 86_400_000;

/**
 * Whether the buyer may send an e-card again: a failed one at once; a sent one nobody has opened once
 * `afterDays` have passed since it was (last) sent. Anything else is a reason for a 400.
 */
export function sendAgainCheck(d: EcardFacts, now: Date, afterDays: number): SendAgainCheck {
  if (d.delivery_method !== 'ecard') return { ok: false, reason: msg('error.ecard_only_resend') };
  if (d.status === 'failed') return { ok: true };
  if ((d.status === 'pending' || d.status === 'processing') && Number(d.send_again_count ?? 0) > 0)
    return { ok: false, reason: msg('error.ecard_resending') };
  if (d.status !== 'sent' && d.status !== 'delivered')
    return { ok: false, reason: msg(d.status === 'cancelled' ? 'error.ecard_cancelled' : 'error.ecard_not_sent') };
  if (d.opened_at) return { ok: false, reason: msg('error.ecard_opened') };
  const sentAt = d.sent_at ? new Date(d.sent_at).getTime() : NaN;
  if (Number.isNaN(sentAt) || now.getTime() - sentAt < afterDays * DAY_MS) {
    return { ok: false, reason: msg('error.ecard_resend_after', { days: afterDays }) };
  }
  return { ok: true };
}

export interface EcardCounts {
  /** E-cards in the order. */
  ecards: number;
  /** Sent to the recipient's mail server (the opened ones included). */
  sent: number;
  opened: number;
  failed: number;
}

/** Per-order figures for operators and buyers: how many e-cards went out, were opened, failed. */
export function ecardCounts(deliveries: EcardFacts[]): EcardCounts {
  const counts: EcardCounts = { ecards: 0, sent: 0, opened: 0, failed: 0 };
  for (const d of deliveries) {
    const stage = recipientStatus(d);
    if (!stage) continue;
    counts.ecards += 1;
    if (stage === 'sent' || stage === 'opened') counts.sent += 1;
    if (stage === 'opened') counts.opened += 1;
    if (stage === 'failed') counts.failed += 1;
  }
  return counts;
}
