/** The desired state each child was last brought to: what tells an update from a drift correction. */
import { describe, expect, it } from '@jest/globals';
import { DesiredMemo } from '../src/desired-memo.js';

describe('DesiredMemo', () => {
  it('knows nothing of a child it never saw; then tells a changed desired state from the same one', () => {
    const memo = new DesiredMemo();
    const spec = { name: 'web', image: 'nginx:1.27' };
    expect(memo.changed('ns/shop', 'web', spec)).toBeUndefined();
    memo.settle('ns/shop', new Map([['web', spec]]), ['web']);
    expect(memo.changed('ns/shop', 'web', spec)).toBe(false); // the same object: drift if written
    expect(memo.changed('ns/shop', 'web', { name: 'web', image: 'nginx:1.27' })).toBe(false); // equal, re-resolved
    expect(memo.changed('ns/shop', 'web', { name: 'web', image: 'nginx:1.28' })).toBe(true); // an update
    expect(memo.changed('ns/other', 'web', spec)).toBeUndefined();
  });

  it('keeps what it knew of a child not brought in line this time, forgets children no longer desired', () => {
    const memo = new DesiredMemo();
    const [a, b, c] = [{ v: 'a' }, { v: 'b' }, { v: 'c' }];
    memo.settle(
      'k',
      new Map<string, unknown>([
        ['a', a],
        ['b', b],
        ['c', c],
      ]),
      ['a', 'b', 'c'],
    );
    // `b` waits (not written), `c` is no longer desired.
    memo.settle('k', new Map([['a', { v: 'a2' }]]), ['a', 'b']);
    expect(memo.changed('k', 'a', { v: 'a2' })).toBe(false);
    expect(memo.changed('k', 'b', b)).toBe(false);
    expect(memo.changed('k', 'c', c)).toBeUndefined();
    memo.forget('k');
    expect(memo.changed('k', 'a', { v: 'a2' })).toBeUndefined();
  });
});
