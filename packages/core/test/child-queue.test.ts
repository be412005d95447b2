import { describe, expect, it } from '@jest/globals';
import { oneAtATime } from '../src/child-queue.js';
import type { ObjectClient } from '../src/object-client.js';

// The queue keys on the client's identity only; no method is called.
const client = () => ({}) as ObjectClient;

/** A run that records when it starts and finishes when released. */
function gate(log: string[], name: string) {
  let release!: (value: string) => void;
  const done = new Promise<string>((resolve) => {
    release = resolve;
  });
  return {
    run: () => {
      log.push(`start ${name}`);
      return done;
    },
    release: () => release(name),
  };
}

describe('oneAtATime', () => {
  it('runs calls for one key one after the other, in the order issued', async () => {
    const kube = client();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = oneAtATime(kube, 'k', a.run);
    const second = oneAtATime(kube, 'k', b.run);
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.release();
    expect(await first).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['start a', 'start b']);
    b.release();
    expect(await second).toBe('b');
  });

  it('does not hold back other keys or other clients', async () => {
    const kube = client();
    const log: string[] = [];
    const a = gate(log, 'a');
    void oneAtATime(kube, 'k', a.run);
    void oneAtATime(kube, 'other', gate(log, 'b').run);
    void oneAtATime(client(), 'k', gate(log, 'c').run);
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a.release();
  });

  it('identical calls queued behind a running one share the one that waits: 50 calls, two runs', async () => {
    const kube = client();
    let runs = 0;
    const log: string[] = [];
    const first = gate(log, 'first');
    const same = { fingerprint: () => 'update site-svc to port 80' };
    const calls = [oneAtATime(kube, 'k', first.run, same)];
    for (let i = 0; i < 49; i++) calls.push(oneAtATime(kube, 'k', async () => `run ${++runs}`, same));
    first.release();
    const results = await Promise.all(calls);
    expect(runs).toBe(1);
    expect(results).toEqual(['first', ...Array.from({ length: 49 }, () => 'run 1')]);
  });

  it('a call that differs queues its own run, and one issued after the waiting run started waits for it', async () => {
    const kube = client();
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');
    const calls = [
      oneAtATime(kube, 'k', first.run, { fingerprint: () => 'A' }),
      oneAtATime(kube, 'k', second.run, { fingerprint: () => 'A' }),
      oneAtATime(kube, 'k', async () => 'B', { fingerprint: () => 'B' }),
    ];
    first.release();
    await calls[0];
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['start first', 'start second']);
    // 'second' is running now: an identical call must not join it (it may have read before this call was made).
    let late = false;
    const lateCall = oneAtATime(
      kube,
      'k',
      async () => {
        late = true;
        return 'late';
      },
      { fingerprint: () => 'A' },
    );
    second.release();
    expect(await Promise.all([...calls, lateCall])).toEqual(['first', 'second', 'B', 'late']);
    expect(late).toBe(true);
  });

  it('a rejected run rejects every call that shared it, and the queue goes on', async () => {
    const kube = client();
    const log: string[] = [];
    const first = gate(log, 'first');
    const share = { fingerprint: () => 'A' };
    void oneAtATime(kube, 'k', first.run, share);
    const failing = () => Promise.reject(new Error('conflict'));
    const shared = [oneAtATime(kube, 'k', failing, share), oneAtATime(kube, 'k', failing, share)];
    const after = oneAtATime(kube, 'k', async () => 'after', { fingerprint: () => 'B' });
    first.release();
    const settled = await Promise.allSettled(shared);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await after).toBe('after');
  });

  it('never computes a fingerprint for a call that need not wait', async () => {
    let computed = 0;
    await oneAtATime(client(), 'k', async () => 'alone', {
      fingerprint: () => {
        computed++;
        return 'A';
      },
    });
    expect(computed).toBe(0);
  });
});
