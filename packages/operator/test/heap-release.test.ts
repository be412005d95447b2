import { describe, expect, it } from '@jest/globals';
import { HeapRelease, releaseHeapPages } from '../src/heap-release.js';

const MiB = 2 ** 20;

/** A HeapRelease over a scripted process: `rss` and `heapTotal` in MiB, a clock, and a count of releases. */
function scripted(options: { busy?: () => boolean; work?: () => number } = {}) {
  const state = { rss: 100, heapTotal: 40, now: 0, released: 0, looked: 0 };
  const reports: number[][] = [];
  const release = new HeapRelease({
    ...options,
    onRelease: (before, after) => reports.push([before.rss / MiB, after.rss / MiB]),
    memory: () => {
      state.looked++;
      return { rss: state.rss * MiB, heapTotal: state.heapTotal * MiB };
    },
    now: () => state.now,
    release: () => {
      state.released++;
      state.rss -= 30; // what the collection gave back
    },
  });
  return { state, release, reports };
}

describe('HeapRelease', () => {
  it('releases once the memory outside the heap grew by the threshold (8 MiB), then takes that as the new base', () => {
    const { state, release, reports } = scripted();
    expect(release.check()).toBe(false); // the first look is the base: 60 MiB outside the heap
    state.heapTotal = 70; // a burst: the heap grows, RSS with it
    state.rss = 130;
    expect(release.check()).toBe(false);
    state.heapTotal = 40; // it shrank again: its pages stay resident (pooled)
    expect(release.check()).toBe(true);
    expect(state.released).toBe(1);
    expect(reports).toEqual([[130, 100]]); // RSS before and after, in MiB
    state.now += 120_000;
    expect(release.check()).toBe(false); // 100 − 40: back at the base
    state.rss += 7; // malloc grew a little: under the threshold
    expect(release.check()).toBe(false);
    expect(state.released).toBe(1);
  });

  it('never runs twice within a minute, nor while the process is busy', () => {
    let busy = false;
    const { state, release } = scripted({ busy: () => busy });
    release.check();
    state.rss += 40;
    expect(release.check()).toBe(true);
    state.rss += 40;
    state.now += 30_000;
    expect(release.check()).toBe(false); // 30 s after the last one
    state.now += 30_000;
    busy = true;
    expect(release.check()).toBe(false);
    busy = false;
    expect(release.check()).toBe(true);
    expect(state.released).toBe(2);
  });

  it('costs nothing in steady state: no release while the memory stays flat', () => {
    const { state, release } = scripted();
    for (let i = 0; i < 100; i++) {
      state.now += 5_000;
      state.rss = 100 + (i % 3); // noise
      release.check();
    }
    expect(state.released).toBe(0);
  });
});

describe('HeapRelease after a burst', () => {
  it('releases soon after a burst even though a release ran at start-up, less than a minute before', () => {
    let busy = false;
    const { state, release } = scripted({ busy: () => busy });
    release.check(); // before the first lists
    state.now += 5_000;
    state.rss += 20; // the lists' parsing left pages behind
    expect(release.check()).toBe(true); // the start-up release
    busy = true; // the burst: a hundred CRs
    for (let i = 0; i < 3; i++) {
      state.now += 5_000;
      state.heapTotal += 10;
      state.rss += 12;
      expect(release.check()).toBe(false); // never while busy
    }
    busy = false;
    state.heapTotal -= 30; // the heap shrank again; its pages stay resident
    state.now += 5_000;
    expect(release.check()).toBe(true); // 15 s after the start-up one, not a minute later
    expect(state.released).toBe(2);
  });

  it('sees a burst shorter than a look by the work it did, and releases after it', () => {
    let work = 0;
    const { state, release } = scripted({ work: () => work });
    release.check();
    state.now += 5_000;
    work += 400; // children written between two looks, the queue empty at both
    state.rss += 5; // grown, but under the 8 MiB of the steady rule
    expect(release.check()).toBe(false); // busy: work was done since the last look
    state.now += 5_000;
    expect(release.check()).toBe(true); // idle now: the burst is over
    state.now += 5_000;
    state.rss += 5;
    expect(release.check()).toBe(false); // once per burst: the next needs another burst, or 8 MiB
  });

  it("releases after a burst when V8's heap shrank from its peak, with little growth outside it", () => {
    let busy = true;
    const { state, release } = scripted({ busy: () => busy });
    release.check();
    state.now += 5_000;
    state.heapTotal += 30;
    state.rss += 30;
    release.check();
    busy = false;
    state.heapTotal -= 25; // 25 MiB off the peak
    state.rss -= 24; // 1 MiB more outside the heap than before the burst
    state.now += 5_000;
    expect(release.check()).toBe(true);
  });

  it('releases after a burst that left the heap grown, its garbage still counted in heapTotal', () => {
    let busy = true;
    const { state, release } = scripted({ busy: () => busy });
    release.check(); // the first look: busy already (the first lists)
    state.now += 5_000;
    state.heapTotal += 12; // the burst's garbage stays in the heap until a memory-reducing collection
    state.rss += 12; // RSS − heapTotal unchanged
    busy = false;
    expect(release.check()).toBe(true);
  });

  it('costs nothing in steady state: no release, one memory reading per look, when no work is done', () => {
    const work = 1_000;
    const { state, release } = scripted({ busy: () => false, work: () => work });
    for (let i = 0; i < 200; i++) {
      state.now += 5_000;
      state.rss = 100 + (i % 5); // noise under the threshold
      state.heapTotal = 40 + (i % 2);
      release.check();
    }
    expect(state.released).toBe(0);
    expect(state.looked).toBe(200);
  });

  it('takes busy looks without work done (resyncs of converged CRs) for no burst when a work counter is given', () => {
    let busy = false;
    const { state, release } = scripted({ busy: () => busy, work: () => 7 });
    release.check();
    for (let i = 0; i < 60; i++) {
      state.now += 5_000;
      busy = i % 6 === 0; // a resync every 30 s: the queue holds the CRs, no child is written
      state.rss = 100 + (i % 4); // its garbage: RSS up to 3 MiB over the base, under the steady rule's 8 MiB
      release.check();
    }
    expect(state.released).toBe(0);
  });

  it('runs at most two releases in any minute under a flapping load, and at least one a minute', () => {
    let busy = false;
    const { state, release } = scripted({ busy: () => busy });
    const times: number[] = [];
    release.check();
    for (let i = 0; i < 120; i++) {
      state.now += 5_000;
      busy = i % 2 === 0; // a burst at every other look
      state.heapTotal = busy ? 70 : 40;
      state.rss += 10; // each burst leaves pages behind
      if (release.check()) times.push(state.now);
    }
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(2);
    expect(times.length).toBeGreaterThanOrEqual(10); // 10 minutes
    expect(times.length).toBeLessThanOrEqual(20);
  });
});

describe('releaseHeapPages', () => {
  it('returns the pages a shrunken heap keeps resident to the OS (real V8, no --expose-gc)', () => {
    const rss = () => process.memoryUsage.rss() / MiB;
    let garbage: unknown[] | undefined = [];
    for (let i = 0; i < 300_000; i++) garbage.push({ i, s: `value ${i}`.repeat(4), a: [i, i + 1] });
    garbage = undefined;
    releaseHeapPages(); // the heap is small again; its freed pages would otherwise stay pooled
    const before = rss();
    let more: unknown[] | undefined = [];
    for (let i = 0; i < 300_000; i++) more.push({ i, s: `value ${i}`.repeat(4), a: [i, i + 1] });
    const peak = rss();
    more = undefined;
    releaseHeapPages();
    const after = rss();
    expect(garbage).toBeUndefined();
    expect(more).toBeUndefined();
    // The burst took tens of MiB; after the release, at most a third of it is still resident.
    expect(peak - before).toBeGreaterThan(30);
    expect(after - before).toBeLessThan((peak - before) / 3);
  });
});
