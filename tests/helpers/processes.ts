/** Whether a process still runs (signal 0 only checks; it sends nothing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
