/**
 * The drift matcher: is the live object still what we would apply? It answers without a request and
 * decides whether an update writes at all, so a converged child costs no write.
 *
 * Rules (each exists because the API server or another controller changes objects in ways that are not drift):
 * - Only fields the desired object sets are compared. What the server fills in (defaults such as
 *   `terminationMessagePath`, `clusterIP`, `status`, server-managed metadata) and fields other managers set
 *   (an HPA's `replicas` when the spec sets none, a user's annotation) are not drift.
 * - Quantities compare by value (`0.5` = `500m`, `1024Mi` = `1Gi`); a number and its decimal string are
 *   equal (int-or-string fields such as `targetPort`).
 * - Lists of named items (containers, env, volumes, ports, volumeMounts, ownerReferences…) are matched by
 *   their key, not by position; items only the live object has belong to someone else and are not drift
 *   (except at {@link MatchOptions.atomicPaths}, which compare whole).
 *   Lists of scalars (command, args) must be equal, in order.
 * - Map order never matters. A zero value the server omits (`false`, `0`, `""`, `{}`, `[]`) equals absence.
 * - A field that was set before and no longer is: the set of field paths of the desired object is hashed
 *   into the {@link APPLIED_FIELDS_ANNOTATION} annotation when the object is written (values are not hashed,
 *   so no Secret value leaves the process). When the desired paths change, the hashes differ, and the next
 *   server-side apply removes the dropped fields.
 */
import { createHash } from 'node:crypto';
import type { KubeObject } from './objects.js';
import { quantitiesEqual } from './quantity.js';

/** Annotation holding a hash of the field paths Orkestra last applied (see the module comment). */
export const APPLIED_FIELDS_ANNOTATION = 'orkestra.io/applied-fields';

/** One field where the live object differs from the desired one. */
export interface DriftedField {
  /** Path such as `spec.template.spec.containers[web].image` (list items by key) or `metadata.labels.app`. */
  path: string;
  /** `changed`: a different value; `missing`: the live object lacks it; `fields`: the set of fields Orkestra sets changed. */
  reason: 'changed' | 'missing' | 'fields';
  /** The desired value (`[redacted]` for redacted paths). */
  desired?: unknown;
  /** The live value (`[redacted]` for redacted paths). */
  live?: unknown;
}

/** The matcher's answer. */
export interface DriftResult {
  inSync: boolean;
  drifted: DriftedField[];
}

/** Options of {@link matchObject}. */
export interface MatchOptions {
  /** Paths (prefixes, in the matcher's notation) never compared, e.g. `spec.replicas` while an HPA owns it. */
  ignorePaths?: readonly string[];
  /** Returns true for paths whose values must not appear in the result (Secret data). */
  redact?: (path: string) => boolean;
  /**
   * Paths (exact, in the matcher's notation) of maps and keyed lists compared whole: a key or an item only
   * the live object has is drift too. For atomic fields such as a Service's `spec.selector`, which
   * server-side apply replaces as a whole, so a key someone added is removed by the next write.
   */
  atomicPaths?: readonly string[];
}

type Json = unknown;
type JsonMap = Record<string, Json>;

const QUANTITY_MAPS = new Set(['requests', 'limits', 'capacity', 'allocatable', 'hard', 'overhead']);
const QUANTITY_FIELDS = new Set(['sizeLimit', 'averageValue']);
const KEY_BY_FIELD: Record<string, (item: JsonMap) => string | undefined> = {
  volumeMounts: (i) => str(i.mountPath),
  volumeDevices: (i) => str(i.devicePath),
  ownerReferences: (i) => str(i.uid),
  conditions: (i) => str(i.type),
  hostAliases: (i) => str(i.ip),
  topologySpreadConstraints: (i) => (i.topologyKey === undefined ? undefined : `${str(i.topologyKey)}/${str(i.whenUnsatisfiable)}`),
  ports: (i) =>
    i.containerPort !== undefined
      ? `${String(i.containerPort)}/${str(i.protocol) ?? 'TCP'}`
      : i.port !== undefined
        ? `${String(i.port)}/${str(i.protocol) ?? 'TCP'}`
        : undefined,
};

function str(v: Json): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function isMap(v: Json): v is JsonMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isZero(v: Json): boolean {
  return v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0) || (isMap(v) && Object.keys(v).length === 0);
}

/** The key function for a list field, or undefined when its items are not matched by key. */
function keyFunction(field: string, items: readonly Json[]): ((item: JsonMap) => string | undefined) | undefined {
  if (!items.every(isMap)) return undefined;
  const special = KEY_BY_FIELD[field];
  if (special) return special;
  if (items.length > 0 && items.every((i) => typeof (i as JsonMap).name === 'string')) return (i) => str(i.name);
  return undefined;
}

function scalarEqual(desired: Json, live: Json, field: string, parent: string): boolean {
  if (desired === live) return true;
  if (typeof desired === 'number' && typeof live === 'string') return String(desired) === live;
  if (typeof desired === 'string' && typeof live === 'number') return desired === String(live);
  if (typeof desired === 'string' && typeof live === 'string') {
    if (QUANTITY_MAPS.has(parent) || QUANTITY_FIELDS.has(field) || (parent === 'target' && field === 'value')) return quantitiesEqual(desired, live);
  }
  return false;
}

class Matcher {
  readonly drifted: DriftedField[] = [];
  constructor(private readonly options: MatchOptions) {}

  private ignored(path: string): boolean {
    return this.options.ignorePaths?.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)) ?? false;
  }

  private atomic(path: string): boolean {
    return this.options.atomicPaths?.includes(path) ?? false;
  }

  private report(path: string, reason: DriftedField['reason'], desired: Json, live: Json): void {
    const hide = this.options.redact?.(path) ?? false;
    const entry: DriftedField = { path, reason, desired: hide ? '[redacted]' : desired };
    if (reason !== 'missing') entry.live = hide ? '[redacted]' : live;
    this.drifted.push(entry);
  }

  compare(desired: Json, live: Json, path: string, field: string, parent: string): void {
    if (desired === undefined || desired === null || this.ignored(path)) return;
    if (live === undefined || live === null) {
      if (!isZero(desired)) this.report(path, 'missing', desired, live);
      return;
    }
    if (Array.isArray(desired)) return this.compareList(desired, live, path, field);
    if (isMap(desired)) {
      if (!isMap(live)) return this.report(path, 'changed', desired, live);
      for (const key of Object.keys(desired)) this.compare(desired[key], live[key], path ? `${path}.${key}` : key, key, field);
      if (this.atomic(path)) {
        for (const key of Object.keys(live)) if (!(key in desired) && !isZero(live[key])) this.report(`${path}.${key}`, 'changed', undefined, live[key]);
      }
      return;
    }
    if (!scalarEqual(desired, live, field, parent)) this.report(path, 'changed', desired, live);
  }

  private compareList(desired: Json[], live: Json, path: string, field: string): void {
    if (!Array.isArray(live)) {
      if (!(isZero(desired) && isZero(live))) this.report(path, 'changed', desired, live);
      return;
    }
    const keyOf = keyFunction(field, desired);
    if (keyOf) {
      const byKey = new Map<string, Json>();
      for (const item of live) if (isMap(item)) { const k = keyOf(item); if (k !== undefined) byKey.set(k, item); }
      for (const item of desired as JsonMap[]) {
        const key = keyOf(item);
        const itemPath = `${path}[${key === undefined ? '?' : key}]`;
        const match = key === undefined ? undefined : byKey.get(key);
        if (match === undefined) this.report(itemPath, 'missing', item, undefined);
        else this.compare(item, match, itemPath, field, field);
      }
      if (this.atomic(path)) {
        const wanted = new Set((desired as JsonMap[]).map(keyOf));
        for (const [key, item] of byKey) if (!wanted.has(key)) this.report(`${path}[${key}]`, 'changed', undefined, item);
      }
      return;
    }
    if (desired.length !== live.length) return this.report(path, 'changed', desired, live);
    if (desired.every((d) => !isMap(d) && !Array.isArray(d))) {
      if (!desired.every((d, i) => scalarEqual(d, live[i], field, field))) this.report(path, 'changed', desired, live);
      return;
    }
    desired.forEach((d, i) => this.compare(d, live[i], `${path}[${i}]`, field, field));
  }
}

/**
 * Compares the object Orkestra would apply with the live one.
 *
 * @example
 * const { inSync, drifted } = matchObject(desiredDeployment, liveDeployment);
 * if (!inSync) console.log(drifted.map((d) => d.path)); // ['spec.template.spec.containers[web].image']
 */
export function matchObject(desired: KubeObject, live: KubeObject, options: MatchOptions = {}): DriftResult {
  const m = new Matcher(options);
  const meta = desired.metadata;
  m.compare(meta.labels, live.metadata.labels, 'metadata.labels', 'labels', 'metadata');
  const annotations = meta.annotations ? { ...meta.annotations } : undefined;
  const wantedFields = annotations?.[APPLIED_FIELDS_ANNOTATION];
  if (annotations) delete annotations[APPLIED_FIELDS_ANNOTATION];
  m.compare(annotations, live.metadata.annotations, 'metadata.annotations', 'annotations', 'metadata');
  m.compare(meta.ownerReferences, live.metadata.ownerReferences, 'metadata.ownerReferences', 'ownerReferences', 'metadata');
  for (const key of Object.keys(desired)) {
    if (key === 'apiVersion' || key === 'kind' || key === 'metadata' || key === 'status') continue;
    m.compare(desired[key], live[key], key, key, '');
  }
  if (wantedFields !== undefined && live.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION] !== wantedFields) {
    m.drifted.push({ path: `metadata.annotations.${APPLIED_FIELDS_ANNOTATION}`, reason: 'fields', desired: wantedFields, live: live.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION] });
  }
  return { inSync: m.drifted.length === 0, drifted: m.drifted };
}

function collectPaths(value: Json, path: string, field: string, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const keyOf = keyFunction(field, value);
    if (keyOf) for (const item of value as JsonMap[]) collectPaths(item, `${path}[${keyOf(item) ?? '?'}]`, field, out);
    else if (value.some((v) => isMap(v) || Array.isArray(v))) value.forEach((v, i) => collectPaths(v, `${path}[${i}]`, field, out));
    else out.push(path);
    return;
  }
  if (isMap(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) out.push(path);
    for (const k of keys) collectPaths(value[k], path ? `${path}.${k}` : k, k, out);
    return;
  }
  out.push(path);
}

/**
 * A short hash of the set of field paths `obj` sets (not of their values), ignoring
 * {@link APPLIED_FIELDS_ANNOTATION} itself. Equal for two objects that set the same fields.
 */
export function appliedFieldsHash(obj: KubeObject): string {
  const { metadata, apiVersion: _a, kind: _k, status: _s, ...rest } = obj;
  const annotations = { ...metadata.annotations };
  delete annotations[APPLIED_FIELDS_ANNOTATION];
  const paths: string[] = [];
  collectPaths({ labels: metadata.labels, annotations, ownerReferences: metadata.ownerReferences }, 'metadata', 'metadata', paths);
  collectPaths(rest, '', '', paths);
  paths.sort();
  return createHash('sha256').update(paths.join('\n')).digest('hex').slice(0, 16);
}

/**
 * `obj` with {@link APPLIED_FIELDS_ANNOTATION} set to {@link appliedFieldsHash}; what the create and update
 * flows write, so the matcher can tell when a field was dropped from the desired object.
 */
export function withAppliedFields<T extends KubeObject>(obj: T): T {
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [APPLIED_FIELDS_ANNOTATION]: appliedFieldsHash(obj) } } };
}
