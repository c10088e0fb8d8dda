import { sweepOwed } from '../../plugins/greeting-cards/server/src/platform/jobs/owed-sweep';

// The worker's sweeps (confirmations, invoices, buyer news) take the owed work batch after batch, several
// at a time, and leave what failed for the next sweep.
describe('sweepOwed', () => {
  /** A queue of owed ids, oldest first, from which done ones leave. */
  const queue = (count: number) => {
    const owed = Array.from({ length: count }, (_, i) => i + 1);
    return {
      owed,
      list: async (limit: number) => owed.slice(0, limit),
      done: (id: number) => owed.splice(owed.indexOf(id), 1),
    };
  };

  it('takes batch after batch until none is owed', async () => {
    const q = queue(250);
    const reads: number[] = [];
    const done = await sweepOwed(
      async (limit) => (reads.push(limit), q.list(limit)),
      async (id) => (q.done(id), true),
      { batch: 100 },
    );
    expect(done).toBe(250);
    expect(q.owed).toEqual([]);
    // 100, 100, 50 (short: nothing more owed).
    expect(reads).toHaveLength(3);
  });

  it('runs at most atOnce at a time', async () => {
    const q = queue(30);
    let running = 0;
    let most = 0;
    await sweepOwed(
      q.list,
      async (id) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        q.done(id);
        return true;
      },
      { atOnce: 4, batch: 10 },
    );
    expect(most).toBe(4);
    expect(q.owed).toEqual([]);
  });

  it('tries a failing id once a sweep and still reaches the ids after it', async () => {
    const q = queue(12);
    const calls = new Map<number, number>();
    const done = await sweepOwed(
      q.list,
      async (id) => {
        calls.set(id, (calls.get(id) ?? 0) + 1);
        if (id <= 3) return false; // its mail server is down: still owed
        q.done(id);
        return true;
      },
      { batch: 5 },
    );
    expect(done).toBe(9);
    expect(q.owed).toEqual([1, 2, 3]);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
  });

  it('takes no new batch once its budget is spent', async () => {
    const q = queue(50);
    let reads = 0;
    const done = await sweepOwed(
      async (limit) => (reads++, q.list(limit)),
      async (id) => (q.done(id), true),
      { batch: 10, budgetMs: -1 },
    );
    expect([reads, done]).toEqual([1, 10]);
  });
});
