import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ResyncSchedule } from '../src/resync-schedule.js';

// A manual clock: the schedule reads `now`, its timer runs on Jest's fake timers, both moved together.
let now = 0;
const advance = (ms: number) => {
  now += ms;
  jest.advanceTimersByTime(ms);
};

describe('ResyncSchedule', () => {
  beforeEach(() => {
    now = 0;
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const schedule = (period = 10_000) => {
    const due: string[] = [];
    const s = new ResyncSchedule(
      period,
      (key) => due.push(key),
      () => now,
    );
    return { s, due };
  };

  it('makes a key due one period after its reconcile, not before', () => {
    const { s, due } = schedule();
    s.reconciled('a');
    advance(9_000);
    expect(due).toEqual([]);
    advance(1_000);
    expect(due).toEqual(['a']);
    advance(30_000);
    expect(due).toEqual(['a']); // due once; the next deadline comes from its next reconcile
  });

  it('postpones a key reconciled again before it fell due', () => {
    const { s, due } = schedule();
    s.reconciled('a');
    advance(8_000);
    s.reconciled('a'); // an event reconciled it: the resync at 10 s would only repeat that
    advance(2_000);
    expect(due).toEqual([]);
    advance(8_000);
    expect(due).toEqual(['a']);
  });

  it('keeps the checks of a burst spread as its reconciles were', () => {
    const { s, due } = schedule();
    for (const key of ['a', 'b', 'c']) {
      s.reconciled(key);
      advance(3_000);
    }
    // a at 10 s, b at 13 s, c at 16 s; now is 9 s
    advance(1_000);
    expect(due).toEqual(['a']);
    advance(3_000);
    expect(due).toEqual(['a', 'b']);
    advance(3_000);
    expect(due).toEqual(['a', 'b', 'c']);
  });

  it('never makes a forgotten key due, and nothing after stop', () => {
    const { s, due } = schedule();
    s.reconciled('gone');
    s.reconciled('kept');
    s.forget('gone');
    advance(10_000);
    expect(due).toEqual(['kept']);
    s.reconciled('kept');
    s.stop();
    advance(20_000);
    s.reconciled('late');
    advance(20_000);
    expect(due).toEqual(['kept']);
  });

  it('fires a key again and again as long as it is reconciled when due', () => {
    const { s, due } = schedule(1_000);
    s.reconciled('a');
    for (let i = 0; i < 2_500; i++) {
      advance(1_000);
      s.reconciled('a'); // the resync's reconcile
    }
    expect(due).toHaveLength(2_500);
    expect(s.size).toBe(1);
  });
});
