/**
 * The one deep equality of Orkestra's packages, for JSON data (objects as the API server sends them, values a
 * template builds): key order never matters, list order does, types are strict (`1` ≠ `'1'`, `null` ≠ absent).
 * Comparing `JSON.stringify` outputs instead depends on key order. Prototypes are not compared (unlike Node's
 * `isDeepStrictEqual`, or `dequal`): data cloned in another realm (`structuredClone`, a vm context) is equal data.
 */

/**
 * True when `a` and `b` hold the same data: the same primitive (`===`), or lists of equal items in the same
 * order, or maps with the same keys and equal values. A key whose value is `undefined` still counts as a key.
 *
 * @example
 * deepEqual({ app: 'web', tier: 'front' }, { tier: 'front', app: 'web' }); // true
 * deepEqual([1, 2], [2, 1]);                                               // false
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => deepEqual(x, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => Object.hasOwn(right, k) && deepEqual(left[k], right[k]));
}
