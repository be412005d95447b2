/**
 * What a new schema of a kind would break in the objects already stored as the old one: a field removed (the API
 * server prunes it from every object on its next write), a field's type changed, a field newly required, and a
 * rule tightened — a CEL rule added or changed, allowed values narrowed (`enum`), a bound added or moved inward
 * (`minimum`/`maximum`, lengths, item and property counts), a `pattern` or `format` added or changed. A stored
 * object that the tightened rule refuses fails validation on its next update that touches the field. Pure: whether
 * any stored object is actually refused is not evaluated (the runtime asks only whether objects are stored).
 */

/** The part of an OpenAPI schema compared. */
export interface ComparedSchema {
  type?: string;
  properties?: Record<string, ComparedSchema>;
  items?: ComparedSchema;
  additionalProperties?: ComparedSchema | boolean;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  format?: string;
  'x-kubernetes-validations'?: { rule: string }[];
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
  const out: string[] = [...tightenedRules(live, wanted, path)];
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
  const values = (s: ComparedSchema) =>
    typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  out.push(...breakingChanges(values(live), values(wanted), `${path}{}`));
  return out;
}

/** The lower bounds compared: a new one, or one raised, refuses values the old schema allowed. */
const LOWER = ['minimum', 'minLength', 'minItems', 'minProperties'] as const;
/** The upper bounds compared: a new one, or one lowered, refuses values the old schema allowed. */
const UPPER = ['maximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/** The rules of `wanted` at this level (not below) that refuse values `live` allowed. */
function tightenedRules(live: ComparedSchema, wanted: ComparedSchema, path: string): string[] {
  return [
    ...tightenedBounds(live, wanted, path),
    ...narrowedValues(live, wanted, path),
    ...newRules(live, wanted, path),
  ];
}

/** Bounds added or moved inward: a minimum raised, a maximum lowered, a bound made exclusive. */
function tightenedBounds(live: ComparedSchema, wanted: ComparedSchema, path: string): string[] {
  const out: string[] = [];
  for (const key of LOWER) {
    const [was, now] = [live[key], wanted[key]];
    if (now !== undefined && (was === undefined || now > was)) out.push(`${path} gets ${key} ${now}${from(was)}`);
  }
  for (const key of UPPER) {
    const [was, now] = [live[key], wanted[key]];
    if (now !== undefined && (was === undefined || now < was)) out.push(`${path} gets ${key} ${now}${from(was)}`);
  }
  if (wanted.exclusiveMinimum && !live.exclusiveMinimum && wanted.minimum !== undefined)
    out.push(`${path} becomes exclusiveMinimum`);
  if (wanted.exclusiveMaximum && !live.exclusiveMaximum && wanted.maximum !== undefined)
    out.push(`${path} becomes exclusiveMaximum`);
  return out;
}

/** Values no longer allowed: an enum added or narrowed, a pattern or format added or changed. */
function narrowedValues(live: ComparedSchema, wanted: ComparedSchema, path: string): string[] {
  const out: string[] = [];
  if (wanted.enum) {
    const allowed = new Set(wanted.enum.map((v) => JSON.stringify(v)));
    const dropped = live.enum?.filter((v) => !allowed.has(JSON.stringify(v)));
    if (!live.enum) out.push(`${path} gets an enum (${wanted.enum.map(String).join(', ')})`);
    else if (dropped?.length) out.push(`${path} no longer allows ${dropped.map(String).join(', ')}`);
  }
  for (const key of ['pattern', 'format'] as const)
    if (wanted[key] !== undefined && wanted[key] !== live[key])
      out.push(`${path} gets ${key} ${JSON.stringify(wanted[key])}${from(live[key])}`);
  return out;
}

/** CEL rules added or changed (a changed rule is a new one: whether it is looser is not decided here). */
function newRules(live: ComparedSchema, wanted: ComparedSchema, path: string): string[] {
  const rules = new Set((live['x-kubernetes-validations'] ?? []).map((r) => r.rule));
  return (wanted['x-kubernetes-validations'] ?? [])
    .filter(({ rule }) => !rules.has(rule))
    .map(({ rule }) => `${path} gets the rule ${JSON.stringify(rule)}`);
}

const from = (was: unknown): string =>
  was === undefined ? '' : ` (was ${typeof was === 'string' ? JSON.stringify(was) : String(was)})`;
