import { versionedCache } from '../../plugins/greeting-cards/server/src/areas/catalogue/versioned-cache';

describe('the catalogue cache', () => {
  it('answers from the cache only for the version the entry was read at', async () => {
    const cache = versionedCache<string>();
    let loads = 0;
    const load = (text: string) => async () => {
      loads += 1;
      return text;
    };
    expect(await cache.get('k', 'v1', load('first'))).toBe('first');
    expect(await cache.get('k', 'v1', load('unused'))).toBe('first');
    expect(await cache.get('k', 'v2', load('second'))).toBe('second');
    expect(loads).toBe(2);
    cache.clear();
    expect(await cache.get('k', 'v2', load('third'))).toBe('third');
  });

  it('shares one load between concurrent misses and keeps no failed load', async () => {
    const cache = versionedCache<string>();
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('database away'));
    };
    const both = [cache.get('k', 'v1', failing), cache.get('k', 'v1', failing)];
    await expect(both[0]).rejects.toThrow('database away');
    await expect(both[1]).rejects.toThrow('database away');
    expect(loads).toBe(1);
    expect(await cache.get('k', 'v1', async () => 'back')).toBe('back');
  });

  it('holds at most its size, dropping the least recently used entry', async () => {
    const cache = versionedCache<string>(2);
    const loaded: string[] = [];
    const load = (key: string) => async () => {
      loaded.push(key);
      return key;
    };
    await cache.get('a', 'v', load('a'));
    await cache.get('b', 'v', load('b'));
    await cache.get('a', 'v', load('a'));
    await cache.get('c', 'v', load('c'));
    await cache.get('a', 'v', load('a'));
    await cache.get('b', 'v', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'b']);
  });
});
