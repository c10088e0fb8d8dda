import { promptSends } from '../../plugins/greeting-cards/server/src/areas/fulfilment/prompt-sends';

// Paid orders' deliveries handed over while a batch is out go together in the next one.
describe('prompt sends', () => {
  function harness() {
    const batches: number[][] = [];
    const finish: Array<() => void> = [];
    const started = new Set<Promise<void>>();
    const prompt = promptSends(
      (ids) => {
        batches.push(ids);
        return new Promise<void>((resolve) => finish.push(resolve));
      },
      (batch) => {
        started.add(batch);
        void batch.finally(() => started.delete(batch));
      },
    );
    const settle = async () => {
      while (started.size) await Promise.allSettled([...started]);
    };
    return { batches, finish, started, prompt, settle };
  }

  it('sends the first ids at once and those handed over meanwhile as one batch after it', async () => {
    const h = harness();
    h.prompt.add([1]);
    expect(h.batches).toEqual([[1]]);
    h.prompt.add([2, 3]);
    h.prompt.add([4]);
    h.prompt.add([3]); // already waiting: not twice
    expect(h.batches).toEqual([[1]]);
    expect(h.prompt.waiting()).toBe(3);
    h.finish.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(h.batches).toEqual([[1], [2, 3, 4]]);
    expect(h.prompt.waiting()).toBe(0);
    h.finish.shift()!();
    await h.settle();
    expect(h.batches).toHaveLength(2);
  });

  it('keeps a batch started until the one it handed over is started (a drain waits for both)', async () => {
    const h = harness();
    h.prompt.add([1]);
    h.prompt.add([2]);
    h.finish.shift()!();
    let drained = false;
    const drain = h.settle().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    expect(h.batches).toEqual([[1], [2]]);
    expect(drained).toBe(false);
    h.finish.shift()!();
    await drain;
    expect(drained).toBe(true);
  });

  it('goes on after a batch that failed', async () => {
    const batches: number[][] = [];
    const prompt = promptSends(
      async (ids) => {
        batches.push(ids);
        if (ids.includes(1)) throw new Error('database away');
      },
      () => undefined,
    );
    prompt.add([1]);
    prompt.add([2]);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1], [2]]);
  });
});
