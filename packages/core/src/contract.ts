/**
 * The contract every resource package implements, so the reconciler and the CLI can drive any of them
 * without importing it. See the repository's DESIGN.md, "The contract".
 */
import type { ChildResult } from './children.js';
import type { Context } from './context.js';
import type { OwnerLike } from './model-objects.js';
import type { ObjectClient } from './object-client.js';
import type { KubeObject } from './objects.js';
import type { ObjectReader } from './referenced-data.js';

/** A JSON Schema (draft 2020-12 / OpenAPI v3 subset) describing a template source. */
export interface JsonSchema {
  type?:
    | 'object'
    | 'array'
    | 'string'
    | 'number'
    | 'integer'
    | 'boolean'
    | 'null'
    | readonly ('object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null')[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: readonly unknown[];
  oneOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  [keyword: string]: unknown;
}

/** What every resolved spec has: the child's name and, optionally, its namespace. */
export interface ResolvedSpec {
  /** The child's name (defaults such as `<owner>-deployment` are applied by `resolve`). */
  name: string;
  /** The child's namespace; the owner's when absent. */
  namespace?: string | undefined;
  /**
   * The child's apiVersion, set by handlers of any kind (see {@link ResourceHandler.kindOf}); absent: the handler's.
   */
  apiVersion?: string | undefined;
  /** The child's kind, set by handlers of any kind (see {@link ResourceHandler.kindOf}); absent: the handler's. */
  kind?: string | undefined;
}

/**
 * What the caller of a handler's `create`, `update` or `desired` says beyond the spec. Both are the caller's to
 * give: a handler never finds them on the spec.
 */
export interface ChildWriteOptions {
  /**
   * Field paths of the child (`spec.replicas`) that another controller sets — e.g. an autoscaler of the same
   * owner, see {@link ResourceHandler.controls}. They are left out of the object written, so they are never
   * drift and never reset; a value the template gives them is not written. Given by the reconciler; honoured
   * by every handler made with `defineResource`.
   */
  yieldedFields?: readonly string[] | undefined;
  /**
   * The caller promises to pass this same spec object, never changed in place, for as long as it describes
   * the same child (the reconciler's planner does, once per CR version). The handler may then remember that
   * the child was found in sync for it and answer the next call with the same spec, owner and options from its
   * read cache, building and matching nothing. Without it nothing is remembered: every call matches.
   */
  memoisable?: boolean | undefined;
}

/** Fields of another object that a child's controller writes (see {@link ResourceHandler.controls}). */
export interface ControlledFields extends ChildKind {
  name: string;
  /** The other object's namespace; the owner's when absent. */
  namespace?: string | undefined;
  /** Dotted field paths, e.g. `spec.replicas`. */
  fields: readonly string[];
}

/** The apiVersion and kind of a child. */
export interface ChildKind {
  apiVersion: string;
  kind: string;
}

/** The `apiVersion`, `kind` and `plural` of a handler whose children are of any kind (`@orkestra/manifests`). */
export const ANY_KIND = '*';

/**
 * One resource type's package, as the reconciler and the CLI see it.
 *
 * - `resolve` is pure: defaults, parsing of strings into typed values (a {@link ValidationError} on bad
 *   input), system labels. It sends no request.
 * - `desired` builds the object that `create`/`update` write (owner references and the applied-fields
 *   annotation are stamped by core): what `orkestra render` prints.
 * - `create` is idempotent, `update` corrects drift with zero writes when in sync, `delete` removes only
 *   what `owner` controls; all three refuse objects controlled by anyone else with an `OwnershipError`.
 *
 * @example
 * const handlers: ResourceHandler[] = [deployments.handler, services.handler];
 * for (const h of handlers) await h.update(ctx, kube, cr, h.resolve(source, cr.metadata.name));
 */
export interface ResourceHandler<Source = unknown, Resolved extends ResolvedSpec = ResolvedSpec> {
  /** The katalog key, e.g. `deployments`. */
  readonly key: string;
  /** The children's apiVersion; {@link ANY_KIND} for a handler of any kind. */
  readonly apiVersion: string;
  /** The children's kind; {@link ANY_KIND} for a handler of any kind. */
  readonly kind: string;
  /** The REST plural, e.g. `deployments`; {@link ANY_KIND} for a handler of any kind. */
  readonly plural: string;
  /** Whether the children are namespaced; meaningless for a handler of any kind (discovery says, per kind). */
  readonly namespaced: boolean;
  /**
   * Only on handlers whose children are of any kind (`@orkestra/manifests`): the kind a template source
   * makes, read before its templates are evaluated, so the reconciler can watch every kind a katalog uses from
   * the start. Throws a {@link ValidationError} when the source's apiVersion or kind is missing or templated.
   * Such a handler's resolved specs carry their `apiVersion` and `kind`; plural and scope come from discovery.
   */
  kindOf?(source: unknown): ChildKind;
  /** JSON Schema of {@link Source}, for katalog validation and editors. */
  readonly schema: JsonSchema;
  /**
   * {@link schema} compiled ahead of time (Ajv standalone code, generated at build time): true when the schema
   * accepts the value. With it, a katalog of valid templates is checked without compiling the schema at start;
   * a value it refuses is explained by compiling {@link schema}. It must accept exactly what the schema accepts.
   */
  readonly check?: (source: unknown) => boolean;
  /**
   * Template-source fields whose values must never appear in logs or errors (Secret data): their templates'
   * errors leave out template text and helper messages. Says nothing about which fields of the child object are
   * secret: see {@link sensitiveObjectFields}.
   */
  readonly sensitiveFields?: readonly string[];
  /**
   * Per kind of child (`Secret`), the dotted field paths of the child object whose values must never be printed
   * (`orkestra diff`, `render`): `{ Secret: ['data', 'stringData'] }`. A Secret's `data` and `stringData` are
   * hidden whatever a handler declares. Absent on a handler of one kind with {@link sensitiveFields}: its whole
   * object but apiVersion, kind and metadata is hidden. See core's `sensitivePathsOf`.
   */
  readonly sensitiveObjectFields?: Readonly<Record<string, readonly string[]>>;
  /**
   * The fields of other objects the child's controller writes once it exists — an HPA writes its scale
   * target's `spec.replicas`. A reconciler gives a sibling child that is such an object those fields as
   * {@link ChildWriteOptions.yieldedFields}, so the two never fight over them. Pure; no request.
   */
  controls?(spec: Resolved): readonly ControlledFields[];
  resolve(source: Source, ownerName: string): Resolved;
  /**
   * `reader` reads objects the child copies from (fromConfigMap, fromSecret); without it such a spec fails.
   * `options.yieldedFields` are left out of the object.
   */
  desired(owner: OwnerLike, spec: Resolved, reader?: ObjectReader, options?: ChildWriteOptions): Promise<KubeObject>;
  /** `owner` may be a client-node model (`V1Deployment`…): see `asOwner`. See {@link ChildWriteOptions}. */
  create(
    ctx: Context,
    kube: ObjectClient,
    owner: OwnerLike,
    spec: Resolved,
    options?: ChildWriteOptions,
  ): Promise<ChildResult>;
  update(
    ctx: Context,
    kube: ObjectClient,
    owner: OwnerLike,
    spec: Resolved,
    options?: ChildWriteOptions,
  ): Promise<ChildResult>;
  delete(ctx: Context, kube: ObjectClient, owner: OwnerLike, spec: Resolved): Promise<ChildResult>;
}

/** The kind of one resolved child: the spec's own (handlers of any kind) or the handler's. */
export function childKindOf(
  handler: Pick<ResourceHandler, 'apiVersion' | 'kind'>,
  spec: Pick<ResolvedSpec, 'apiVersion' | 'kind'>,
): ChildKind {
  return { apiVersion: spec.apiVersion ?? handler.apiVersion, kind: spec.kind ?? handler.kind };
}

/**
 * The kind a template source of `handler` makes, without evaluating it: {@link ResourceHandler.kindOf} for a
 * handler of any kind, else the handler's own kind.
 */
export function templateKindOf(
  handler: Pick<ResourceHandler, 'apiVersion' | 'kind' | 'kindOf'>,
  source: unknown,
): ChildKind {
  return handler.kindOf ? handler.kindOf(source) : { apiVersion: handler.apiVersion, kind: handler.kind };
}
