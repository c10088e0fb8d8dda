// Ours, not p-limit's: p-limit serves strictly in arrival order and has no owners to take turns between.
/**
 * Runs render jobs a few at a time, taking turns between owners (round robin): one shopper's batch
 * of 2,000 print PDFs waits its turn like everyone else instead of filling the line, so another
 * shopper's preview or e-card is drawn after at most one job per other waiting owner. Jobs of one
 * owner keep their order.
 */
export class FairQueue {
  // Map keeps insertion order: an owner served goes to the back by being deleted and re-inserted.
  private readonly lanes = new Map<string, Array<() => void>>();
  private running = 0;

  constructor(private readonly concurrency = 1) {}

  run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.pump();
          });
      };
      const lane = this.lanes.get(owner);
      if (lane) lane.push(start);
      else this.lanes.set(owner, [start]);
      this.pump();
    });
  }

  /** Jobs waiting (not yet started), for operators and benchmarks. */
  waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.length;
    return n;
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const first = this.lanes.entries().next();
      if (first.done) return;
      const [owner, lane] = first.value;
      this.lanes.delete(owner);
      const start = lane.shift() as () => void;
      if (lane.length) this.lanes.set(owner, lane);
      start();
    }
  }
}
