/**
 * The schema check: does a CR path exist in the CRD's `openAPIV3Schema`? Run before any CR exists, so a typo
 * such as `spec.imag` is reported when the katalog loads, not on the first reconcile.
 *
 * Rules: `properties` name the known fields; `items` describes list items (`[0]`, `#each`); `additionalProperties`
 * (a schema or `true`) allows any key; `x-kubernetes-preserve-unknown-fields: true` allows anything below; a
 * schema with no type and no properties allows anything; `allOf`/`anyOf`/`oneOf` branches add their fields.
 * `apiVersion`, `kind` and the standard `metadata` fields are always known.
 */
import { joinPath } from './paths.js';
import { suggest } from './suggest.js';
import type { JsonSchema } from './types.js';

const ANY: JsonSchema = {};
const STRING: JsonSchema = { type: 'string' };
const STRING_MAP: JsonSchema = { type: 'object', additionalProperties: STRING };
const PRESERVE: JsonSchema = { 'x-kubernetes-preserve-unknown-fields': true };

/** `metadata` as the API server stores it (ObjectMeta); CRD schemas seldom spell it out. */
const OBJECT_META: JsonSchema = {
  type: 'object',
  properties: {
    name: STRING,
    generateName: STRING,
    namespace: STRING,
    uid: STRING,
    resourceVersion: STRING,
    generation: { type: 'integer' },
    creationTimestamp: STRING,
    deletionTimestamp: STRING,
    deletionGracePeriodSeconds: { type: 'integer' },
    labels: STRING_MAP,
    annotations: STRING_MAP,
    ownerReferences: { type: 'array', items: PRESERVE },
    finalizers: { type: 'array', items: STRING },
    managedFields: { type: 'array', items: PRESERVE },
    selfLink: STRING,
  },
};

/** Accepts the `openAPIV3Schema` itself, or a CRD version's `schema` holding it. */
export function rootSchema(schema: JsonSchema): JsonSchema {
  const inner = schema.openAPIV3Schema;
  const s = typeof inner === 'object' && inner !== null ? (inner as JsonSchema) : schema;
  return {
    ...s,
    type: 'object',
    properties: { ...(s.properties ?? {}), apiVersion: STRING, kind: STRING, metadata: OBJECT_META },
  };
}

function branches(s: JsonSchema): JsonSchema[] {
  return [s, ...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
}

function types(s: JsonSchema): string[] {
  const out: string[] = [];
  for (const b of branches(s)) {
    if (typeof b.type === 'string') out.push(b.type);
    else if (Array.isArray(b.type)) out.push(...(b.type as string[]));
  }
  return out;
}

function isOpen(s: JsonSchema): boolean {
  const all = branches(s);
  if (all.some((b) => b['x-kubernetes-preserve-unknown-fields'] === true)) return true;
  return all.every(
    (b) =>
      b.type === undefined &&
      b.properties === undefined &&
      b.items === undefined &&
      b.additionalProperties === undefined,
  );
}

function property(s: JsonSchema, key: string): JsonSchema | undefined {
  for (const b of branches(s)) {
    const p = b.properties?.[key];
    if (p !== undefined && Object.hasOwn(b.properties!, key)) return p;
  }
  return undefined;
}

function additional(s: JsonSchema): JsonSchema | undefined {
  for (const b of branches(s)) {
    if (b.additionalProperties === true) return ANY;
    if (typeof b.additionalProperties === 'object' && b.additionalProperties !== null) return b.additionalProperties;
  }
  return undefined;
}

function itemSchema(s: JsonSchema): JsonSchema | undefined {
  for (const b of branches(s)) {
    if (Array.isArray(b.items)) return (b.items as JsonSchema[])[0] ?? ANY;
    if (b.items !== undefined) return b.items as JsonSchema;
  }
  return types(s).includes('array') ? ANY : undefined;
}

function propertyNames(s: JsonSchema): string[] {
  const names: string[] = [];
  for (const b of branches(s)) if (b.properties) names.push(...Object.keys(b.properties));
  return names;
}

/** Why a path is not in the schema. */
interface SchemaMiss {
  /** The known part, normalised (`spec`), and the segment that is unknown (`imag`). */
  readonly parent: string;
  readonly key: string;
  /** Why, naming the known part: `spec has no field "imag"`. */
  readonly detail: string;
  readonly hint?: string | undefined;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/** `spec.items[*].name`: an absolute path with `[*]` for "any item". */
function showPath(parts: readonly string[]): string {
  return parts.reduce((out, p) => (p === '[]' ? `${out}[*]` : joinPath([p], out)), '');
}

/** Walks `parts` (from the CR root; `[]` is "any item") through `schema`; `undefined` when the path exists. */
export function findInSchema(schema: JsonSchema, parts: readonly string[]): SchemaMiss | undefined {
  let node = schema;
  for (let i = 0; i < parts.length; i++) {
    if (isOpen(node)) return undefined;
    const next = below(node, parts[i]!);
    if (next === undefined) return missAt(node, parts, i);
    node = next;
  }
  return undefined;
}

/**
 * The schema of `key` below `node`: a list's item (or a map's value) for an index, else a named field, `length`
 * of a list or a string, a map's value; `undefined` when `node` has no such field.
 */
function below(node: JsonSchema, key: string): JsonSchema | undefined {
  if (key === '[]' || INDEX.test(key))
    return itemSchema(node) ?? additional(node) ?? (INDEX.test(key) ? property(node, key) : undefined);
  const p = property(node, key);
  if (p !== undefined) return p;
  const t = types(node);
  // `length` reads as any value: what is below it is not checked.
  if (key === 'length' && (t.includes('array') || t.includes('string'))) return ANY;
  return additional(node);
}

/** Why `parts[i]` is not below `node`, which `parts[0..i)` reached. */
function missAt(node: JsonSchema, parts: readonly string[], i: number): SchemaMiss {
  const key = parts[i]!;
  const parent = showPath(parts.slice(0, i));
  const named = parent === '' ? 'the CR' : parent;
  if (key === '[]' || INDEX.test(key)) return { parent, key, detail: `${named} is not a list` };
  const t = types(node);
  const scalar = t.find((x) => x !== 'object');
  if (scalar !== undefined && !t.includes('object') && node.properties === undefined) {
    const what = scalar === 'array' ? 'a list' : `a ${scalar}`;
    return { parent, key, detail: `${named} is ${what}, it has no field ${JSON.stringify(key)}` };
  }
  const near = suggest(key, propertyNames(node));
  return {
    parent,
    key,
    detail: `${named} has no field ${JSON.stringify(key)}`,
    hint: near !== undefined ? `did you mean ${showPath([...parts.slice(0, i), near])}?` : undefined,
  };
}

/** The problem message for a path as written (`display`) that the schema does not have. */
export function schemaMessage(display: string, miss: SchemaMiss): string {
  return `${display} is not in the schema: ${miss.detail}`;
}
