// Retry rules for deliveries: pure, so the backoff and the give-up point are unit-tested.

const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 60 * 60_000;

/** Delay before the next try after `attempts` failed ones: 1, 2, 4, 8... minutes, at most an hour. */
export function backoffMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(n - 1, 20));
}

export type FailureOutcome =
  | { status: 'failed'; attempts: number; nextAttemptAt: null }
  | { status: 'pending'; attempts: number; nextAttemptAt: Date };

/** What a failed attempt leads to: another try later, or `failed` once maxAttempts are used up. */
export function afterFailure(previousAttempts: number, maxAttempts: number, now: Date): FailureOutcome {
  const attempts = previousAttempts + 1;
  if (attempts >= Math.max(1, maxAttempts)) return { status: 'failed', attempts, nextAttemptAt: null };
  return { status: 'pending', attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) };
}

/** Short, single-paragraph error text to keep in last_error (SMTP errors can be very long). */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 1000) || 'unknown error';
}

/**
 * Claims are leases: a claim not renewed since `leaseMs` ago belongs to an instance that died (or
 * stalled) and may be taken over. Before this time, the claim is its holder's.
 */
export function leaseExpiredBefore(leaseMs: number, now: number = Date.now()): Date {
  return new Date(now - leaseMs);
}
