import pLimit from 'p-limit';

// The worker's sweeps of work paid orders are still owed (confirmations, invoices, credit notes, buyer
// news) share one shape: read the oldest owed ids a batch at a time, do each, and keep going while a full
// batch came back. One at a time and one batch a sweep, a busy hour's confirmations fell behind (see
// docs/performance.md, "Order confirmations at a busy hour").

export interface SweepOptions {
  /** Items done at once (each is a few reads and, mostly, an e-mail over the mailer's pooled connections). */
  atOnce: number;
  /** Ids read per batch. */
  batch: number;
  /** No new batch is taken after this, so the job's next tick is not held up; the rest wait for the next sweep. */
  budgetMs: number;
}

export const SWEEP_DEFAULTS: SweepOptions = { atOnce: 8, batch: 100, budgetMs: 10_000 };

/**
 * Runs `act` on what `owed(limit)` lists (oldest first), batch after batch, until a batch comes back short
 * or holds only ids this sweep already tried, or the budget is spent. An id whose `act` returned false in
 * this sweep is not tried again until the next (its mail server may be down); an `act` that throws ends the
 * sweep with its error (the job logs it). Returns how many `act` calls returned true.
 */
export async function sweepOwed(
  owed: (limit: number) => Promise<number[]>,
  act: (id: number) => Promise<boolean>,
  options: Partial<SweepOptions> = {},
): Promise<number> {
  const { atOnce, batch, budgetMs } = { ...SWEEP_DEFAULTS, ...options };
  const started = Date.now();
  const limit = pLimit(atOnce);
  const tried = new Set<number>();
  let done = 0;
  for (;;) {
    const listed = await owed(batch);
    const fresh = listed.filter((id) => !tried.has(id));
    fresh.forEach((id) => tried.add(id));
    const results = await Promise.all(fresh.map((id) => limit(() => act(id))));
    done += results.filter(Boolean).length;
    if (listed.length < batch || fresh.length === 0 || Date.now() - started > budgetMs) return done;
  }
}
