import fs from 'fs';
import { parentPidOf, processTree } from './render-budget';

/** How long a process tree found by scanning /proc is reused (see treeRssBytes). */
export const TREE_MAX_AGE_MS = 2_000;

/** The last tree found per root pid, and when. */
const trees = new Map<number, { pids: number[]; at: number }>();

/** Every live pid's parent, from /proc/<pid>/stat (one small file per process on the machine). */
function scanTree(rootPid: number): number[] | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const parents = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = parentPidOf(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (ppid !== null) parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  return processTree(parents, rootPid);
}

/** The own memory of the given pids, or null when one of them is gone (the tree is then found again). */
function ownBytes(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return null;
    }
    for (const m of status.matchAll(/^Rss(?:Anon|Shmem):\s+(\d+) kB/gm)) total += Number(m[1]) * 1024;
  }
  return total;
}

/**
 * Memory a process and all its descendants hold of their own, in bytes, from Linux /proc: Chromium's memory
 * is spread over its browser, GPU, utility and one renderer process per page. Counted: anonymous and
 * shared-memory resident pages (RssAnon + RssShmem); not the file pages of the binary and libraries that
 * every process maps (counted once per process, they make a plain RSS sum about 900 MB too high). Null
 * where /proc is not there.
 *
 * Finding the descendants means reading the stat file of every process on the machine (a few milliseconds
 * on a busy one, several times a second while rendering: in a profile of 300 never-drawn e-cards it was
 * the largest part of the Strapi process's own CPU for rendering). So the tree is kept for up to
 * `maxAgeMs` and found again sooner when one of its processes has gone; a process started meanwhile (a
 * page reopened) is counted from the next scan on.
 */
export function treeRssBytes(rootPid: number | undefined, maxAgeMs = TREE_MAX_AGE_MS, now = Date.now()): number | null {
  if (!rootPid) return null;
  const known = trees.get(rootPid);
  if (known && now - known.at < maxAgeMs) {
    const bytes = ownBytes(known.pids);
    if (bytes !== null) return bytes;
  }
  const pids = scanTree(rootPid);
  if (!pids) return null;
  // One entry per browser in service (a restarted browser is another root); old roots are dropped.
  if (trees.size > 8) trees.clear();
  trees.set(rootPid, { pids, at: now });
  // A process of the fresh tree may end between the scan and its status read: counted as nothing.
  return ownBytes(pids) ?? ownBytesOfLive(pids);
}

function ownBytesOfLive(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (ownBytes([pid]) ?? 0), 0);
}
