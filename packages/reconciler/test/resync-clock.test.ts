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

  it('leaves a CR reconciled for an event within the last period out of a tick', () => {
    const clock = new ResyncClock(
      10_000,
      () => {},
      () => now,
    );
    expect(clock.isDue('never-seen')).toBe(true);
    clock.reconciled('new');
    advance(8_999);
    expect(clock.isDue('new')).toBe(false);
    advance(1); // a tenth of the period is left for the timer's drift
    expect(clock.isDue('new')).toBe(true);
    clock.reconciled('new', 'event');
    expect(clock.isDue('new')).toBe(false);
  });

  it("counts a tick's re-check from the tick, however late the queue reached it: due again at the next tick", () => {
    const due: string[][] = [];
    const keys = ['a', 'b', 'created'];
    const clock = new ResyncClock(
      10_000,
      () => due.push(keys.filter((k) => clock.isDue(k))),
      () => now,
    );
    clock.start();
    advance(2_000);
    clock.reconciled('created'); // an event, 2 s after the start
    advance(8_000); // tick 1 (t = 10 s): a and b were never checked; created 8 s ago
    advance(6_000); // the tick's re-checks reach the front of the queue 6 s late
    clock.reconciled('a', 'resync');
    clock.reconciled('b', 'resync');
    advance(4_000); // tick 2 (t = 20 s): a and b count from tick 1; created was checked 18 s ago
    expect(due).toEqual([
      ['a', 'b'],
      ['a', 'b', 'created'],
    ]);
    clock.stop();
  });

  it('counts the re-check after a start from the start', () => {
    const clock = new ResyncClock(
      10_000,
      () => {},
      () => now,
    );
    clock.start();
    advance(7_000); // the backlog after the start drains slowly
    clock.reconciled('old', 'resync');
    advance(3_000);
    expect(clock.isDue('old')).toBe(true);
    clock.stop();
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
