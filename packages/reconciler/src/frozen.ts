/**
 * Deep freezing of the specs a planner memoises: they are shared by every reconcile of one CR version, so
 * nothing may change them in place, and a frozen spec is what lets a handler made with core's
 * `defineResource` remember that its child was in sync (see core's in-sync-memo.ts).
 */

/** Freezes `value` and everything reachable from it (typed arrays and buffers are left as they are); returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  if (value instanceof ArrayBuffer) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
