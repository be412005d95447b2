import { describe, expect, it } from '@jest/globals';
import { WorkQueue, type WorkQueueOptions } from '../src/machinery/work-queue.js';

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** A queue whose worker records each key it runs (and, with `lanes`, the lane it came from). */
function recording(options: WorkQueueOptions = { concurrency: 1 }, now?: () => number, lanes = false) {
  const seen: string[] = [];
  const q = new WorkQueue(
    async (k, priority) => {
      seen.push(lanes ? `${k}:${priority}` : k);
      await tick();
    },
    options,
    now,
  );
  return { q, seen };
}

describe('WorkQueue', () => {
  it('deduplicates queued keys', async () => {
    const { q, seen } = recording();
    q.add('first'); // runs at once; the rest waits behind it
    q.add('a');
    q.add('b');
    q.add('b');
    q.add('a');
    await q.whenIdle();
    expect(seen).toEqual(['first', 'a', 'b']);
  });

  it('never runs one key twice at once, and reruns a key added while it ran', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const q = new WorkQueue(
      async () => {
        running++;
        runs++;
        maxRunning = Math.max(maxRunning, running);
        await tick(10);
        running--;
      },
      { concurrency: 4 },
    );
    q.add('k');
    await tick(2);
    q.add('k');
    q.add('k');
    await q.whenIdle();
    await tick(15);
    expect(maxRunning).toBe(1);
    expect(runs).toBe(2);
  });

  it('bounds concurrency', async () => {
    let running = 0;
    let maxRunning = 0;
    const q = new WorkQueue(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await tick(5);
        running--;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 20; i++) q.add(`k${i}`);
    await q.whenIdle();
    expect(maxRunning).toBe(3);
  });

  it('runs keys queued low (the resync) only once no normal key waits', async () => {
    const { q, seen } = recording();
    q.add('first'); // runs at once; the rest waits behind it
    q.add('old-1', 'low');
    q.add('old-2', 'low');
    q.add('new-1');
    q.add('new-1', 'low'); // already queued normal: stays normal
    q.add('new-2');
    expect(q.depth).toBe(4);
    await q.whenIdle();
    expect(seen).toEqual(['first', 'new-1', 'new-2', 'old-1', 'old-2']);
  });

  it('moves a key queued low to the normal lane when something happens to it, and runs it once', async () => {
    const { q, seen } = recording();
    q.add('first');
    q.add('a', 'low');
    q.add('b', 'low');
    q.add('c');
    q.add('b'); // an event for b: promoted behind c, and skipped in the low lane
    expect(q.depth).toBe(3);
    await q.whenIdle();
    expect(seen).toEqual(['first', 'c', 'b', 'a']);
  });

  it('reruns a key added while it ran with the most urgent priority it was added with', async () => {
    const { q, seen } = recording();
    q.add('k');
    q.add('k', 'low'); // while k runs: the resync's rerun waits behind normal work
    q.add('x', 'low');
    q.add('y');
    await q.whenIdle();
    expect(seen).toEqual(['k', 'y', 'x', 'k']);

    seen.length = 0;
    q.add('k');
    q.add('k', 'low');
    q.add('k'); // an event during the run: the rerun is normal
    q.add('x', 'low');
    await q.whenIdle();
    expect(seen).toEqual(['k', 'k', 'x']);
  });

  it('tells the worker which lane a key came from', async () => {
    const { q, seen } = recording({ concurrency: 1 }, undefined, true);
    q.add('first');
    q.add('old', 'low');
    q.add('promoted', 'low');
    q.add('promoted');
    await q.whenIdle();
    expect(seen).toEqual(['first:normal', 'promoted:normal', 'old:low']);
  });

  it('with lowQuietMs, runs the low lane only once no normal key came for that long (a burst is over)', async () => {
    let now = 0;
    const { q, seen } = recording({ concurrency: 1, lowQuietMs: 1_000, lowMaxWaitMs: 60_000 }, () => now);
    q.add('new-start'); // a burst begins
    q.add('converged-1', 'low'); // a resync tick falls in it
    q.add('converged-2', 'low');
    // a new CR every 100 ms of the clock; each runs at once, the re-checks wait through the gaps
    for (let i = 0; i < 5; i++) {
      now += 100;
      await tick(10);
      q.add(`new-${i}`);
    }
    await tick(10);
    expect(seen).toEqual(['new-start', 'new-0', 'new-1', 'new-2', 'new-3', 'new-4']);
    expect(q.isQueued('converged-1')).toBe(true);
    now += 1_000; // a quiet second: the low lane's timer finds it
    await q.whenIdle();
    expect(seen.slice(6)).toEqual(['converged-1', 'converged-2']);
  });

  it('runs a low key that waited lowMaxWaitMs even while normal keys keep coming (no starvation)', async () => {
    let now = 0;
    const { q, seen } = recording({ concurrency: 1, lowQuietMs: 1_000, lowMaxWaitMs: 500 }, () => now);
    q.add('new-start');
    q.add('converged', 'low');
    for (let i = 0; i < 8; i++) {
      now += 100;
      await tick(10);
      q.add(`new-${i}`);
    }
    await q.whenIdle();
    // queued at 0, it may run from 500 on, between two new CRs of the burst
    expect(seen.indexOf('converged')).toBeGreaterThan(1);
    expect(seen.indexOf('converged')).toBeLessThan(seen.length - 1);
  });

  it('keeps a key queued once: isQueued, and a second add changes nothing', async () => {
    const { q, seen } = recording();
    q.add('busy');
    q.add('k', 'low');
    q.add('k', 'low');
    expect(q.isQueued('k')).toBe(true);
    expect(q.isQueued('busy')).toBe(false);
    expect(q.isProcessing('busy')).toBe(true);
    expect(q.depth).toBe(1);
    await q.whenIdle();
    expect(seen).toEqual(['busy', 'k']);
  });

  it('retries failures with exponential backoff and forgets on success', async () => {
    const q = new WorkQueue(async () => undefined, { baseDelayMs: 5, maxDelayMs: 1_000_000 });
    expect([q.addRateLimited('x'), q.addRateLimited('x'), q.addRateLimited('x')]).toEqual([5, 10, 20]);
    expect(q.retries('x')).toBe(3);
    q.forget('x');
    expect(q.addRateLimited('x')).toBe(5);
    for (let i = 0; i < 40; i++) q.addRateLimited('y');
    expect(q.addRateLimited('y')).toBe(1_000_000);
    await q.shutdown(100);
  });

  it('a throwing worker is retried', async () => {
    let attempts = 0;
    const q = new WorkQueue(
      async () => {
        attempts++;
        if (attempts < 3) throw new Error('boom');
      },
      { baseDelayMs: 1 },
    );
    q.add('k');
    for (let i = 0; i < 50 && attempts < 3; i++) await tick(5);
    expect(attempts).toBe(3);
  });

  it('shutdown takes no new work and waits for in-flight work', async () => {
    let finished = false;
    const q = new WorkQueue(async () => {
      await tick(20);
      finished = true;
    });
    q.add('k');
    await tick(2);
    expect(await q.shutdown(1000)).toBe(true);
    expect(finished).toBe(true);
    q.add('again');
    expect(q.depth).toBe(0);
  });
});
