/**
 * Deep freezing of the specs a planner memoises: they are shared by every reconcile of one CR version, so
 * nothing may change them in place — which is what the planner promises their handlers when it calls them
 * with `memoisable: true` (core's `ChildWriteOptions`).
 *
 * A memoised spec is kept for as long as its CR version lives, and about half of the objects of a resolved
 * spec are empty (`annotations: {}`, `env: []`, `nodeSelector: {}`…): once frozen, one empty object or array
 * serves them all, so each is replaced by a shared frozen one.
 */

const EMPTY_OBJECT: object = Object.freeze({});
const EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);

/** The shared frozen empty that can stand for `value` (a plain empty object or array), or undefined. */
function sharedEmpty(value: unknown): object | undefined {
  if (typeof value !== 'object' || value === null || Reflect.ownKeys(value).length > (Array.isArray(value) ? 1 : 0))
    return undefined;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return proto === Array.prototype && value.length === 0 ? EMPTY_ARRAY : undefined;
  return proto === Object.prototype ? EMPTY_OBJECT : undefined;
}

/**
 * Freezes `value` and everything reachable from it (typed arrays and buffers are left as they are); returns it.
 * Plain empty objects and arrays inside it are replaced by shared frozen ones (never `value` itself).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  if (value instanceof ArrayBuffer) return value;
  const record = value as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    const empty = sharedEmpty(record[key]);
    const property = empty && Object.getOwnPropertyDescriptor(value, key);
    if (property?.writable && property.configurable) record[key] = empty;
  }
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze(record[key]);
  return value;
}
