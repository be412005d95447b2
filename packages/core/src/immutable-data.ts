/**
 * What an immutable ConfigMap or Secret (`immutable: true`) refuses: any change of its data — a value, a new
 * key, a removed key — and turning `immutable` off. Shared by the configmaps and secrets packages.
 */
import type { ImmutableChange } from './children.js';
import type { DriftedField } from './drift.js';
import type { KubeObject } from './objects.js';

/**
 * The changes between `live` and `desired` that an immutable object refuses, or none when `live` is not
 * immutable. `fields` are its data fields (`['data', 'binaryData']` for a ConfigMap).
 *
 * @example
 * immutableDataChanges(drifted, live, desired, { kind: 'ConfigMap', fields: ['data', 'binaryData'] });
 * // [{ path: 'data.a', reason: 'the ConfigMap is immutable' }]
 */
export function immutableDataChanges(
  drifted: readonly DriftedField[],
  live: KubeObject,
  desired: KubeObject | undefined,
  options: { kind: string; fields: readonly string[] },
): ImmutableChange[] {
  if (live.immutable !== true) return [];
  const reason = `the ${options.kind} is immutable`;
  const touches = (path: string) =>
    path === 'immutable' || options.fields.some((f) => path === f || path.startsWith(`${f}.`));
  const changes: ImmutableChange[] = drifted.filter((d) => touches(d.path)).map((d) => ({ path: d.path, reason }));
  if (!desired) return changes;
  for (const field of options.fields) {
    const wanted = (desired[field] ?? {}) as Record<string, unknown>;
    for (const key of Object.keys((live[field] ?? {}) as Record<string, unknown>)) {
      if (!(key in wanted)) changes.push({ path: `${field}.${key}`, reason: `${reason}: a key cannot be removed` });
    }
  }
  if (desired.immutable !== true && !changes.some((c) => c.path === 'immutable'))
    changes.push({ path: 'immutable', reason: `${reason}: it cannot be made mutable again` });
  return changes;
}
