import fs from 'fs';
import { parentPidOf, processTree } from './render-budget';

/**
 * Memory a process and all its descendants hold of their own, in bytes, from Linux /proc: Chromium's memory
 * is spread over its browser, GPU, utility and one renderer process per page. Counted: anonymous and
 * shared-memory resident pages (RssAnon + RssShmem); not the file pages of the binary and libraries that
 * every process maps (counted once per process, they make a plain RSS sum about 900 MB too high). Cheap:
 * one small status file per process. Null where /proc is not there.
 */
export function treeRssBytes(rootPid: number | undefined): number | null {
  if (!rootPid) return null;
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
  let total = 0;
  for (const pid of processTree(parents, rootPid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      for (const m of status.matchAll(/^Rss(?:Anon|Shmem):\s+(\d+) kB/gm)) total += Number(m[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}
