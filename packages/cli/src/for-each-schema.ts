/**
 * A forEach template against the owner's CRD schema: the list or map it repeats over must be a CR path the
 * schema has (`forEach: spec.sitez` → "did you mean spec.sites?"), and `{{item.…}}` reads that list's items,
 * so the item is checked against the items' schema where the CRD gives one.
 */
import type { JsonSchema } from '@orkestra/core';

const ANY: JsonSchema = { 'x-kubernetes-preserve-unknown-fields': true };

/** The schema at dotted `path` (`spec.sites`) of `schema`, or `undefined` where the schema does not say. */
function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    at = at?.properties?.[part];
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * The schema of one item of the CR list or map at `forEach`: the array's `items`, the map's
 * `additionalProperties`; anything else (unknown, preserved, not a path) reads as any value.
 */
export function forEachItemSchema(schema: JsonSchema, forEach: unknown): JsonSchema {
  const list = typeof forEach === 'string' ? schemaAt(schema, forEach) : undefined;
  if (list?.type === 'array' && list.items && typeof list.items === 'object') return list.items as JsonSchema;
  const values = list?.additionalProperties;
  if (list?.type === 'object' && values && typeof values === 'object') return values as JsonSchema;
  return ANY;
}

/** `schema` with a forEach template's own names beside the CR's fields: its `item`, `index` and `key`. */
export function withForEachItem(schema: JsonSchema, forEach: unknown): JsonSchema {
  const item = forEachItemSchema(schema, forEach);
  return { ...schema, properties: { ...(schema.properties ?? {}), item, index: ANY, key: ANY } };
}
