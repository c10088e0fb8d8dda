// Undo/redo over whole-design snapshots (the stored JSON). Designs are small (a few kB), so a
// snapshot per change is simpler and more reliable than inverting each Fabric operation.
export class History {
  private readonly past: string[] = [];
  private readonly future: string[] = [];

  constructor(
    private current: string,
    private readonly limit = 100,
  ) {}

  /** Records a new state; returns false when nothing changed. */
  record(state: string): boolean {
    if (state === this.current) return false;
    this.past.push(this.current);
    if (this.past.length > this.limit) this.past.shift();
    this.current = state;
    this.future.length = 0;
    return true;
  }

  undo(): string | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(this.current);
    this.current = previous;
    return previous;
  }

  redo(): string | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(this.current);
    this.current = next;
    return next;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
