/**
 * What a new schema of a kind would break in the objects already stored as the old one: a field removed (the API
 * server prunes it from every object on its next write), a field's type changed, a field newly required (every
 * stored object without it fails validation on its next update). Pure; rules (CEL) are not compared.
 */

/** The part of an OpenAPI schema compared. */
export interface ComparedSchema {
  type?: string;
  properties?: Record<string, ComparedSchema>;
  items?: ComparedSchema;
  required?: string[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

/** Each change of `wanted` against `live` that breaks stored objects, in words, with the field's path. */
export function breakingChanges(
  live: ComparedSchema | undefined,
  wanted: ComparedSchema | undefined,
  path: string,
): string[] {
  if (!live || !wanted) return [];
  if (live.type && wanted.type && live.type !== wanted.type)
    return [`${path} changes type from ${live.type} to ${wanted.type}`];
  const out: string[] = [];
  const before = live.properties ?? {};
  const after = wanted.properties ?? {};
  for (const [name, schema] of Object.entries(before)) {
    if (!(name in after)) {
      if (!wanted['x-kubernetes-preserve-unknown-fields']) out.push(`${path}.${name} is removed`);
      continue;
    }
    out.push(...breakingChanges(schema, after[name], `${path}.${name}`));
  }
  const required = new Set(live.required ?? []);
  for (const name of wanted.required ?? []) if (!required.has(name)) out.push(`${path}.${name} becomes required`);
  out.push(...breakingChanges(live.items, wanted.items, `${path}[]`));
  return out;
}
