import { spawn, type ChildProcess } from 'child_process';
import { once } from 'events';
import { treeRssBytes } from '../../../plugins/greeting-cards/server/src/platform/providers/renderer/process-memory';

const MB = 1024 * 1024;

/** A child process holding about `mb` of its own memory; resolves once it has it. */
async function childHolding(mb: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `globalThis.kept = Buffer.alloc(${mb} * 1024 * 1024, 1); console.log('ready'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout!, 'data');
  return child;
}

const onLinux = process.platform === 'linux' ? describe : describe.skip;

onLinux('the memory of a process tree (the renderer budget reading)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  it('reuses the tree it found for maxAgeMs, then finds a process started meanwhile', async () => {
    const t0 = Date.now();
    const before = treeRssBytes(process.pid, 60_000, t0)!;
    expect(before).toBeGreaterThan(10 * MB);
    const child = await childHolding(80);
    children.push(child);
    // Within maxAgeMs the tree found before the child started is measured again: the child is not in it.
    const cached = treeRssBytes(process.pid, 60_000, t0 + 1)!;
    expect(cached).toBeLessThan(before + 40 * MB);
    // Past maxAgeMs the tree is found again, child and its 80 MB included.
    const fresh = treeRssBytes(process.pid, 60_000, t0 + 60_001)!;
    expect(fresh).toBeGreaterThan(cached + 60 * MB);
  });

  it('finds the tree again at once when one of its processes has ended', async () => {
    const child = await childHolding(80);
    children.push(child);
    // Later than anything the first test kept: the tree is found now, this child in it.
    const t0 = Date.now() + 600_000;
    const withChild = treeRssBytes(process.pid, 60_000, t0)!;
    child.kill('SIGKILL');
    await once(child, 'exit');
    const after = treeRssBytes(process.pid, 60_000, t0 + 1)!;
    expect(after).toBeLessThan(withChild - 60 * MB);
    expect(after).toBeGreaterThan(10 * MB);
  });
});
