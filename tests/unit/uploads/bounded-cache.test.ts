// The bounded folder of local copies (platform/uploads/bounded-cache.ts): least recently used first,
// one limit for every area, and never a file being read or written.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { boundedCache } from '../../../plugins/greeting-cards/server/src/platform/uploads/bounded-cache';

let root = '';
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-bounded-cache-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const body = (n: number) => Buffer.alloc(100, n);
const present = (area: string, keys: string[]) => keys.filter((k) => fs.existsSync(path.join(root, area, k)));

describe('bounded cache', () => {
  it('deletes the least recently used files beyond the limit, down to 90 % of it', async () => {
    const cache = boundedCache(root, 450);
    const store = cache.area('renders');
    for (const n of [1, 2, 3, 4]) await store.put(`${n}.svg`, body(n), 'image/svg+xml');
    expect(present('renders', ['1.svg', '2.svg', '3.svg', '4.svg'])).toHaveLength(4);
    // A read makes 1 the most recently used.
    expect(await store.get('1.svg')).toEqual(body(1));
    await store.put('5.svg', body(5), 'image/svg+xml');
    // 500 bytes > 450: deleted down to 405 or less, oldest use first (2 is enough).
    expect(present('renders', ['1.svg', '2.svg', '3.svg', '4.svg', '5.svg'])).toEqual([
      '1.svg',
      '3.svg',
      '4.svg',
      '5.svg',
    ]);
    expect(cache.bytes()).toBe(400);
    await store.put('6.svg', body(6), 'image/svg+xml');
    expect(present('renders', ['1.svg', '3.svg', '4.svg', '5.svg', '6.svg'])).toEqual([
      '1.svg',
      '4.svg',
      '5.svg',
      '6.svg',
    ]);
    expect(await store.get('2.svg')).toBeNull();
  });

  it('counts every area against one limit and files already there when it starts', async () => {
    fs.mkdirSync(path.join(root, 'old'), { recursive: true });
    fs.writeFileSync(path.join(root, 'old', 'left-over.png'), Buffer.alloc(300));
    const past = Date.now() / 1000 - 3600;
    fs.utimesSync(path.join(root, 'old', 'left-over.png'), past, past);
    const cache = boundedCache(root, 450);
    await cache.area('a').put('x.svg', body(1), 'image/svg+xml');
    await cache.area('b').put('y/z.png', body(2), 'image/png');
    expect(fs.existsSync(path.join(root, 'old', 'left-over.png'))).toBe(false);
    expect(present('a', ['x.svg'])).toEqual(['x.svg']);
    expect(present('b', ['y/z.png'])).toEqual(['y/z.png']);
  });

  it('never deletes a file that is being read or written', async () => {
    const cache = boundedCache(root, 250);
    const store = cache.area('renders');
    await store.put('old.svg', body(1), 'image/svg+xml');
    await store.put('mid.svg', body(2), 'image/svg+xml');
    // While old.svg is held (a read under way), going over the limit deletes mid.svg instead.
    await cache.holding(path.join('renders', 'old.svg'), async () => {
      await store.put('new.svg', body(3), 'image/svg+xml');
      expect(present('renders', ['old.svg', 'mid.svg', 'new.svg'])).toEqual(['old.svg', 'new.svg']);
    });
    // Released, it is the least recently used again.
    await store.put('newer.svg', body(4), 'image/svg+xml');
    expect(present('renders', ['old.svg', 'new.svg', 'newer.svg'])).toEqual(['new.svg', 'newer.svg']);
  });

  it('a limit of 0 keeps nothing once written, and removes and bad keys behave', async () => {
    const cache = boundedCache(root, 0);
    const store = cache.area('renders');
    await store.put('a.svg', body(1), 'image/svg+xml');
    expect(await store.get('a.svg')).toBeNull();
    const roomy = boundedCache(root, 10_000).area('renders');
    await roomy.put('b.svg', body(2), 'image/svg+xml');
    await roomy.remove('b.svg');
    await roomy.remove('b.svg');
    expect(await roomy.get('b.svg')).toBeNull();
    await expect(roomy.get('../escape.svg')).rejects.toThrow(/bad private file key/);
    expect(() => cache.area('../up')).toThrow(/bad cache area/);
  });
});
