/**
 * Paid orders' deliveries, sent at once but together: the ids handed over while a batch is being sent
 * wait for the end of that batch and then go as one. Alone, an order's deliveries leave at once; with
 * many shoppers paying at the same time, one claim, one read and one recording of the sends (and one
 * change notice for each) serve all the orders paid meanwhile instead of one each. In the checkout
 * benchmark sending each order's e-card on its own cost about as much as the order itself.
 *
 * `send` gets the ids of one batch (the fulfilment service's claimAndSend, which claims them in chunks
 * and leaves any it cannot claim to whoever holds them). `started` gets each batch's promise, so that
 * the service can wait for them (drain). A failed batch is `send`'s to report; the job sends what it left.
 */
export function promptSends(
  send: (ids: number[]) => Promise<void>,
  started: (batch: Promise<void>) => void,
): { add(ids: number[]): void; waiting(): number } {
  const queue: number[] = [];
  const queued = new Set<number>();
  let busy = false;

  const next = (): void => {
    if (busy || !queue.length) return;
    busy = true;
    const ids = queue.splice(0);
    queued.clear();
    // The next batch starts before this one's promise settles, so whoever waits for the started
    // batches also waits for the ones they hand over.
    started(
      send(ids)
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          next();
        }),
    );
  };

  return {
    add(ids: number[]): void {
      for (const id of ids) {
        if (queued.has(id)) continue;
        queued.add(id);
        queue.push(id);
      }
      next();
    },
    /** Ids handed over and not yet in a batch (tests). */
    waiting: () => queue.length,
  };
}
