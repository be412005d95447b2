/**
 * Server-side apply, as far as a controller's phases need it: which fields each manager set, so that an apply
 * merges into the object and removes the fields the same manager set before and no longer sets. Lists are
 * atomic (replaced whole) and there is no conflict detection between managers: every apply of a controller is
 * forced. Records take the API server's managedFields shape (`fieldsV1` with `f:` keys), so code that reads
 * ownership (the lifecycle's take-over of list items) finds entries where it looks.
 */
import type { KubeObject } from '@orkestra/core';

type Json = Record<string, unknown>;

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Server-managed metadata: never a manager's field. */
const SERVER_METADATA = new Set([
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'managedFields',
  'selfLink',
]);

/** The leaf paths an applied object sets (maps are walked; a list or a scalar is one field). */
export function fieldPaths(obj: Json, prefix: readonly string[] = []): string[][] {
  const out: string[][] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (prefix.length === 0 && (key === 'apiVersion' || key === 'kind' || key === 'status')) continue;
    if (prefix.length === 1 && prefix[0] === 'metadata' && SERVER_METADATA.has(key)) continue;
    if (prefix.length === 0 && key === 'metadata' && isMap(value)) {
      out.push(...fieldPaths(value, ['metadata']).filter((p) => p.length > 1));
      continue;
    }
    if (isMap(value) && Object.keys(value).length > 0) out.push(...fieldPaths(value, [...prefix, key]));
    else out.push([...prefix, key]);
  }
  return out;
}

/** `fieldsV1` of a set of paths: `{ "f:spec": { "f:replicas": {} } }`. */
export function fieldsV1Of(paths: readonly (readonly string[])[]): Json {
  const root: Json = {};
  for (const path of paths) {
    let node = root;
    for (const key of path) node = (node[`f:${key}`] ??= {}) as Json;
  }
  return root;
}

/** The paths of a `fieldsV1` tree (inverse of {@link fieldsV1Of}; keys other than `f:` are leaves). */
export function pathsOfFieldsV1(fields: Json, prefix: readonly string[] = []): string[][] {
  const out: string[][] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (!key.startsWith('f:')) continue;
    const path = [...prefix, key.slice(2)];
    const below = isMap(value) ? pathsOfFieldsV1(value, path) : [];
    if (below.length) out.push(...below);
    else out.push(path);
  }
  return out;
}

/** `applied` merged into `live`: maps merged key by key, anything else replaced. */
export function mergeApplied(live: unknown, applied: unknown): unknown {
  if (!isMap(live) || !isMap(applied)) return structuredClone(applied);
  const out: Json = { ...live };
  for (const [key, value] of Object.entries(applied)) out[key] = mergeApplied(live[key], value);
  return out;
}

/** Removes the field at `path` from `obj`, and maps it leaves empty on the way up. */
export function removePath(obj: Json, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in obj)) return;
  if (rest.length === 0) {
    delete obj[head];
    return;
  }
  const child = obj[head];
  if (!isMap(child)) return;
  removePath(child, rest);
  if (Object.keys(child).length === 0) delete obj[head];
}

const key = (p: readonly string[]) => p.join('\u0000');

/** A managedFields entry as the API server writes one. */
export interface FakeManagedFields {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Json;
  subresource?: string;
}

/**
 * The object after `manager` applied `applied` over `live` (undefined: a create): merged, and the fields the
 * manager set before and `applied` no longer sets removed — unless another manager also set them.
 */
export function applyAs(manager: string, live: KubeObject | undefined, applied: KubeObject): KubeObject {
  const entries = ((live?.metadata.managedFields ?? []) as FakeManagedFields[]).filter((e) => !e.subresource);
  const mine = entries.find((e) => e.manager === manager);
  const others = new Set(
    entries.filter((e) => e !== mine).flatMap((e) => pathsOfFieldsV1(e.fieldsV1).map((p) => key(p))),
  );
  const now = fieldPaths(applied as unknown as Json);
  const nowKeys = new Set(now.map(key));
  const merged = mergeApplied(live ?? {}, applied) as KubeObject;
  for (const path of mine ? pathsOfFieldsV1(mine.fieldsV1) : [])
    if (!nowKeys.has(key(path)) && !others.has(key(path))) removePath(merged as unknown as Json, path);
  const entry: FakeManagedFields = {
    manager,
    operation: 'Apply',
    apiVersion: applied.apiVersion,
    fieldsType: 'FieldsV1',
    fieldsV1: fieldsV1Of(now),
  };
  merged.metadata.managedFields = [...entries.filter((e) => e !== mine), entry];
  return merged;
}

/** Records `manager` as setting every field of `obj` (a create or a replace by that manager). */
export function recordWrite(manager: string | undefined, obj: KubeObject): void {
  if (!manager) return;
  const entries = ((obj.metadata.managedFields ?? []) as FakeManagedFields[]).filter((e) => e.manager !== manager);
  const paths = fieldPaths(obj as unknown as Json);
  entries.push({
    manager,
    operation: 'Apply',
    apiVersion: obj.apiVersion,
    fieldsType: 'FieldsV1',
    fieldsV1: fieldsV1Of(paths),
  });
  obj.metadata.managedFields = entries;
}
