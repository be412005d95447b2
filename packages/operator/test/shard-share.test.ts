import { describe, expect, it } from '@jest/globals';
import { silentLogger } from '@orkestra/core';
import { ShardLeases, shareOf } from '../src/shards/shard-leases.js';
import { unreachableClient } from './unreachable-client.js';

describe('shareOf', () => {
  it('gives each live replica floor(count / n), one more to the first count mod n, summing to count', () => {
    const members = ['a', 'b', 'c'];
    expect(members.map((m) => shareOf(12, members, m))).toEqual([4, 4, 4]);
    expect(members.map((m) => shareOf(8, members, m))).toEqual([3, 3, 2]);
    expect(['a', 'b'].map((m) => shareOf(1, ['a', 'b'], m))).toEqual([1, 0]);
    expect(shareOf(6, ['a'], 'a')).toBe(6);
  });
});

describe('ShardLeases options', () => {
  const kube = unreachableClient();
  const events = { acquired: () => undefined, releasing: async () => undefined, lost: () => undefined };

  it('refuses a bad count and timings as Config errors that say what to fix', () => {
    expect(() => new ShardLeases(kube, { count: 0, namespace: 'ops', name: 'w' }, events, silentLogger)).toThrow(
      'shards.count: shard count must be a whole number from 1 to 65536, got 0',
    );
    expect(
      () =>
        new ShardLeases(
          kube,
          { count: 4, namespace: 'ops', name: 'w', leaseDurationMs: 2_000, renewDeadlineMs: 3_000 },
          events,
          silentLogger,
        ),
    ).toThrow('leaseDuration (2000 ms) must be greater than renewDeadline (3000 ms)');
  });
});
