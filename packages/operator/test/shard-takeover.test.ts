/**
 * How soon a dead replica's shards are taken over, on the fake client with a clock the test moves: the Leases
 * are the same objects as on a real server, and the question is one of observation times, not of the API server.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@orkestra/core';
import { FakeClient } from '@orkestra/testenv/fake';
import { ShardLeases } from '../src/shards/shard-leases.js';

const LEASE_MS = 10_000;
const COUNT = 4;

/** Waits (in real time) until `check` holds; the fake clock does not move meanwhile. */
async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('shard take-over', () => {
  let clock = 1_000_000;
  const running: ShardLeases[] = [];
  afterEach(async () => {
    await Promise.all(running.map((r) => r.stop()));
    running.length = 0;
  });

  const replica = (kube: FakeClient, identity: string) => {
    const held = new Set<number>();
    const shards = new ShardLeases(
      kube,
      {
        count: COUNT,
        namespace: 'leases',
        name: 'web',
        identity,
        leaseDurationMs: LEASE_MS,
        renewDeadlineMs: 5_000,
        retryPeriodMs: 20,
        now: () => clock,
      },
      {
        acquired: (s) => void held.add(s),
        releasing: async (s) => void held.delete(s),
        lost: (s) => void held.delete(s),
      },
      silentLogger,
    );
    running.push(shards);
    shards.start();
    return shards;
  };

  it('takes a dead replica’s shards once its Leases are a lease duration old, not a second duration later', async () => {
    const cluster = new FakeClient();
    let aDead = false;
    // Replica a's requests are refused once it is "killed": it neither renews nor releases anything.
    const a = replica(cluster.sharing({ authorize: () => !aDead }), 'a');
    await until(() => a.shards.length === COUNT, 'a to hold every shard');
    const b = replica(cluster.sharing(), 'b');
    await until(() => a.shards.length === 2 && b.shards.length === 2, 'a and b to hold two shards each');

    aDead = true;
    const killedAt = clock;
    // b observes a's last writes at its next rounds (expiry counts from when a change is seen, as in client-go).
    await new Promise((r) => setTimeout(r, 200));
    // The clock moves in steps of a second, each long enough in real time for every held Lease to be renewed.
    const advanceTo = async (t: number) => {
      while (clock < t) {
        clock = Math.min(t, clock + 1_000);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    // Almost a lease duration later: a's Leases are still valid, b takes nothing.
    await advanceTo(killedAt + LEASE_MS - 1_000);
    expect(b.shards).toHaveLength(2);

    // Just past one lease duration: a's member Lease is expired, and so are its shard Leases, which b has been
    // observing from its lists all along — it takes them without waiting a second lease duration.
    await advanceTo(killedAt + LEASE_MS + 1);
    await until(() => b.shards.length === COUNT, 'b to hold every shard, the clock standing still');
    expect(b.shards).toEqual([0, 1, 2, 3]);
  });
});
