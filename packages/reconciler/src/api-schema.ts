/**
 * An owner's API as written — a katalog's `api:` (the compact form or plain OpenAPI) or `defineOperator`'s
 * TypeBox schemas — turned into the structural OpenAPI a CRD holds, with every problem by field path: unknown
 * keywords, types, defaults and enum values of the wrong type, and CEL rules that do not parse or name a field
 * the schema lacks.
 *
 * The compact form, per field: a type name (`replicas: integer`, `tags: string[]`), or a map with `type` and
 * `required: true`, `default`, `enum`, `minimum`/`maximum`, `minLength`/`maxLength`, `pattern`, `format`,
 * `description`, `fields` (an object's), `items` (a list's), `values` (a map's), `rules` (CEL) and
 * `immutable: true`; a map without `type` is an object of those fields. OpenAPI keywords (`properties`,
 * `required: [..]`, `additionalProperties`, `x-kubernetes-*`) are taken as they are, so plain OpenAPI is
 * accepted too.
 */

import { type FieldProblem, ValidationError } from '@orkestra/core';
import { suggest } from '@orkestra/template';
import { type CelVariables, celProblems } from './cel-rules.js';
import { immutableRules } from './immutable-rules.js';
import type { AdmissionPolicy, ApiVersion, CelRule, OpenApiSchema, OwnerApi, PrinterColumn } from './owner-api.js';
import { versionListProblems, versionProblems } from './versions/version-checks.js';

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'] as const;
type SchemaType = (typeof TYPES)[number];

/** OpenAPI keywords copied as they are. */
const KEPT = new Set([
  'description',
  'title',
  'default',
  'enum',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'nullable',
  'example',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
]);
/** The compact form's own keywords, and the OpenAPI ones read rather than copied. */
const READ = [
  'type',
  'required',
  'fields',
  'properties',
  'items',
  'values',
  'additionalProperties',
  'patternProperties',
  'rules',
  'immutable',
  'const',
  '$schema',
  '$id',
];
const KNOWN = [...KEPT, ...READ];

/** A value's JSON type, as a schema names it. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function fits(value: unknown, type: string | undefined): boolean {
  if (!type) return true;
  const t = jsonType(value);
  return t === type || (type === 'number' && t === 'integer');
}

/** Converts schemas, collecting problems and checking the CEL rules of each node against the node. */
class SchemaReader {
  readonly problems: FieldProblem[] = [];
  /** The nodes written `immutable: true`: their rules are attached by {@link schema}, once the tree is whole. */
  readonly #immutable = new WeakSet<OpenApiSchema>();

  /** A whole schema (a spec's, a status's), with the rules of its immutable fields: see {@link immutableRules}. */
  schema(input: unknown, path: string): OpenApiSchema {
    const schema = this.field(input, path).schema;
    immutableRules(schema, (node) => this.#immutable.has(node));
    return schema;
  }

  problem(path: string, message: string, hint?: string): void {
    this.problems.push({ path, message, ...(hint ? { hint } : {}) });
  }

  /** A field's schema and whether it is required (`required: true` of the compact form). */
  field(input: unknown, path: string): { schema: OpenApiSchema; required: boolean } {
    if (typeof input === 'string') return { schema: this.#typeName(input, path) ?? {}, required: false };
    if (!isMap(input)) {
      this.problem(path, `is ${jsonType(input)}, but must be a type name (string, integer…) or a map`);
      return { schema: {}, required: false };
    }
    if (!('type' in input) && !('properties' in input) && !('anyOf' in input) && !('const' in input))
      return { schema: this.object(input, path), required: false };
    return { schema: this.node(input, path), required: input.required === true };
  }

  /** An object whose keys are its fields (the compact form without `type`). */
  object(fields: Json, path: string): OpenApiSchema {
    const properties: Record<string, OpenApiSchema> = {};
    const required: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      const f = this.field(value, `${path}.${name}`);
      properties[name] = f.schema;
      if (f.required) required.push(name);
    }
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }

  #typeName(text: string, path: string): OpenApiSchema | undefined {
    const m = /^(\w[\w-]*)(\[\])?$/.exec(text.trim());
    const name = m?.[1];
    if (name === 'int-or-string') return m?.[2] ? { type: 'array', items: intOrString() } : intOrString();
    if (!m || !TYPES.includes(name as SchemaType)) {
      const near = suggest(text, [...TYPES, 'int-or-string']);
      this.problem(
        path,
        `is not a type: ${text}`,
        near ? `did you mean ${near}?` : `write one of ${TYPES.join(', ')}, int-or-string (add [] for a list)`,
      );
      return undefined;
    }
    const one: OpenApiSchema =
      name === 'object'
        ? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }
        : { type: name as SchemaType };
    return m[2] ? { type: 'array', items: one } : one;
  }

  /** A schema node with keywords (compact or OpenAPI or TypeBox). */
  node(input: Json, path: string): OpenApiSchema {
    const out: OpenApiSchema = {};
    if ('type' in input) {
      if (typeof input.type !== 'string') this.problem(`${path}.type`, 'must be a type name');
      else Object.assign(out, this.#typeName(input.type, `${path}.type`));
    }
    for (const [key, value] of Object.entries(input)) {
      if (KEPT.has(key) || key.startsWith('x-kubernetes-')) out[key] = value;
      else if (!KNOWN.includes(key)) {
        const near = suggest(key, KNOWN);
        this.problem(`${path}.${key}`, 'is not a known keyword', near ? `did you mean ${near}?` : undefined);
      }
    }
    this.#literals(input, out, path);
    this.#children(input, out, path);
    if (Array.isArray(input.required)) out.required = input.required.map(String);
    const rules = this.#rules(input, path);
    if (rules.length) out['x-kubernetes-validations'] = rules;
    if (input.immutable === true) this.#immutable.add(out);
    this.#values(out, path);
    return out;
  }

  /** TypeBox's `const` and unions of literals, as `enum`; a union of an integer and a string as int-or-string. */
  #literals(input: Json, out: OpenApiSchema, path: string): void {
    if ('const' in input) {
      out.enum = [input.const];
      out.type ??= jsonType(input.const) as SchemaType;
    }
    const anyOf = input.anyOf;
    if (!Array.isArray(anyOf) || input.type) return;
    delete out.anyOf;
    const branches = anyOf.filter(isMap);
    if (branches.length > 0 && branches.every((b) => 'const' in b)) {
      out.enum = branches.map((b) => b.const);
      out.type = jsonType(out.enum[0]) as SchemaType;
    } else if (
      branches.length === 2 &&
      branches.some((b) => b.type === 'integer') &&
      branches.some((b) => b.type === 'string')
    )
      Object.assign(out, intOrString());
    else
      this.problem(
        path,
        'is a union of types, which a CRD schema cannot hold',
        'give the field one type (unions of literals become an enum; integer or string: int-or-string)',
      );
  }

  #children(input: Json, out: OpenApiSchema, path: string): void {
    const fields = isMap(input.fields) ? input.fields : isMap(input.properties) ? input.properties : undefined;
    if (fields) {
      const at = isMap(input.fields) ? 'fields' : 'properties';
      const object = this.object(fields, `${path}.${at}`);
      out.type = 'object';
      out.properties = object.properties ?? {};
      if (object.required) out.required = object.required;
      delete out['x-kubernetes-preserve-unknown-fields'];
    }
    if ('items' in input) out.items = this.field(input.items, `${path}.items`).schema;
    const values = input.values ?? input.additionalProperties;
    const pattern = isMap(input.patternProperties) ? Object.values(input.patternProperties)[0] : undefined;
    if (isMap(values) || typeof values === 'string' || pattern !== undefined) {
      const at = 'values' in input ? 'values' : pattern !== undefined ? 'patternProperties' : 'additionalProperties';
      out.type = 'object';
      out.additionalProperties = this.field(values ?? pattern, `${path}.${at}`).schema;
      delete out['x-kubernetes-preserve-unknown-fields'];
    } else if (values === true) out.additionalProperties = true;
    if (out.type === 'array' && !out.items) this.problem(path, 'is a list without items', 'give items: <type>');
  }

  #rules(input: Json, path: string): CelRule[] {
    const rules: CelRule[] = [];
    const given = [...asList(input.rules), ...asList(input['x-kubernetes-validations'])];
    given.forEach((r, i) => {
      const at = `${path}.${'rules' in input ? 'rules' : 'x-kubernetes-validations'}[${i}]`;
      if (isMap(r) && typeof r.rule === 'string') rules.push(r as unknown as CelRule);
      else this.problem(at, 'must be a map with rule (CEL), and message or messageExpression');
    });
    return rules;
  }

  /** A default or enum value of another type than the field's is refused here rather than by the API server. */
  #values(out: OpenApiSchema, path: string): void {
    const type = out['x-kubernetes-int-or-string'] ? undefined : out.type;
    if (out.default !== undefined && !fits(out.default, type))
      this.problem(
        `${path}.default`,
        `is ${article(jsonType(out.default))}, but the field is ${type ? article(type) : 'typed'}`,
      );
    for (const [i, v] of (out.enum ?? []).entries())
      if (!fits(v, type))
        this.problem(`${path}.enum[${i}]`, `is ${article(jsonType(v))}, but the field is ${article(type ?? 'value')}`);
    if (typeof out.minimum === 'number' && typeof out.maximum === 'number' && out.minimum > out.maximum)
      this.problem(`${path}.minimum`, `is more than maximum (${out.minimum} > ${out.maximum})`);
    if (
      out.enum &&
      out.default !== undefined &&
      !out.enum.some((v) => JSON.stringify(v) === JSON.stringify(out.default))
    )
      this.problem(`${path}.default`, 'is not one of the enum values');
  }
}

function intOrString(): OpenApiSchema {
  return { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] };
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

/**
 * The CEL problems of every `x-kubernetes-validations` rule in `schema`, each checked with `self` (and
 * `oldSelf`) as the node it is attached to; `sourcePath` gives a rule's path from its node's path.
 */
function ruleProblems(schema: OpenApiSchema, path: string, sourcePath: (schemaPath: string) => string): FieldProblem[] {
  const out: FieldProblem[] = [];
  const visit = (node: OpenApiSchema, at: string) => {
    (node['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
      const scope: CelVariables = { self: node, oldSelf: node };
      const where = `${sourcePath(at)}[${i}]`;
      out.push(...celProblems(rule.rule, scope, `${where}.rule`));
      if (rule.messageExpression) out.push(...celProblems(rule.messageExpression, scope, `${where}.messageExpression`));
    });
    for (const [name, child] of Object.entries(node.properties ?? {})) visit(child, `${at}.${name}`);
    if (node.items) visit(node.items, `${at}[]`);
    if (typeof node.additionalProperties === 'object') visit(node.additionalProperties, `${at}{}`);
  };
  visit(schema, path);
  return out;
}

/** The schema a ValidatingAdmissionPolicy's `object` has: the CR, metadata left open. */
function objectSchema(spec: OpenApiSchema, status: OpenApiSchema | undefined): OpenApiSchema {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      spec,
      ...(status ? { status } : { status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }),
    },
  };
}

const API_KEYS = [
  'spec',
  'status',
  'openAPIV3Schema',
  'rules',
  'admission',
  'printerColumns',
  'shortNames',
  'categories',
  'singular',
  'versions',
];

/**
 * Reads an owner's API (a katalog's `api:` or `defineOperator`'s `api`) into an {@link OwnerApi} of structural
 * schemas, with every problem at its path below `path` (`spec.crds[0].api`). `sourcePath` maps a schema path
 * to where the rule was written, for messages (default: as it is). Never throws; `api` is undefined when there
 * are problems.
 *
 * @example
 * const { api, problems } = readOwnerApi({ spec: { image: { type: 'string', required: true } } }, 'api');
 */
export function readOwnerApi(input: unknown, path: string): { api?: OwnerApi; problems: FieldProblem[] } {
  const reader = new SchemaReader();
  if (!isMap(input)) {
    reader.problem(path, 'must be a map with spec (the schema of the spec), and rules, admission… as needed');
    return { problems: reader.problems };
  }
  for (const key of Object.keys(input))
    if (!API_KEYS.includes(key)) {
      const near = suggest(key, API_KEYS);
      reader.problem(
        `${path}.${key}`,
        'is not a known field',
        near ? `did you mean ${near}?` : `known: ${API_KEYS.join(', ')}`,
      );
    }
  const { spec, specPath, status } = readSpecAndStatus(input, path, reader);
  addApiRules(input, path, spec, specPath, reader);
  const admission = readAdmission(input.admission, `${path}.admission`, objectSchema(spec, status), reader);
  const versions = readVersions(input.versions, `${path}.versions`, reader);
  if (reader.problems.length) return { problems: reader.problems };
  const api: OwnerApi = { spec };
  if (status) api.status = status;
  if (admission) api.admission = admission;
  if (Array.isArray(input.printerColumns)) api.printerColumns = input.printerColumns as PrinterColumn[];
  if (Array.isArray(input.shortNames)) api.shortNames = input.shortNames.map(String);
  if (Array.isArray(input.categories)) api.categories = input.categories.map(String);
  if (typeof input.singular === 'string') api.singular = input.singular;
  if (versions) api.versions = versions;
  return { api, problems: [] };
}

/** The spec's and the status's schemas, given as `spec`/`status` or inside a plain `openAPIV3Schema`. */
function readSpecAndStatus(
  input: Json,
  path: string,
  reader: SchemaReader,
): { spec: OpenApiSchema; specPath: string; status: OpenApiSchema | undefined } {
  const open = isMap(input.openAPIV3Schema) ? input.openAPIV3Schema : undefined;
  const openProps = open && isMap(open.properties) ? open.properties : {};
  const specInput = input.spec ?? openProps.spec;
  const statusInput = input.status ?? openProps.status;
  const specPath = input.spec !== undefined ? `${path}.spec` : `${path}.openAPIV3Schema.properties.spec`;
  if (specInput === undefined) reader.problem(path, 'must have spec: the schema of the spec');
  const spec = specInput === undefined ? { type: 'object' as const } : reader.schema(specInput, specPath);
  const statusPath = input.status !== undefined ? `${path}.status` : `${path}.openAPIV3Schema.properties.status`;
  const status = statusInput === undefined ? undefined : reader.schema(statusInput, statusPath);
  return { spec, specPath, status };
}

/**
 * Adds the API's own `rules` to the spec's CEL rules, after those of the spec's schema, and checks every rule
 * of the spec's schema; a problem names the rule where it was written (`api.rules[0].rule`).
 */
function addApiRules(input: Json, path: string, spec: OpenApiSchema, specPath: string, reader: SchemaReader): void {
  const rules = asList(input.rules).filter((r, i) => {
    if (isMap(r) && typeof r.rule === 'string') return true;
    reader.problem(`${path}.rules[${i}]`, 'must be a map with rule (CEL), and message or messageExpression');
    return false;
  }) as unknown as CelRule[];
  if (rules.length) spec['x-kubernetes-validations'] = [...(spec['x-kubernetes-validations'] ?? []), ...rules];
  const own = (spec['x-kubernetes-validations'] ?? []).length - rules.length;
  const sourcePath = (at: string) =>
    at === specPath && rules.length
      ? `${path}.rules`
      : `${at.replaceAll('[]', '.items').replaceAll('{}', '.values')}.` +
        (input.spec !== undefined ? 'rules' : 'x-kubernetes-validations');
  const problems = ruleProblems(spec, specPath, sourcePath).map((p) =>
    // The spec's own rules come first: renumber those of `api.rules`.
    p.path.startsWith(`${path}.rules[`)
      ? {
          ...p,
          path: p.path.replace(
            /^(.*\.rules)\[(\d+)\]/,
            (_m: string, a: string, n: string) => `${a}[${Number(n) - own}]`,
          ),
        }
      : p,
  );
  reader.problems.push(...problems);
}

/**
 * An owner's API from TypeBox (or OpenAPI) schemas, for a configuration written as a plain object rather than
 * with `defineOperator` (which reads its `api` the same way). Throws a {@link ValidationError} listing every
 * problem by path (`api.rules[0].rule`).
 *
 * @example
 * const api = ownerApi({ spec: Type.Object({ image: Type.String() }), rules: [{ rule: "self.image != ''" }] });
 */
export function ownerApi(input: OwnerApi): OwnerApi {
  const { api, problems } = readOwnerApi(input, 'api');
  if (!api) throw new ValidationError(problems, { object: { kind: 'OwnerApi', name: 'api' } });
  return api;
}

function readAdmission(
  input: unknown,
  path: string,
  object: OpenApiSchema,
  reader: SchemaReader,
): AdmissionPolicy | undefined {
  if (input === undefined) return undefined;
  const policy = (Array.isArray(input) ? { validations: input } : input) as AdmissionPolicy;
  if (!isMap(policy) || !Array.isArray(policy.validations)) {
    reader.problem(path, 'must be a list of rules ({ expression, message }) or a map with validations');
    return undefined;
  }
  const variables: CelVariables = { object, oldObject: object };
  const at = Array.isArray(input) ? path : `${path}.validations`;
  policy.validations.forEach((v, i) => {
    if (!isMap(v) || typeof v.expression !== 'string')
      return reader.problem(`${at}[${i}]`, 'must be a map with expression (CEL), and message or messageExpression');
    reader.problems.push(...celProblems(v.expression, variables, `${at}[${i}].expression`));
    if (typeof v.messageExpression === 'string')
      reader.problems.push(...celProblems(v.messageExpression, variables, `${at}[${i}].messageExpression`));
  });
  return policy;
}

function readVersions(input: unknown, path: string, reader: SchemaReader): ApiVersion[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) {
    reader.problem(path, 'must be a list of versions ({ name, served, storage })');
    return undefined;
  }
  const versions = input.map((v: unknown, i) => {
    if (!isMap(v) || typeof v.name !== 'string') {
      reader.problem(`${path}[${i}]`, 'must be a map with name');
      return { name: '' };
    }
    const out = { ...v } as unknown as ApiVersion;
    if (v.spec !== undefined) out.spec = reader.schema(v.spec, `${path}[${i}].spec`);
    if (v.status !== undefined) out.status = reader.schema(v.status, `${path}[${i}].status`);
    reader.problems.push(...versionProblems(v, `${path}[${i}]`));
    return out;
  });
  reader.problems.push(...versionListProblems(input.filter(isMap), path));
  return versions;
}
