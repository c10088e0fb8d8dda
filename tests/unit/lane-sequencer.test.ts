// CI's shard split (tests/helpers/lane-sequencer.js): balanced by weight, and pinned files stay on the
// shard named for them whatever the weights, so coverage taken per shard does not move with the balance.
const { balancedShards, parseChunk } = require('../helpers/lane-sequencer') as {
  balancedShards: (files: string[], weightOf: (f: string) => number, count: number, pinned?: Map<string, number>) => { shardOf: Map<string, number>; totals: number[] };
  parseChunk: (value: string | undefined) => { index: number; count: number } | undefined;
};

describe('lane sequencer: shards by weight', () => {
  const weights: Record<string, number> = { a: 50, b: 40, c: 30, d: 20, e: 10, f: 10 };
  const weightOf = (f: string) => weights[f];

  it('splits files into shards of nearly equal weight', () => {
    const { totals, shardOf } = balancedShards(Object.keys(weights), weightOf, 2);
    expect(totals[0] + totals[1]).toBe(160);
    expect(Math.abs(totals[0] - totals[1])).toBeLessThanOrEqual(10);
    expect(shardOf.size).toBe(6);
  });

  it('keeps a pinned file on its shard and balances the rest around it', () => {
    // Unpinned, the heaviest file goes to the first shard.
    expect(balancedShards(Object.keys(weights), weightOf, 2).shardOf.get('a')).toBe(0);
    const { shardOf, totals } = balancedShards(Object.keys(weights), weightOf, 2, new Map([['a', 1]]));
    expect(shardOf.get('a')).toBe(1);
    expect(Math.abs(totals[0] - totals[1])).toBeLessThanOrEqual(10);
  });
});

describe('lane sequencer: a shard run as chunks (TEST_CHUNK)', () => {
  it('reads i/k and refuses anything else', () => {
    expect(parseChunk(undefined)).toBeUndefined();
    expect(parseChunk('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) expect(() => parseChunk(bad)).toThrow(/TEST_CHUNK/);
  });
});
