import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ResyncClock } from '../src/machinery/resync-clock.js';

// A manual clock: the resync clock reads `now`, its timer runs on Jest's fake timers, both moved together.
let now = 0;
const advance = (ms: number) => {
  now += ms;
  jest.advanceTimersByTime(ms);
};

describe('ResyncClock', () => {
  beforeEach(() => {
    now = 0;
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('ticks once a period once started, and no more after stop', () => {
    let ticks = 0;
    const clock = new ResyncClock(
      10_000,
      () => ticks++,
      () => now,
    );
    advance(30_000);
    expect(ticks).toBe(0);
    clock.start();
    clock.start();
    advance(30_000);
    expect(ticks).toBe(3);
    clock.stop();
    advance(30_000);
    expect(ticks).toBe(3);
  });

  it('leaves a CR reconciled within the last half period out of a tick, and takes it at the next', () => {
    const clock = new ResyncClock(
      10_000,
      () => {},
      () => now,
    );
    expect(clock.isDue('never-seen')).toBe(true);
    clock.reconciled('new');
    advance(4_999);
    expect(clock.isDue('new')).toBe(false);
    advance(1);
    expect(clock.isDue('new')).toBe(true);
    clock.reconciled('new'); // the resync's own reconcile
    expect(clock.isDue('new')).toBe(false);
  });

  it('forgets a CR that is gone', () => {
    const clock = new ResyncClock(
      10_000,
      () => {},
      () => now,
    );
    clock.reconciled('gone');
    expect(clock.size).toBe(1);
    clock.forget('gone');
    expect(clock.size).toBe(0);
    expect(clock.isDue('gone')).toBe(true);
  });
});
