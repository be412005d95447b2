/**
 * The drift matcher: is the live object still what we would apply? It answers without a request and
 * decides whether an update writes at all, so a converged child costs no write.
 *
 * How fields merge comes from the kind's {@link FieldStructure} — what the API server's OpenAPI v3 schema
 * says, for built-in kinds and custom resources alike (the client fetches it, see `schemaFor`). The rules,
 * each there because the API server or another controller changes objects in ways that are not drift:
 * - Only fields the desired object sets are compared. What the server fills in (defaults such as
 *   `terminationMessagePath`, `clusterIP`, `status`, server-managed metadata) and fields other managers set
 *   (an HPA's `replicas` when the spec sets none, a user's annotation) are not drift.
 * - Lists: `x-kubernetes-list-type: map` lists match items by their `x-kubernetes-list-map-keys` (a missing
 *   key field takes the schema's default, a port's `protocol: TCP`); `set` lists match scalars by value; in
 *   both, items only the live object has belong to someone else and are not drift. Any other list — `atomic`,
 *   or one the schema says nothing about — is compared whole: same length, item by item.
 * - Maps: keys only the live object has are someone else's, except in an `x-kubernetes-map-type: atomic`
 *   map of values (a Service's `spec.selector`), which an apply replaces whole, so an added key is drift.
 * - Server normalisation is not drift: quantities compare as the server stores them (`0.5` = `500m`,
 *   `0.0001` CPU is stored as `1m`), an int-or-string number equals its decimal string, and a field the
 *   schema does not know (and does not preserve) is dropped by the server, so it is not compared.
 * - A zero value (`false`, `0`, `""`, `{}`, `[]`) equals absence only for the fields of a built-in kind's
 *   object, which the server omits when zero. A map value or a list item is a value even when empty: a
 *   ConfigMap key holding `""` that someone removed is drift.
 * - Without a structure (no schema published for the kind) every list is compared whole and every zero is a
 *   value: the strict reading, which can cost a write but never misses one.
 * - A field that was set before and no longer is: the set of field paths of the desired object is hashed
 *   into the {@link APPLIED_FIELDS_ANNOTATION} annotation when the object is written (values are not hashed,
 *   so no Secret value leaves the process). When the desired paths change, the hashes differ, and the next
 *   server-side apply removes the dropped fields.
 */
import { createHash } from 'node:crypto';
import type { FieldStructure } from './field-structure.js';
import type { KubeObject } from './objects.js';
import { quantityStoredAs } from './quantity.js';

/** Annotation holding a hash of the field paths Orkestra last applied (see the module comment). */
export const APPLIED_FIELDS_ANNOTATION = 'orkestra.io/applied-fields';

/** One field where the live object differs from the desired one. */
export interface DriftedField {
  /** Path such as `spec.template.spec.containers[web].image` (map-list items by key) or `metadata.labels.app`. */
  path: string;
  /**
   * `changed`: a different value; `missing`: the live object lacks it; `fields`: the set of fields Orkestra sets
   * changed.
   */
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
   * How the kind's fields merge, from the API server's OpenAPI v3 schema (`kube.schemaFor(apiVersion, kind)`).
   * Without it every list is compared whole and every zero value is a value (see the module comment).
   */
  structure?: FieldStructure | undefined;
}

type Json = unknown;
type JsonMap = Record<string, Json>;

/** Where a value sits in its parent: decides whether a zero value may be missing from the live object. */
type Place = 'field' | 'value' | 'item';

function isMap(v: Json): v is JsonMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isZero(v: Json): boolean {
  return (
    v === false ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (isMap(v) && Object.keys(v).length === 0)
  );
}

/**
 * The key of a map-list item: its key fields' values (defaults filled in), `/`-joined; undefined when one is missing.
 */
function itemKey(item: Json, s: FieldStructure): string | undefined {
  if (!isMap(item)) return undefined;
  const parts: string[] = [];
  for (const field of s.listMapKeys ?? []) {
    const value = item[field] ?? s.items?.properties?.[field]?.default;
    if (value === undefined || value === null || isMap(value) || Array.isArray(value)) return undefined;
    parts.push(String(value));
  }
  return parts.join('/');
}

function scalarEqual(desired: Json, live: Json, s: FieldStructure | undefined, place: Place): boolean {
  if (desired === live) return true;
  // A quantity may be given as a number (`cpu: 0.5`); the server stores its canonical string (`500m`).
  if (
    s?.scalar === 'quantity' &&
    (typeof desired === 'string' || typeof desired === 'number') &&
    typeof live === 'string'
  ) {
    return quantityStoredAs(String(desired), live, place === 'value');
  }
  if (typeof desired === 'number' && typeof live === 'string') return String(desired) === live;
  if (typeof desired === 'string' && typeof live === 'number') return desired === String(live);
  return false;
}

class Matcher {
  readonly drifted: DriftedField[] = [];
  constructor(private readonly options: MatchOptions) {}

  private ignored(path: string): boolean {
    return (
      this.options.ignorePaths?.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`)) ?? false
    );
  }

  private report(path: string, reason: DriftedField['reason'], desired: Json, live: Json): void {
    const hide = this.options.redact?.(path) ?? false;
    const entry: DriftedField = { path, reason, desired: hide ? '[redacted]' : desired };
    if (reason !== 'missing') entry.live = hide ? '[redacted]' : live;
    this.drifted.push(entry);
  }

  /** `omits`: the parent is a built-in object whose zero-valued fields the server leaves out. */
  compare(desired: Json, live: Json, path: string, s: FieldStructure | undefined, place: Place, omits: boolean): void {
    if (desired === undefined || desired === null || this.ignored(path)) return;
    if (live === undefined || live === null) {
      if (!(place === 'field' && omits && isZero(desired))) this.report(path, 'missing', desired, live);
      return;
    }
    if (Array.isArray(desired)) return this.compareList(desired, live, path, s);
    if (isMap(desired))
      return isMap(live) ? this.compareMap(desired, live, path, s) : this.report(path, 'changed', desired, live);
    if (!scalarEqual(desired, live, s, place)) this.report(path, 'changed', desired, live);
  }

  private compareMap(desired: JsonMap, live: JsonMap, path: string, s: FieldStructure | undefined): void {
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (s?.values && !s.properties) {
      for (const key of Object.keys(desired)) this.compare(desired[key], live[key], at(key), s.values, 'value', false);
      if (s.mapType === 'atomic') {
        for (const key of Object.keys(live))
          if (!(key in desired)) this.report(at(key), 'changed', undefined, live[key]);
      }
      return;
    }
    for (const key of Object.keys(desired)) {
      const field = s?.properties?.[key];
      // A field the schema neither names nor preserves is dropped by the server: it can never be in sync.
      if (!field && s?.properties && !s.preserveUnknownFields && !s.values) continue;
      this.compare(desired[key], live[key], at(key), field ?? s?.values, 'field', s?.omitsZero ?? false);
    }
  }

  private compareList(desired: Json[], live: Json, path: string, s: FieldStructure | undefined): void {
    if (!Array.isArray(live)) return this.report(path, 'changed', desired, live);
    if (s?.listType === 'map' && s.listMapKeys?.length) return this.compareMapList(desired, live, path, s);
    if (s?.listType === 'set') {
      const missing = desired.filter((d) => !live.some((l) => scalarEqual(d, l, s.items, 'item')));
      if (missing.length > 0) this.report(path, 'changed', desired, live);
      return;
    }
    if (desired.length !== live.length) return this.report(path, 'changed', desired, live);
    if (desired.every((d) => !isMap(d) && !Array.isArray(d))) {
      if (!desired.every((d, i) => scalarEqual(d, live[i], s?.items, 'item')))
        this.report(path, 'changed', desired, live);
      return;
    }
    desired.forEach((d, i) => this.compare(d, live[i], `${path}[${i}]`, s?.items, 'item', false));
  }

  private compareMapList(desired: Json[], live: Json[], path: string, s: FieldStructure): void {
    const byKey = new Map<string, Json>();
    for (const item of live) {
      const k = itemKey(item, s);
      if (k !== undefined) byKey.set(k, item);
    }
    for (const item of desired) {
      const key = itemKey(item, s);
      const itemPath = `${path}[${key ?? '?'}]`;
      const match = key === undefined ? undefined : byKey.get(key);
      if (match === undefined) this.report(itemPath, 'missing', item, undefined);
      else this.compare(item, match, itemPath, s.items, 'item', false);
    }
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
  const s = options.structure;
  const metaStructure = s?.properties?.metadata;
  const field = (name: string) => metaStructure?.properties?.[name];
  const omits = metaStructure?.omitsZero ?? false;
  const meta = desired.metadata;
  m.compare(meta.labels, live.metadata.labels, 'metadata.labels', field('labels'), 'field', omits);
  const annotations = meta.annotations ? { ...meta.annotations } : undefined;
  const wantedFields = annotations?.[APPLIED_FIELDS_ANNOTATION];
  if (annotations) delete annotations[APPLIED_FIELDS_ANNOTATION];
  if (annotations && Object.keys(annotations).length > 0)
    m.compare(annotations, live.metadata.annotations, 'metadata.annotations', field('annotations'), 'field', omits);
  m.compare(
    meta.ownerReferences,
    live.metadata.ownerReferences,
    'metadata.ownerReferences',
    field('ownerReferences'),
    'field',
    omits,
  );
  const { apiVersion: _a, kind: _k, metadata: _m, status: _s, ...rest } = desired;
  const { apiVersion: _la, kind: _lk, metadata: _lm, status: _ls, ...liveRest } = live;
  m.compare(rest, liveRest, '', s, 'field', false);
  if (wantedFields !== undefined && live.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION] !== wantedFields) {
    m.drifted.push({
      path: `metadata.annotations.${APPLIED_FIELDS_ANNOTATION}`,
      reason: 'fields',
      desired: wantedFields,
      live: live.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION],
    });
  }
  return { inSync: m.drifted.length === 0, drifted: m.drifted };
}

/** Every leaf path `value` sets; list items by index, so dropping an item or a field of one changes the set. */
function collectPaths(value: Json, path: string, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(path);
    value.forEach((v, i) => collectPaths(v, `${path}[${i}]`, out));
    return;
  }
  if (isMap(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) out.push(path);
    for (const k of keys) collectPaths(value[k], path ? `${path}.${k}` : k, out);
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
  collectPaths({ labels: metadata.labels, annotations, ownerReferences: metadata.ownerReferences }, 'metadata', paths);
  collectPaths(rest, '', paths);
  paths.sort();
  return createHash('sha256').update(paths.join('\n')).digest('hex').slice(0, 16);
}

/**
 * `obj` with {@link APPLIED_FIELDS_ANNOTATION} set to {@link appliedFieldsHash}; what the create and update
 * flows write, so the matcher can tell when a field was dropped from the desired object.
 */
export function withAppliedFields<T extends KubeObject>(obj: T): T {
  return {
    ...obj,
    metadata: {
      ...obj.metadata,
      annotations: { ...obj.metadata.annotations, [APPLIED_FIELDS_ANNOTATION]: appliedFieldsHash(obj) },
    },
  };
}
