import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { fnv1a64, shardKeyOf, shardOf, shardRanges, shardSelector } from '../src/shards.js';

describe('fnv1a64', () => {
  it("hashes UTF-8 bytes as Go's hash/fnv New64a (values from Go 1.25)", () => {
    expect(fnv1a64('').toString(16)).toBe('cbf29ce484222325');
    expect(fnv1a64('a').toString(16)).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('shop').toString(16)).toBe('46dc5e18e28e2409');
    expect(fnv1a64('team-ä').toString(16)).toBe('40cc27d78508e29c');
  });
});

describe('shardRanges', () => {
  it('covers [0, 2^64) with count neighbouring ranges of (nearly) equal size', () => {
    for (const count of [1, 2, 3, 7, 16]) {
      const ranges = shardRanges(count);
      expect(ranges).toHaveLength(count);
      expect(ranges[0]?.start).toBe(0n);
      expect(ranges.at(-1)?.end).toBe(1n << 64n);
      for (let i = 1; i < count; i++) expect(ranges[i]?.start).toBe(ranges[i - 1]?.end);
    }
    expect(shardRanges(2)[1]).toEqual({ start: 1n << 63n, end: 1n << 64n });
  });

  it('refuses a count that is not a whole number from 1 to 65536', () => {
    expect(() => shardRanges(0)).toThrow('shard count must be a whole number from 1 to 65536, got 0');
    expect(() => shardRanges(2.5)).toThrow(RangeError);
  });
});

describe('shardOf', () => {
  it("puts a key in the range that holds its hash, for every count, at the ranges' edges too", () => {
    const keys = Array.from({ length: 500 }, (_, i) => `namespace-${i}`);
    for (const count of [1, 3, 5, 8]) {
      const ranges = shardRanges(count);
      for (const key of keys) {
        const h = fnv1a64(key);
        const range = ranges[shardOf(key, count)];
        expect(range !== undefined && range.start <= h && h < range.end).toBe(true);
      }
    }
  });

  it('spreads unrelated keys (uids) about evenly; names that differ only at the end much less', () => {
    const spread = (keys: string[]) => [0, 1, 2].map((shard) => keys.filter((k) => shardOf(k, 3) === shard).length);
    const counts = spread(Array.from({ length: 3000 }, () => randomUUID()));
    for (const n of counts) expect(Math.abs(n - 1000)).toBeLessThan(150);
    // FNV-1a mixes a key's last bytes poorly into the high bits that pick the shard: `ns-0` … `ns-2999` fall
    // 510 / 790 / 1700. The server hashes so, and a shard must hold what the server sends it: documented.
    expect(spread(Array.from({ length: 3000 }, (_, i) => `ns-${i}`))).toEqual([510, 790, 1700]);
  });
});

describe('shardKeyOf', () => {
  it("is the namespace ('' when cluster-scoped) or the uid", () => {
    expect(shardKeyOf({ metadata: { name: 'a', namespace: 'shop', uid: 'u1' } }, 'namespace')).toBe('shop');
    expect(shardKeyOf({ metadata: { name: 'a' } }, 'namespace')).toBe('');
    expect(shardKeyOf({ metadata: { name: 'a', namespace: 'shop', uid: 'u1' } }, 'uid')).toBe('u1');
  });
});

describe('shardSelector', () => {
  it('writes one shardRange per run of neighbouring shards, as the server echoes it; none for every shard', () => {
    expect(shardSelector([0, 1], 4)).toBe(
      "shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')",
    );
    expect(shardSelector([3, 0], 4, 'uid')).toBe(
      "shardRange(object.metadata.uid, '0x0000000000000000', '0x4000000000000000') || " +
        "shardRange(object.metadata.uid, '0xc000000000000000', '0x10000000000000000')",
    );
    expect(shardSelector([0, 1, 2], 3)).toBeUndefined();
  });

  it('refuses no shards and shards out of range, saying which', () => {
    expect(() => shardSelector([], 3)).toThrow('a shard selector needs at least one shard');
    expect(() => shardSelector([3], 3)).toThrow('shard 3 is not one of the 3 shards (0 to 2)');
  });
});
