import { describe, expect, it } from '@jest/globals';
import { OrkestraError } from '@orkestra/core';
import { shardOf } from '@orkestra/core/internal';
import { checkShardConfig, inShards, selectorOf, shardKey } from '../src/machinery/shard-filter.js';

describe('shard filter', () => {
  it("keeps a namespace's objects when its hash is in the held shards; every namespace without a filter", () => {
    const filter = { count: 4, shards: [shardOf('shop', 4)] };
    expect(inShards(filter, 'shop')).toBe(true);
    expect(inShards({ count: 4, shards: [(shardOf('shop', 4) + 1) % 4] }, 'shop')).toBe(false);
    expect(inShards(undefined, 'shop')).toBe(true);
  });

  it('asks the server for no selector when it holds every shard, and keys shared informers by the set', () => {
    expect(selectorOf({ count: 2, shards: [1, 0] })).toBeUndefined();
    expect(selectorOf({ count: 2, shards: [1] })).toBe(
      "shardRange(object.metadata.namespace, '0x8000000000000000', '0x10000000000000000')",
    );
    expect(shardKey({ count: 3, shards: [2, 0] })).toBe('3:0,2');
  });

  it('refuses a cluster-scoped owner and a bad shard set as Config errors naming the field', () => {
    const owner = { kind: 'Website' };
    expect(() =>
      checkShardConfig({ owner: { ...owner, namespaced: false }, shard: { count: 2, shards: [0] } }),
    ).toThrow(
      'shard: Website is cluster-scoped, and shards are ranges of the namespace hash — run its reconciler unsharded (leave shard out)',
    );
    expect(() => checkShardConfig({ owner, shard: { count: 2, shards: [2] } })).toThrow(
      'shard: shard 2 is not one of the 2 shards (0 to 1)',
    );
    expect(() => checkShardConfig({ owner, shard: { count: 2, shards: [] } })).toThrow(OrkestraError);
    expect(() => checkShardConfig({ owner })).not.toThrow();
  });
});
