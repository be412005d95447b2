/**
 * The schemas of the kinds a configuration makes, and the literal values of native manifests against them: the
 * OpenAPI v3 schema the cluster publishes (built-in kinds and installed CRDs alike) or a CRD given with the
 * configuration. A literal `replicas: three` is refused for every CR, so it is reported before any CR exists:
 * a value of the wrong type, a value outside an enum, a field the schema does not have. Templated strings
 * (`{{…}}`) are left out: only a CR can tell what they become (a single-expression template may well give a
 * number).
 */
import type { FieldStructure, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { fieldStructuresOf, type OpenApiDocument, type OpenApiSchema, templateKindOf } from '@orkestra/core/internal';
import { childSource } from '../child-source.js';
import { childTemplates } from '../child-templates.js';
import type { HandlerTemplates } from '../config.js';
import type { ProblemList } from './problems.js';

/** A kind's schema and the document its `$ref`s point into. */
export interface KindSchema {
  schema: OpenApiSchema;
  /** Where `#/components/schemas/…` references resolve. */
  components?: Readonly<Record<string, OpenApiSchema>>;
  /** Where the schema came from, for messages: `the cluster's OpenAPI`, `crd.yaml`. */
  source: string;
}

/** A kind the cluster asked does not serve (no CRD of it installed there, none given). */
export interface UnservedKind {
  unserved: string;
}

/** Finds the schema of a kind, or `undefined` when none is at hand, or says the cluster does not serve it. */
export type SchemaLookup = (apiVersion: string, kind: string) => Promise<KindSchema | UnservedKind | undefined>;

/** The kind schemas a configuration needs, found ahead (see {@link collectKindSchemas}), by `apiVersion/kind`. */
export type KindSchemas = ReadonlyMap<string, KindSchema | UnservedKind>;

/** The kind's schema in a group-version's OpenAPI v3 document. */
export function kindSchemaOf(
  doc: OpenApiDocument,
  apiVersion: string,
  kind: string,
  source: string,
): KindSchema | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const components = doc.components?.schemas ?? {};
  for (const schema of Object.values(components)) {
    const gvks = schema['x-kubernetes-group-version-kind'] ?? [];
    if (gvks.some((g) => (g.group ?? '') === group && g.version === version && g.kind === kind))
      return { schema, components, source };
  }
  return undefined;
}

const structures = new WeakMap<KindSchema, FieldStructure | undefined>();

/** The field structure of a kind's schema (its `$ref`s resolved), as core's drift matcher reads it. */
export function structureOf(found: KindSchema): FieldStructure | undefined {
  if (structures.has(found)) return structures.get(found);
  const gvk = [{ group: 'analysis', version: 'v1', kind: 'Kind' }];
  const doc = {
    components: {
      schemas: {
        ...found.components,
        'orkestra.analysis.Kind': { ...found.schema, 'x-kubernetes-group-version-kind': gvk },
      },
    },
  };
  const structure = fieldStructuresOf(doc).get('analysis/v1/Kind');
  structures.set(found, structure);
  return structure;
}

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** The kind a child template makes, when its apiVersion and kind are literal. */
export function literalKindOf(handler: Handler, source: unknown): { apiVersion: string; kind: string } | undefined {
  try {
    const { apiVersion, kind } = templateKindOf(handler, source);
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined; // a stand-in handler
    return apiVersion.includes('{{') || kind.includes('{{') ? undefined : { apiVersion, kind };
  } catch {
    return undefined;
  }
}

/**
 * Keys of a manifest template that are Orkestra's or checked by the manifests package itself (the item's own
 * settings, `when`, `forEach`, `readyWhen`…, are already split off by `childSource`).
 */
const NOT_OF_THE_KIND = new Set(['apiVersion', 'kind', 'metadata', 'recreate', 'when']);
const REF = '#/components/schemas/';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';

type Found = { path: string; message: string; hint?: string };

class Checker {
  readonly found: Found[] = [];

  constructor(
    private readonly kind: string,
    private readonly components: Readonly<Record<string, OpenApiSchema>>,
  ) {}

  /** The schema with its `$ref` and single-`allOf` wrappers resolved; `quantity`/`int-or-string` named. */
  private resolve(schema: OpenApiSchema): { schema: OpenApiSchema; special?: 'quantity' | 'int-or-string' } {
    let s = schema;
    for (let depth = 0; depth < 32; depth++) {
      const ref = s.$ref ?? (s.allOf?.length === 1 ? s.allOf[0]?.$ref : undefined);
      if (!ref?.startsWith(REF)) break;
      const name = ref.slice(REF.length);
      if (name === QUANTITY) return { schema: s, special: 'quantity' };
      if (name === INT_OR_STRING) return { schema: s, special: 'int-or-string' };
      const next = this.components[name];
      if (!next) break;
      s = next;
    }
    if (s['x-kubernetes-int-or-string']) return { schema: s, special: 'int-or-string' };
    return { schema: s };
  }

  check(value: unknown, schema: OpenApiSchema, path: string): void {
    if (value === undefined || value === null) return; // templated, or null (the server drops it)
    const { schema: s, special } = this.resolve(schema);
    const at = `a ${this.kind}'s ${path}`;
    const shown = JSON.stringify(value);
    if (special !== undefined) {
      if (typeof value !== 'string' && typeof value !== 'number')
        this.add(path, `is ${shown}, but ${at} is a ${SPECIAL_TYPES[special]}`);
      return;
    }
    const mismatch = typeMismatch(value, s.type);
    if (mismatch)
      return this.add(path, `is ${shown} (${describe(value)}), but ${at} is ${mismatch.expected}`, mismatch.hint);
    if (Array.isArray(s.enum) && !s.enum.includes(value))
      return this.add(path, `is ${shown}, but ${at} is one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (Array.isArray(value)) {
      if (s.items) value.forEach((item, i) => this.check(item, s.items!, `${path}[${i}]`));
      return;
    }
    if (typeof value === 'object') this.checkObject(value as Record<string, unknown>, s, path);
  }

  private add(path: string, message: string, hint?: string): void {
    this.found.push({ path, message, ...(hint ? { hint } : {}) });
  }

  private checkObject(value: Record<string, unknown>, s: OpenApiSchema, path: string): void {
    const properties = s.properties;
    const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    for (const [key, v] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      const own = properties?.[key];
      if (own) this.check(v, own, field);
      else if (extra) this.check(v, extra, field);
      else if (properties && !s['x-kubernetes-preserve-unknown-fields'] && s.additionalProperties !== true)
        this.found.push({
          path: field,
          message: `is not a field of ${this.kind}${path ? ` ${path}` : ''}`,
          hint: fieldsHint(this.kind, path, Object.keys(properties)),
        });
    }
  }
}

/** What a quantity or an int-or-string field takes. */
const SPECIAL_TYPES = { quantity: 'quantity (like 500m or 1Gi)', 'int-or-string': 'number or a string' } as const;

/** What a schema of `type` takes that `value` is not, with a hint where one helps; `undefined` when it fits. */
function typeMismatch(value: unknown, type: unknown): { expected: string; hint?: string | undefined } | undefined {
  switch (type) {
    case 'integer':
      return Number.isInteger(value) ? undefined : { expected: 'an integer', hint: unquoteHint(value) };
    case 'number':
      return typeof value === 'number' ? undefined : { expected: 'a number', hint: unquoteHint(value) };
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { expected: 'true or false', hint: unquoteHint(value) };
    case 'string':
      return typeof value === 'string' ? undefined : { expected: 'a string', hint: 'quote the value' };
    case 'array':
      return Array.isArray(value) ? undefined : { expected: 'a list' };
    case 'object':
      return typeof value === 'object' && !Array.isArray(value) ? undefined : { expected: 'an object' };
    default:
      return undefined;
  }
}

function fieldsHint(kind: string, path: string, fields: string[]): string {
  const explain = `kubectl explain ${[kind.toLowerCase(), ...(path ? [path.replace(/\[\d+\]/g, '')] : [])].join('.')}`;
  return fields.length <= 12 ? `the fields there are ${fields.sort().join(', ')}` : `see ${explain}`;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function unquoteHint(value: unknown): string | undefined {
  return typeof value === 'string' ? 'write the value without quotes, or template it from the CR' : undefined;
}

/** `value` with every templated string left out (`undefined`). */
function withoutTemplates(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('{{') ? undefined : value;
  if (Array.isArray(value)) return value.map(withoutTemplates);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutTemplates(v)]));
  return value;
}

/**
 * Every literal value of the native manifests (children of handlers of any kind) that its kind's schema
 * refuses, into `list`; a path already in `known` is not reported twice. A child whose apiVersion or kind is
 * templated, or whose kind has no schema at hand, is not checked.
 */
export function checkManifestSchemas(
  resources: Readonly<Record<string, HandlerTemplates>>,
  handlers: ReadonlyMap<string, Handler>,
  schemas: KindSchemas,
  list: ProblemList,
  known: ReadonlySet<string>,
): void {
  for (const { handlerKey, field, template } of childTemplates(resources)) {
    if (!handlers.get(handlerKey)?.kindOf) continue;
    const source = childSource(template).source;
    const { apiVersion, kind } = source;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') continue;
    const found = schemas.get(`${apiVersion}/${kind}`);
    if (!found) continue;
    const at = `resources.${field}`;
    if ('unserved' in found) list.addNew([unservedProblem(at, apiVersion, kind, found)], known);
    else list.addNew(literalProblems(source, kind, found, at), known);
  }
}

/** A manifest of a kind the cluster asked does not serve: `run` would refuse to start. */
function unservedProblem(at: string, apiVersion: string, kind: string, found: UnservedKind): Found {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : 'the core group';
  return {
    path: `${at}.kind`,
    message: `${found.unserved} does not serve kind ${kind} in ${apiVersion} (run would refuse to start)`,
    hint: `install the CustomResourceDefinition of ${kind} (group ${group}) there, or fix apiVersion and kind`,
  };
}

/** The literal values of the manifest `source` (at `at`) that its kind's schema refuses. */
function literalProblems(
  source: Readonly<Record<string, unknown>>,
  kind: string,
  found: KindSchema,
  at: string,
): Found[] {
  const checker = new Checker(kind, found.components ?? {});
  const fields = Object.fromEntries(Object.entries(source).filter(([k]) => !NOT_OF_THE_KIND.has(k)));
  checker.check(withoutTemplates(fields), { ...found.schema, properties: topLevel(found.schema) }, '');
  return checker.found.map((p) => ({ ...p, path: `${at}.${p.path}`, message: `${p.message} (${found.source})` }));
}

/** The kind's top-level fields without apiVersion, kind and metadata (which the manifests package checks). */
function topLevel(schema: OpenApiSchema): Record<string, OpenApiSchema> | undefined {
  if (!schema.properties) return undefined;
  return Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !NOT_OF_THE_KIND.has(k)));
}
