import { FairQueue } from './fair-queue';

const ONE_OWNER = '';

/**
 * Runs tasks at most `size` at a time, starting them in the order they were queued: a fair queue with
 * a single owner. One browser page can only draw one design at a time, so the renderer allows as many
 * tasks as it has pages (SerialQueue: one).
 */
export class BoundedQueue {
  private readonly queue: FairQueue;

  constructor(size = 1) {
    this.queue = new FairQueue(size);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(ONE_OWNER, task);
  }

  /** Tasks queued and not started. */
  queued(): number {
    return this.queue.waiting();
  }
}

/** One task at a time, in the order queued. */
export class SerialQueue extends BoundedQueue {
  constructor() {
    super(1);
  }
}
