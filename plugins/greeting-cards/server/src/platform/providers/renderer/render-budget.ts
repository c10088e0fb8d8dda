// Decisions behind the renderer's page pool and memory budget, kept pure so they are tested without a
// browser (platform/providers/renderer/puppeteer-renderer.ts measures and acts on them).

export type RecycleAction = 'keep' | 'relieve' | 'page' | 'browser';

/** What was measured after a render; null where nothing could be measured (no /proc, a page gone). */
export interface MemoryReading {
  /**
   * Memory Chromium and every process below it hold, in bytes: their anonymous and shared-memory pages
   * (platform/providers/renderer/process-memory.ts). Not the sum of their RSS: that counts the Chromium binary and
   * libraries once per process (a fresh browser with two pages sums to about 1.2 GB, of which about 300 MB
   * is its own).
   */
  browserRssBytes: number | null;
  /** The script heap in use on the page that just drew (CDP Performance.getMetrics JSHeapUsedSize). */
  pageHeapBytes: number | null;
}

const MB = 1024 * 1024;
/**
 * A page may keep this share of the budget, divided between the pages, as script heap. Fabric's canvases and
 * image caches live mostly outside the JS heap, so the browser's whole RSS is the main test and a page heap
 * above its share means something leaks in the page itself: reopening that page is cheaper than the browser.
 */
const PAGE_HEAP_SHARE = 0.25;

/**
 * A browser is restarted only if it also grew by this share of the budget since its first reading: one
 * that starts out over the budget (a budget set too low for the pages asked for) would otherwise be
 * restarted after every render, and a restart gains nothing then.
 */
const MIN_GROWTH_SHARE = 0.25;

/**
 * What to do after a render given a reading and the budget (SERVICE_RENDER_MEMORY_MB; 0 means no budget).
 * Over budget, and grown since `baselineBytes` (its first reading after launch): first `relieve` (ask
 * Chromium to collect garbage and drop caches, as under memory pressure: measured, its memory swings by
 * 100 MB between collections, and a restart costs about a second), and restart the browser only if it is
 * still over at the next reading (`relievedLastTime`). Under budget: reopen the page whose own heap outgrew
 * its share.
 */
export function recycleAction(
  reading: MemoryReading,
  budgetMb: number,
  pages: number,
  baselineBytes: number | null = null,
  relievedLastTime = true,
): RecycleAction {
  if (!(budgetMb > 0)) return 'keep';
  const budget = budgetMb * MB;
  const grown = baselineBytes === null || (reading.browserRssBytes ?? 0) - baselineBytes > budget * MIN_GROWTH_SHARE;
  if (reading.browserRssBytes !== null && reading.browserRssBytes > budget && grown)
    return relievedLastTime ? 'browser' : 'relieve';
  const pageShare = (budget * PAGE_HEAP_SHARE) / Math.max(1, pages);
  if (reading.pageHeapBytes !== null && reading.pageHeapBytes > pageShare) return 'page';
  return 'keep';
}

/**
 * Whether to measure after this render: always the first one of a browser, then at most every `intervalMs`.
 * Reading /proc for the process tree costs a few milliseconds; after every 60 ms render it would be a
 * noticeable share of a core, while memory grows slowly enough to be caught a fraction of a second later.
 */
export function measureDue(lastMeasuredAt: number | null, now: number, intervalMs: number): boolean {
  return lastMeasuredAt === null || now - lastMeasuredAt >= intervalMs;
}

/** The pids of `root` and all its descendants, from a pid -> parent pid map (Linux /proc/<pid>/stat). */
export function processTree(parents: ReadonlyMap<number, number>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) {
    const list = children.get(ppid);
    if (list) list.push(pid);
    else children.set(ppid, [pid]);
  }
  const tree: number[] = [];
  const stack = [root];
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The parent pid field of a /proc/<pid>/stat line (the name in parentheses may hold spaces). */
export function parentPidOf(statLine: string): number | null {
  const rest = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(rest[1]);
  return Number.isInteger(ppid) ? ppid : null;
}
