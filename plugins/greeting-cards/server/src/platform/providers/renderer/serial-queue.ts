import pLimit from 'p-limit';

/**
 * Runs tasks at most `size` at a time, starting them in the order they were queued (p-limit). One
 * browser page can only draw one design at a time, so the renderer allows as many tasks as it has
 * pages (SerialQueue: one). Taking turns between owners is the fair queue's job (fair-queue.ts).
 */
export class BoundedQueue {
  private readonly limit: pLimit.Limit;

  constructor(size = 1) {
    this.limit = pLimit(size);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.limit(task);
  }

  /** Tasks queued and not started. */
  queued(): number {
    return this.limit.pendingCount;
  }
}

/** One task at a time, in the order queued. */
export class SerialQueue extends BoundedQueue {
  constructor() {
    super(1);
  }
}
