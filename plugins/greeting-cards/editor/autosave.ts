// Saves the draft a moment after the last change, shows where that stands, and retries with a
// growing delay when the network or server fails. An explicit save goes through save_design.

import { t } from './i18n';

export type SaveState = 'saved' | 'dirty' | 'saving' | 'retrying' | 'error';

const LABELS: Record<SaveState, string> = {
  saved: 'editor.status.saved',
  dirty: 'editor.status.dirty',
  saving: 'editor.status.saving',
  retrying: 'editor.status.retrying',
  error: 'editor.status.error',
};

export class Autosave {
  state: SaveState = 'saved';
  private timer: number | undefined;
  private attempt = 0;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly save: () => Promise<void>,
    private readonly show: (state: SaveState, label: string, detail?: string) => void,
    private readonly delayMs = 1200,
  ) {}

  /** Something changed: save after a pause in editing. */
  changed(): void {
    this.set('dirty');
    this.schedule(this.delayMs);
  }

  get hasUnsavedWork(): boolean {
    return this.state !== 'saved';
  }

  /** Saves now (explicit save, leaving the page); waits for a save already under way first. */
  async flush(saveNow?: () => Promise<void>): Promise<void> {
    window.clearTimeout(this.timer);
    if (this.running) await this.running.catch(() => undefined);
    await this.run(saveNow ?? this.save);
  }

  private schedule(ms: number): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.run(this.save).catch(() => undefined), ms);
  }

  private async run(save: () => Promise<void>): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.set('saving');
    this.running = (async () => {
      try {
        await save();
        this.attempt = 0;
        this.set(this.again ? 'dirty' : 'saved');
      } catch (error) {
        const status = (error as { status?: number }).status ?? 0;
        // A refusal (400/403/404) will not fix itself: say why and stop; other failures retry.
        if (status >= 400 && status < 500) {
          this.set('error', (error as Error).message);
          throw error;
        }
        this.attempt += 1;
        this.set('retrying', (error as Error).message);
        this.schedule(Math.min(30_000, 1000 * 2 ** this.attempt));
        throw error;
      } finally {
        this.running = null;
      }
    })();
    try {
      await this.running;
    } finally {
      if (this.again) {
        this.again = false;
        this.schedule(this.delayMs);
      }
    }
  }

  private set(state: SaveState, detail?: string): void {
    this.state = state;
    this.show(state, t(LABELS[state]), detail);
  }
}
