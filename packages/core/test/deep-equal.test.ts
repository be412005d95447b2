import { describe, expect, it } from '@jest/globals';
import { deepEqual } from '../src/internal.js';

describe('deepEqual', () => {
  it('ignores the order of keys, at any depth', () => {
    expect(deepEqual({ app: 'web', tier: 'front' }, { tier: 'front', app: 'web' })).toBe(true);
    expect(deepEqual({ m: { x: [{ a: 1, b: 2 }] } }, { m: { x: [{ b: 2, a: 1 }] } })).toBe(true);
    // What a JSON-string comparison gets wrong:
    expect(JSON.stringify({ app: 'web', tier: 'front' }) === JSON.stringify({ tier: 'front', app: 'web' })).toBe(false);
  });

  it('keeps the order of lists, strict types, and a key with undefined apart from a missing one', () => {
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(deepEqual({ a: null }, {})).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(false);
    expect(deepEqual(undefined, undefined)).toBe(true);
    expect(deepEqual('x', 'x')).toBe(true);
  });

  it('compares data, not prototypes: a structured clone (another realm under Jest) is equal', () => {
    const data = { spec: { ports: [{ port: 80 }] } };
    expect(deepEqual(structuredClone(data), data)).toBe(true);
    expect(deepEqual(Object.assign(Object.create(null), { a: 1 }), { a: 1 })).toBe(true);
  });
});
