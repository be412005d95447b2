import { describe, expect, it } from '@jest/globals';
import { checkedConcurrencyCap, katalogConcurrency } from '../src/katalogs/fairness.js';

describe('the concurrency of a Katalog kind', () => {
  it('is what the entry asks, at most the cap; 4 when neither says', () => {
    expect(katalogConcurrency(undefined)).toBe(4);
    expect(katalogConcurrency(1000)).toBe(4);
    expect(katalogConcurrency(2)).toBe(2);
    expect(katalogConcurrency(50, 16)).toBe(16);
    expect(katalogConcurrency(undefined, 2)).toBe(2);
  });

  it('refuses a cap that is not a whole number of 1 or more, saying what to give', () => {
    expect(checkedConcurrencyCap(undefined)).toBe(4);
    expect(checkedConcurrencyCap(8)).toBe(8);
    expect(() => checkedConcurrencyCap(0)).toThrow(
      'katalogs.concurrency is 0: give a whole number of reconciles at once per kind, 1 or more (default 4)',
    );
    expect(() => checkedConcurrencyCap(1.5)).toThrow(/katalogs.concurrency is 1.5/);
  });
});
