/**
 * Runs tasks at most `size` at a time, starting them in the order they were queued. One browser page can
 * only draw one design at a time, so the renderer allows as many tasks as it has pages (SerialQueue: one).
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size = 1) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.waiting.shift()?.();
          });
      };
      if (this.running < this.size) start();
      else this.waiting.push(start);
    });
  }

  /** Tasks queued and not started. */
  queued(): number {
    return this.waiting.length;
  }
}

/** One task at a time, in the order queued. */
export class SerialQueue extends BoundedQueue {
  constructor() {
    super(1);
  }
}
