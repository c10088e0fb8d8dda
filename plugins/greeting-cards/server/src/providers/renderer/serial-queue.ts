/**
 * Runs tasks one at a time, in the order they were queued. One browser page can only draw one
 * design at a time, so every render on a page goes through its queue.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    // Keep the chain alive whatever this task does; the caller sees the real outcome.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
