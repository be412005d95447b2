import { describe, expect, it } from '@jest/globals';
import { HeapRelease, releaseHeapPages } from '../src/heap-release.js';

const MiB = 2 ** 20;

/** A HeapRelease over a scripted process: `rss` and `heapTotal` in MiB, a clock, and a count of releases. */
function scripted(options: { busy?: () => boolean } = {}) {
  const state = { rss: 100, heapTotal: 40, now: 0, released: 0 };
  const reports: number[][] = [];
  const release = new HeapRelease({
    ...options,
    onRelease: (before, after) => reports.push([before.rss / MiB, after.rss / MiB]),
    memory: () => ({ rss: state.rss * MiB, heapTotal: state.heapTotal * MiB }),
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
