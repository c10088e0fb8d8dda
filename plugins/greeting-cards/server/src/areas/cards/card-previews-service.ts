import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { doesBackgroundWork } from '../../platform/config/service-role';
import { cardsWithStalePreviews, refreshCardPreview, type PreviewOutcome } from './card-preview';

/** How many left-over cards one boot brings up to date (the rest wait for their next change). */
const RESUME_LIMIT = 5000;
/** A card edited without pause still gets a fresh preview after this many debounce delays. */
const MAX_WAIT_DELAYS = 5;

/**
 * The `cardPreviews` service: keeps every card's list preview on its current design, off the
 * request path. A design change schedules the card; the render runs SERVICE_CARD_PREVIEW_DELAY_MS
 * after the last change (a burst of autosaves is one render), one at a time per card, through the
 * rendering service's fair queue. What a restart interrupts is found again at boot from the
 * revisions stored on the cards (see card-preview.ts).
 *
 * On a SERVICE_ROLE=web instance nothing is drawn here: the design's revision is already stored with
 * it, and a worker's job (platform/jobs/index.ts) finds the card by it and draws the preview. The shopper sees
 * the previous preview until then.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const timers = new Map<number, { timer: NodeJS.Timeout; since: number }>();
  const running = new Map<number, Promise<PreviewOutcome>>();
  const background = new Set<Promise<unknown>>();
  let stopped = false;
  // Read once: the role does not change while Strapi runs.
  const drawsHere = doesBackgroundWork(strapi);

  function track<T>(job: Promise<T>): Promise<T> {
    background.add(job);
    job.finally(() => background.delete(job)).catch(() => undefined);
    return job;
  }

  /** Renders the card's preview now, after any render of it already under way. */
  async function refreshNow(cardId: number): Promise<PreviewOutcome> {
    const pending = timers.get(cardId);
    if (pending) {
      clearTimeout(pending.timer);
      timers.delete(cardId);
    }
    for (let current = running.get(cardId); current; current = running.get(cardId))
      await current.catch(() => undefined);
    if (stopped) return 'failed';
    if (!drawsHere) return 'deferred';
    const job = refreshCardPreview(strapi, cardId).finally(() => running.delete(cardId));
    running.set(cardId, job);
    return job;
  }

  /** The card's design changed: redraw its preview once the changes pause. */
  function changed(cardId: number): void {
    if (stopped || !drawsHere) return;
    const delay = getConfig(strapi).cardPreviewDelayMs;
    const pending = timers.get(cardId);
    const since = pending?.since ?? Date.now();
    if (pending) clearTimeout(pending.timer);
    // Never later than MAX_WAIT_DELAYS delays after the first change of a burst.
    const wait = Math.max(0, Math.min(delay, since + delay * MAX_WAIT_DELAYS - Date.now()));
    const timer = setTimeout(() => {
      timers.delete(cardId);
      void track(refreshNow(cardId));
    }, wait);
    timers.set(cardId, { timer, since });
  }

  /**
   * Draws every card whose preview is older than its design, one at a time; resolves with how many
   * were drawn. A worker's job runs it every poll (work web instances left).
   */
  async function resumeNow(): Promise<number> {
    if (stopped || !drawsHere) return 0;
    const ids = await cardsWithStalePreviews(strapi, RESUME_LIMIT);
    let drawn = 0;
    for (const id of ids) {
      if (stopped) break;
      if (timers.has(id) || running.has(id)) continue;
      if ((await track(refreshNow(id))) === 'rendered') drawn += 1;
    }
    return drawn;
  }

  /** At boot: previews a restart left behind, one card at a time in the background. */
  function resume(): void {
    if (stopped || !drawsHere) return;
    track(
      resumeNow()
        .then((drawn) => {
          if (drawn) strapi.log.info(`[greeting-cards] card previews brought up to date after restart: ${drawn}`);
        })
        .catch((error: Error) => strapi.log.warn(`[greeting-cards] card previews not resumed: ${error.message}`)),
    );
  }

  return {
    changed,
    refreshNow,
    resume,
    resumeNow,
    /** Cards waiting for their debounce delay (operators, tests). */
    pending: (): number => timers.size,
    /**
     * Stops scheduling (Strapi is stopping): waiting cards keep their stale revision and are resumed
     * at the next boot; renders under way finish first.
     */
    async stop(): Promise<void> {
      stopped = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      while (background.size || running.size) await Promise.allSettled([...background, ...running.values()]);
    },
  };
};
