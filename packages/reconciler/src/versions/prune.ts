/** Structural pruning, as the API server does it: what a version's schema does not declare is dropped. */

import type { OpenApiSchema } from '../owner-api.js';

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` without the fields `schema` does not declare (no `properties` entry, no `additionalProperties`,
 * no `x-kubernetes-preserve-unknown-fields`), at every depth — what the API server would store of it. Pure.
 */
export function pruned(value: unknown, schema: OpenApiSchema | undefined): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => pruned(item, schema.items)) : value;
  if (!isMap(value)) return value;
  const keepsUnknown = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const properties = schema.properties;
  const additional = schema.additionalProperties;
  if (!properties && additional === undefined) return keepsUnknown || schema.type !== 'object' ? value : {};
  const out: Json = {};
  for (const [key, field] of Object.entries(value)) {
    const declared = properties?.[key];
    if (declared) out[key] = pruned(field, declared);
    else if (isMap(additional)) out[key] = pruned(field, additional);
    else if (additional === true || keepsUnknown) out[key] = field;
  }
  return out;
}
