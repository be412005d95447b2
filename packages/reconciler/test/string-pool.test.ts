import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { StringPool } from '../src/machinery/string-pool.js';

/** Two parses of the same text: equal strings, distinct copies (as two watch events give). */
const parsed = () =>
  JSON.parse(
    JSON.stringify({
      apiVersion: 'apps/v1',
      metadata: { name: 'web', uid: 'u-1', namespace: 'shop', labels: { 'managed-by': 'orkestra' } },
      spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.27', args: ['--port', '80'] }] } } },
    }),
  );

describe('StringPool', () => {
  it('leaves every value equal, and makes repeated values one copy (the same string object for the pool)', () => {
    const pool = new StringPool();
    const a = pool.internAll(parsed());
    const b = pool.internAll(parsed());
    expect(a).toEqual(parsed());
    expect(b).toEqual(parsed());
    // Strings are values in JS: the pool's effect is seen through what it holds, not through identity.
    expect(pool.size).toBe(6); // apps/v1, shop, orkestra, nginx:1.27, --port, 80 — not name or uid
  });

  it('does not pool the values of unique keys, nor long strings, nor frozen objects', () => {
    const pool = new StringPool();
    pool.internAll({ metadata: { name: 'n', uid: 'u', resourceVersion: '1', generateName: 'g-' } });
    expect(pool.size).toBe(0);
    pool.internAll({ data: { big: 'x'.repeat(300) } });
    expect(pool.size).toBe(0);
    const frozen = Object.freeze({ image: 'nginx' });
    expect(pool.internAll(frozen)).toBe(frozen);
    expect(pool.size).toBe(0);
  });

  it('stays bounded: a full pool starts again', () => {
    const pool = new StringPool(10);
    for (let i = 0; i < 25; i++) pool.intern(`value-${i}`);
    expect(pool.size).toBeLessThanOrEqual(10);
    expect(pool.intern('value-24')).toBe('value-24');
  });
});

describe('StringPool in the heap', () => {
  it('holds 100 000 parsed copies of a repeated value in far less heap than unpooled copies', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const text = JSON.stringify({ spec: { image: 'registry.example.com/team/website:1.27.3-alpine-amd64' } });
    const heapOf = (pool: StringPool | undefined) => {
      gc();
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: 100_000 }, () => {
        const o = JSON.parse(text);
        return pool ? pool.internAll(o) : o;
      });
      gc();
      gc();
      const used = process.memoryUsage().heapUsed - before;
      expect(kept).toHaveLength(100_000);
      return used;
    };
    const unpooled = heapOf(undefined);
    const pooled = heapOf(new StringPool());
    // Each unpooled copy of the 52-character value takes ~72 bytes: ~7 MB for 100 000 (noise: well under 1 MB).
    expect(unpooled - pooled).toBeGreaterThan(100_000 * 40);
  });
});
