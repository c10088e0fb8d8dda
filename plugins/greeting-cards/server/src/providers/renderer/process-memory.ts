import fs from 'fs';
import { parentPidOf, processTree } from '../../domain/render/render-budget';

/**
 * Resident memory of a process and all its descendants in bytes, from Linux /proc: Chromium's memory is
 * spread over its browser, GPU, utility and one renderer process per page. Null where /proc is not there.
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
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}
