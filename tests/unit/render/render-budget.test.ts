import {
  measureDue,
  parentPidOf,
  processTree,
  recycleAction,
} from '../../../plugins/greeting-cards/server/src/platform/providers/renderer/render-budget';
import { BoundedQueue } from '../../../plugins/greeting-cards/server/src/platform/providers/renderer/serial-queue';

const MB = 1024 * 1024;

describe('the renderer memory budget', () => {
  it('restarts the browser only when its whole process tree is over budget', () => {
    expect(recycleAction({ browserRssBytes: 451 * MB, pageHeapBytes: 1 * MB }, 450, 2)).toBe('browser');
    expect(recycleAction({ browserRssBytes: 450 * MB, pageHeapBytes: 1 * MB }, 450, 2)).toBe('keep');
  });

  it('reopens a page whose script heap outgrew its share (a quarter of the budget split between the pages)', () => {
    // 400 MB budget, 2 pages: 50 MB of heap each.
    expect(recycleAction({ browserRssBytes: 300 * MB, pageHeapBytes: 51 * MB }, 400, 2)).toBe('page');
    expect(recycleAction({ browserRssBytes: 300 * MB, pageHeapBytes: 49 * MB }, 400, 2)).toBe('keep');
    expect(recycleAction({ browserRssBytes: 300 * MB, pageHeapBytes: 51 * MB }, 400, 1)).toBe('keep');
  });

  it('does not restart a browser that has not grown since it started (it would start over budget again)', () => {
    expect(recycleAction({ browserRssBytes: 420 * MB, pageHeapBytes: 1 * MB }, 400, 2, 380 * MB)).toBe('keep');
    expect(recycleAction({ browserRssBytes: 481 * MB, pageHeapBytes: 1 * MB }, 400, 2, 380 * MB)).toBe('browser');
    expect(recycleAction({ browserRssBytes: 401 * MB, pageHeapBytes: 1 * MB }, 400, 2, 300 * MB)).toBe('browser');
  });

  it('asks an over-budget browser to free memory first, and restarts it only if it is still over next time', () => {
    expect(recycleAction({ browserRssBytes: 500 * MB, pageHeapBytes: 1 * MB }, 400, 2, 300 * MB, false)).toBe(
      'relieve',
    );
    expect(recycleAction({ browserRssBytes: 500 * MB, pageHeapBytes: 1 * MB }, 400, 2, 300 * MB, true)).toBe('browser');
    expect(recycleAction({ browserRssBytes: 380 * MB, pageHeapBytes: 1 * MB }, 400, 2, 300 * MB, false)).toBe('keep');
  });

  it('does nothing without a budget or without a reading', () => {
    expect(recycleAction({ browserRssBytes: 5000 * MB, pageHeapBytes: 5000 * MB }, 0, 2)).toBe('keep');
    expect(recycleAction({ browserRssBytes: null, pageHeapBytes: null }, 100, 2)).toBe('keep');
  });

  it('measures after the first render of a browser, then at most once per interval', () => {
    expect(measureDue(null, 1000, 250)).toBe(true);
    expect(measureDue(1000, 1249, 250)).toBe(false);
    expect(measureDue(1000, 1250, 250)).toBe(true);
  });

  it("finds a browser's whole process tree and nothing else", () => {
    const parents = new Map([
      [10, 1], // the browser
      [11, 10], // zygote
      [12, 11], // renderer
      [13, 11], // renderer
      [14, 10], // gpu
      [20, 1], // something else
      [21, 20],
    ]);
    expect(processTree(parents, 10).sort()).toEqual([10, 11, 12, 13, 14]);
    expect(processTree(parents, 99)).toEqual([99]);
  });

  it('reads the parent pid from a stat line whose name holds spaces and parentheses', () => {
    expect(parentPidOf('1234 (chrome (renderer) x) S 77 1234 1234 0 -1')).toBe(77);
    expect(parentPidOf('garbage')).toBeNull();
  });
});

describe('the renderer page pool queue', () => {
  it('runs at most `size` tasks at once and starts them in the order queued', async () => {
    const queue = new BoundedQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      queue.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return i;
      }),
    );
    while (gates.length < 2) await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(queue.queued()).toBe(4);
    // Release in any order: the queue keeps two at work until the end.
    while (started.length < 6 || gates.length) {
      const gate = gates.pop();
      if (gate) gate();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a failing task frees its place', async () => {
    const queue = new BoundedQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
