/**
 * Field structure: how the API server merges and normalises the fields of a kind, as its OpenAPI v3 schema
 * says (`x-kubernetes-list-type`, `x-kubernetes-list-map-keys`, `x-kubernetes-map-type`, quantities,
 * int-or-string, `x-kubernetes-preserve-unknown-fields`). The drift matcher reads it; it holds nothing else
 * of the schema (no descriptions, no validation), so the structures of a whole group-version stay small.
 *
 * Built-in kinds and custom resources are read the same way: the API server publishes a CRD's schema in
 * the OpenAPI v3 document of its group-version.
 */

/** How one field (and what is under it) merges. Absent properties mean "the schema says nothing". */
export interface FieldStructure {
  /** Fields of an object with known fields (a struct). */
  readonly properties?: Readonly<Record<string, FieldStructure>>;
  /** The structure of every value of a map (`additionalProperties`): labels, ConfigMap data, resource lists. */
  readonly values?: FieldStructure;
  /** The structure of every item of a list. */
  readonly items?: FieldStructure;
  /** `map`: items matched by {@link listMapKeys}; `set`: scalars matched by value; `atomic`: the list as a whole. */
  readonly listType?: 'atomic' | 'set' | 'map';
  /** The key fields of a `map` list, e.g. `['containerPort', 'protocol']`. */
  readonly listMapKeys?: readonly string[];
  /** `atomic`: the object is replaced as a whole by an apply (a Service's `spec.selector`). */
  readonly mapType?: 'atomic' | 'granular';
  /** A value the server normalises: a quantity (`0.5` is stored as `500m`) or an int-or-string. */
  readonly scalar?: 'quantity' | 'int-or-string';
  /** The server's default for a scalar field; fills a missing list-map key (a port's `protocol: TCP`). */
  readonly default?: string | number | boolean;
  /** Fields the schema does not name are kept as given (else the server drops them). */
  readonly preserveUnknownFields?: boolean;
  /**
   * An object of a built-in kind: its optional fields are omitted when zero (Go's `omitempty`), so a zero
   * value the desired object sets (`false`, `0`, `""`, `{}`, `[]`) equals an absent one. Custom resources
   * keep what they are given, so there a zero is a value like any other.
   */
  readonly omitsZero?: boolean;
}

/** The part of an OpenAPI v3 document the structures are read from. */
export interface OpenApiDocument {
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** An OpenAPI v3 schema object, as far as field structure goes. */
export interface OpenApiSchema {
  $ref?: string;
  allOf?: readonly OpenApiSchema[];
  oneOf?: readonly OpenApiSchema[];
  anyOf?: readonly OpenApiSchema[];
  type?: string;
  format?: string;
  default?: unknown;
  properties?: Record<string, OpenApiSchema>;
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: readonly string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-group-version-kind'?: readonly { group?: string; version?: string; kind?: string }[];
  [keyword: string]: unknown;
}

const QUANTITY_SCHEMA = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING_SCHEMA = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY: FieldStructure = Object.freeze({ scalar: 'quantity' });
const INT_OR_STRING: FieldStructure = Object.freeze({ scalar: 'int-or-string' });
const LEAF: FieldStructure = Object.freeze({});

/** `apiVersion/kind` → the kind's structure: the key {@link fieldStructuresOf} files kinds under. */
export function kindKey(apiVersion: string, kind: string): string {
  return `${apiVersion}/${kind}`;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** Compiles schemas into structures, one per named schema (shared, so recursive types stay finite). */
class Compiler {
  private readonly named = new Map<string, FieldStructure>();

  constructor(private readonly schemas: Record<string, OpenApiSchema>) {}

  ref(name: string): FieldStructure {
    if (name === QUANTITY_SCHEMA) return QUANTITY;
    if (name === INT_OR_STRING_SCHEMA) return INT_OR_STRING;
    const known = this.named.get(name);
    if (known) return known;
    const schema = this.schemas[name];
    if (!schema) return LEAF;
    // Registered before its fields are compiled: a type that contains itself (JSONSchemaProps) refers back here.
    const node: Record<string, unknown> = {};
    this.named.set(name, node as FieldStructure);
    Object.assign(node, this.compile(schema, name.startsWith('io.k8s.')));
    return node as FieldStructure;
  }

  compile(schema: OpenApiSchema, builtin: boolean): FieldStructure {
    const referred = schema.$ref ?? (schema.allOf?.length === 1 ? schema.allOf[0]?.$ref : undefined);
    const own = this.own(schema, builtin);
    if (referred !== undefined) {
      const base = this.ref(refName(referred));
      return Object.keys(own).length === 0 ? base : { ...base, ...own };
    }
    return Object.keys(own).length === 0 ? LEAF : own;
  }

  private own(schema: OpenApiSchema, builtin: boolean): FieldStructure {
    const out: { -readonly [K in keyof FieldStructure]: FieldStructure[K] } = {};
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, this.compile(v, builtin)]),
      );
      if (builtin) out.omitsZero = true;
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      out.values = this.compile(schema.additionalProperties, builtin);
    if (schema.items) out.items = this.compile(schema.items, builtin);
    const listType = schema['x-kubernetes-list-type'];
    if (listType === 'atomic' || listType === 'set' || listType === 'map') out.listType = listType;
    if (listType === 'map' && schema['x-kubernetes-list-map-keys'])
      out.listMapKeys = [...schema['x-kubernetes-list-map-keys']];
    const mapType = schema['x-kubernetes-map-type'];
    if (mapType === 'atomic' || mapType === 'granular') out.mapType = mapType;
    if (schema['x-kubernetes-int-or-string'] === true || schema.format === 'int-or-string')
      out.scalar = 'int-or-string';
    if (schema['x-kubernetes-preserve-unknown-fields'] === true) out.preserveUnknownFields = true;
    const d = schema.default;
    if (typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean') out.default = d;
    return out;
  }
}

/**
 * The structure of every kind an OpenAPI v3 document describes (a component carrying
 * `x-kubernetes-group-version-kind`), keyed by {@link kindKey}. Pure; the document can be dropped after.
 *
 * @example
 * const doc = await (await fetch(`${server}/openapi/v3/apis/apps/v1`)).json();
 * fieldStructuresOf(doc).get('apps/v1/Deployment')?.properties?.spec;
 */
export function fieldStructuresOf(doc: OpenApiDocument): Map<string, FieldStructure> {
  const schemas = doc.components?.schemas ?? {};
  const compiler = new Compiler(schemas);
  const out = new Map<string, FieldStructure>();
  for (const [name, schema] of Object.entries(schemas)) {
    for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
      if (!gvk.kind || !gvk.version) continue;
      const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
      out.set(kindKey(apiVersion, gvk.kind), compiler.ref(name));
    }
  }
  return out;
}
