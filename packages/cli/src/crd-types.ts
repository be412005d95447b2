/**
 * TypeScript types from a CRD's `openAPIV3Schema` (`orkestra generate types`): an interface for the spec and
 * the status (and each nested object), and the custom resource's own type, assignable to core's `OwnerObject`
 * so it can be handed anywhere an owner is taken. Every level is strict: a misspelt field does not compile.
 *
 * A small generator rather than json-schema-to-typescript: a CRD's schema is a structural schema (no `$ref`, no
 * type unions; `anyOf`/`allOf` only validate), its Kubernetes extensions (`x-kubernetes-int-or-string`,
 * `-preserve-unknown-fields`, `-embedded-resource`) need a mapping of their own anyway, and that library would
 * bring prettier, lodash and a `$ref` parser into every installation of the CLI.
 */

/** The parts of a structural schema the generator reads. */
export interface CrdSchema {
  type?: string;
  description?: string;
  properties?: Record<string, CrdSchema>;
  required?: string[];
  items?: CrdSchema;
  additionalProperties?: CrdSchema | boolean;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
}

/** What {@link crdTypes} needs of a CRD: its group, kind and the schema of one version. */
export interface CrdForTypes {
  group: string;
  kind: string;
  version: string;
  schema: CrdSchema;
  /** The name of the resource's type, prefix of the others' (default: the kind, `Website`; `WebsiteV1alpha1`). */
  typeName?: string;
}

/** One named declaration of the output. */
interface Declaration {
  name: string;
  description: string | undefined;
  body: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A value as a TypeScript literal, strings in single quotes (the house style). */
function literal(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

/** A property name: as is when it is an identifier, quoted otherwise. */
function key(name: string): string {
  return IDENTIFIER.test(name) ? name : literal(name);
}

/** `foo-bar.baz` → `FooBarBaz`: a part of a type name. */
function pascal(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined || '_';
}

/** A doc comment (or nothing), indented. */
function docComment(text: string | undefined, indent: string, defaultValue?: unknown): string {
  const lines = (text ?? '').split('\n').filter((l, i, all) => l.trim() || (i > 0 && i < all.length - 1));
  if (defaultValue !== undefined) lines.push(`@default ${JSON.stringify(defaultValue)}`);
  if (lines.length === 0) return '';
  const safe = lines.map((l) => l.replaceAll('*/', '*\\/').trimEnd());
  if (safe.length === 1) return `${indent}/** ${safe[0]} */\n`;
  return `${indent}/**\n${safe.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** Turns schemas into TypeScript, collecting a named interface for every object that has properties. */
class Generator {
  readonly declarations: Declaration[] = [];
  readonly #used = new Set<string>();

  /** A name not used yet, from `wanted`. */
  #name(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.#used.has(name); n++) name = `${wanted}${n}`;
    this.#used.add(name);
    return name;
  }

  reserve(name: string): void {
    this.#used.add(name);
  }

  /** The TypeScript type of `schema`; objects with properties become interfaces named from `name`. */
  type(schema: CrdSchema, name: string): string {
    const base = this.#base(schema, name);
    return schema.nullable ? `${base} | null` : base;
  }

  #base(schema: CrdSchema, name: string): string {
    if (schema.enum && schema.enum.length > 0) return schema.enum.map(literal).join(' | ');
    if (schema['x-kubernetes-int-or-string']) return 'number | string';
    switch (schema.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array': {
        const item = schema.items ? this.type(schema.items, `${name}Item`) : 'unknown';
        return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
      }
      case 'object':
      case undefined:
        return this.#object(schema, name);
      default:
        return 'unknown';
    }
  }

  /** An object: an interface when it has properties, a map for `additionalProperties`, else open or unknown. */
  #object(schema: CrdSchema, name: string): string {
    const open = schema['x-kubernetes-preserve-unknown-fields'] === true;
    const embedded = schema['x-kubernetes-embedded-resource'] === true;
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length > 0 || embedded) return this.interface(schema, name);
    const additional = schema.additionalProperties;
    if (additional && typeof additional === 'object')
      return `{ [key: string]: ${this.type(additional, `${name}Value`)} }`;
    if (additional === true || open) return '{ [field: string]: unknown }';
    return schema.type === 'object' ? 'Record<string, never>' : 'unknown';
  }

  /** Declares an interface for an object schema with properties; returns its name. */
  interface(schema: CrdSchema, wanted: string, extra: readonly string[] = []): string {
    const name = this.#name(wanted);
    const declaration: Declaration = { name, description: schema.description, body: '' };
    this.declarations.push(declaration);
    const required = new Set(schema.required ?? []);
    const members: string[] = [...extra];
    if (schema['x-kubernetes-embedded-resource']) {
      for (const field of ['apiVersion', 'kind']) if (!schema.properties?.[field]) members.push(`  ${field}: string;`);
      if (!schema.properties?.metadata) members.push('  metadata?: ObjectMeta;');
    }
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const optional = required.has(field) ? '' : '?';
      const type = this.type(property, `${wanted}${pascal(field)}`);
      members.push(`${docComment(property.description, '  ', property.default)}  ${key(field)}${optional}: ${type};`);
    }
    if (schema['x-kubernetes-preserve-unknown-fields'] || schema['x-kubernetes-embedded-resource'])
      members.push('  [field: string]: unknown;');
    declaration.body = members.length > 0 ? `{\n${members.join('\n')}\n}` : '{}';
    return name;
  }
}

/**
 * The TypeScript source for one CRD version: `<Kind>Spec`, `<Kind>Status` (when the schema has them), their
 * nested interfaces, and `<Kind>`, the custom resource (apiVersion and kind as literals, metadata with name and
 * UID as the API server always sets them), a type alias assignable to `OwnerObject` of `@orkestra/core`.
 *
 * Pure: reads nothing but its argument. Optional fields are those the schema does not list as `required`.
 */
export function crdTypes(crd: CrdForTypes): string {
  const g = new Generator();
  const kind = crd.typeName ?? pascal(crd.kind);
  g.reserve(kind);
  const top = crd.schema.properties ?? {};
  const required = new Set(crd.schema.required ?? []);
  const members = [`  apiVersion: ${literal(`${crd.group}/${crd.version}`)};`, `  kind: ${literal(crd.kind)};`];
  members.push('  metadata: ObjectMeta & { name: string; uid: string };');
  for (const field of ['spec', 'status']) {
    const schema = top[field];
    if (!schema) continue;
    const type = g.type(schema, `${kind}${pascal(field)}`);
    members.push(`  ${field}${required.has(field) ? '' : '?'}: ${type};`);
  }
  for (const [field, schema] of Object.entries(top)) {
    if (['apiVersion', 'kind', 'metadata', 'spec', 'status'].includes(field)) continue;
    members.push(`  ${key(field)}${required.has(field) ? '' : '?'}: ${g.type(schema, `${kind}${pascal(field)}`)};`);
  }
  const out = [
    // A type alias, not an interface extending OwnerObject: no index signature, so a misspelt field at the top
    // does not compile, and yet it is assignable to OwnerObject (an alias has an implicit index signature).
    `/** ${crd.kind} (${crd.group}/${crd.version}): the custom resource, usable as the owner type of a reconciler. ` +
      `*/\nexport type ${kind} = {\n${members.join('\n')}\n};`,
    ...g.declarations.map((d) => `${docComment(d.description, '')}export interface ${d.name} ${d.body}`),
  ];
  return out.join('\n\n');
}

/** The header of a generated file: what made it, and the one import the types need. */
export function typesFileHeader(sources: readonly string[]): string {
  return [
    `// Generated by \`orkestra generate types\` from ${sources.join(', ')}. Do not edit: generate again instead.`,
    "import type { ObjectMeta } from '@orkestra/core';",
  ].join('\n');
}
