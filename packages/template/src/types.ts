/**
 * Public types of the template resolver: what a template source may hold, what resolving it yields, the options
 * of the engine and of its calls, `when` conditions and the problems a check reports.
 */

/**
 * A template source: a tree of strings, numbers, booleans, `null`, lists and maps. Strings may contain
 * `{{ }}` expressions; every other value is copied as it is. Map keys are never evaluated.
 *
 * Resource packages usually declare their own interface for a source (`DeploymentTemplateSource`); the engine
 * accepts any such plain-data tree, this type is the shape it expects.
 *
 * @example
 * const source: TemplateSource = { image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}', ports: [80] };
 */
export type TemplateSource =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly TemplateSource[]
  | { readonly [key: string]: TemplateSource };

/** A value a template can yield: plain JSON data. */
export type ResolvedValue = string | number | boolean | null | ResolvedValue[] | { [key: string]: ResolvedValue };

/**
 * What resolving a source of type `T` yields: strings become {@link ResolvedValue} (a string, or the typed value of
 * a single expression such as `{{spec.replicas}}`), everything else keeps its type. Map keys whose value resolves to
 * `undefined` are left out.
 *
 * @example
 * type Out = Resolved<{ image: string; replicas: number | string }>;
 * // { image: ResolvedValue; replicas: number | ResolvedValue }
 */
export type Resolved<T> = unknown extends T
  ? ResolvedValue | undefined
  : T extends string
    ? ResolvedValue
    : T extends number | boolean | null | undefined
      ? T
      : T extends readonly (infer E)[]
        ? Resolved<E>[]
        : T extends object
          ? { -readonly [K in keyof T]: Resolved<T[K]> }
          : never;

/**
 * A custom resource as plain data, as the API server or an informer cache returns it (`apiVersion`, `kind`,
 * `metadata`, `spec`, `status`, …). Templates read it; nothing ever changes it. Typed as `object` so that any
 * Kubernetes object type (an interface without an index signature) is accepted.
 */
export type CustomResource = object;

/**
 * A helper function. It receives the evaluated arguments of the call, in order (`{{myHelper spec.name 3}}` calls
 * `myHelper(name, 3)`), and returns the value to write. It must be pure: the engine may call it again to report
 * errors. A thrown error becomes a {@link TemplateError} naming the helper and the template field.
 *
 * @example
 * const initials: TemplateHelper = (value) => String(value).split('-').map((w) => w[0]).join('');
 */
export type TemplateHelper = (...args: unknown[]) => unknown;

/** Options of {@link createTemplateEngine}. */
export interface TemplateEngineOptions {
  /** Extra helpers, by name (`^[A-Za-z][A-Za-z0-9_]*$`; built-in names are refused). */
  helpers?: Readonly<Record<string, TemplateHelper>> | undefined;
  /** How many distinct template strings stay prepared (least recently used are dropped). Default 5000. */
  cacheSize?: number | undefined;
}

/** Options of compiling or resolving a source. */
export interface CompileOptions {
  /** Field path of the source inside its parent, prefixed to every field an error names (`deployments[0]`). */
  field?: string | undefined;
  /**
   * The source builds Secret data: error messages leave out template text and the messages of helper errors.
   * Values read from the CR are never in any message, sensitive or not.
   */
  sensitive?: boolean | undefined;
}

/** Options of {@link TemplateEngine.check}. */
export interface CheckOptions {
  /** The CRD version's `openAPIV3Schema`: paths it does not have are reported (`spec.imag`). */
  schema?: JsonSchema | undefined;
  /** Field path prefix, as in {@link CompileOptions.field}. */
  field?: string | undefined;
  /** As in {@link CompileOptions.sensitive}. */
  sensitive?: boolean | undefined;
}

/** The part of an OpenAPI v3 / JSON schema the check reads. Other keywords are allowed and ignored. */
export interface JsonSchema {
  type?: string | readonly string[] | undefined;
  properties?: Readonly<Record<string, JsonSchema>> | undefined;
  items?: JsonSchema | readonly JsonSchema[] | undefined;
  additionalProperties?: boolean | JsonSchema | undefined;
  allOf?: readonly JsonSchema[] | undefined;
  anyOf?: readonly JsonSchema[] | undefined;
  oneOf?: readonly JsonSchema[] | undefined;
  'x-kubernetes-preserve-unknown-fields'?: boolean | undefined;
  'x-kubernetes-int-or-string'?: boolean | undefined;
  readonly [keyword: string]: unknown;
}

/** One problem in a template, located by its template field and, when relevant, the CR path. */
export interface TemplateProblem {
  /** Template field path: `deployments[0].image`; `''` for a lone template string given without a field. */
  field: string;
  /** The CR path involved, normalised: `spec.imag`, `spec.ports[0]`. */
  path?: string | undefined;
  /** What is wrong. Never carries a value read from the CR. */
  message: string;
  /** How to fix it, when there is something useful to say. */
  hint?: string | undefined;
  /** 1-based line of a syntax error inside the template string. */
  line?: number | undefined;
  /** 1-based column of a syntax error inside the template string. */
  column?: number | undefined;
}

/** A CR path a template reads: see {@link TemplateEngine.reads}. */
export interface TemplateRead {
  /** The template field that reads it: `env[0].value`, prefixed with the `field` option. */
  field: string;
  /** Keys from the CR root: `['spec', 'image']`; `'[]'` stands for any item of a list. */
  path: readonly string[];
}

/** A compiled template source: resolving it walks the prepared strings, it never parses. */
export interface CompiledTemplate<R> {
  /**
   * Evaluates every templated string against `cr` and builds a fresh result tree (nothing in it is shared with the
   * source or the CR). Throws `TemplateError` listing every failing field, with the CR's kind, namespace and name.
   *
   * @example
   * const web = compileTemplate({ image: '{{spec.image}}' });
   * web.resolve(crA); // { image: 'nginx:1.27' }
   * web.resolve(crB); // { image: 'nginx:1.28' }
   */
  resolve(cr: CustomResource): R;
}

/** Counters of an engine, for tests and metrics. */
export interface TemplateEngineStats {
  /** Template strings prepared so far (parse + checks); a cache hit does not count. */
  readonly compiles: number;
  /** Look-ups of a template string that found it compiled. */
  readonly cacheHits: number;
  /** Template strings held in the cache now. */
  readonly cacheSize: number;
}

/** The operators of a `when` condition, as in Orkestra Go. */
export type WhenOperator =
  | 'equals'
  | 'notEquals'
  | 'contains'
  | 'prefix'
  | 'suffix'
  | 'exists'
  | 'notExists'
  | 'gt'
  | 'lt'
  | 'in';

/**
 * A `when` condition in Orkestra Go's shape: a CR field, an operator and a value. The shorthand keys of Go
 * (`equals: prod`, `greaterThan: "2"`, `exists: true`, …) are accepted too; without an operator, a `value` means
 * `equals`, and nothing at all means `exists`.
 *
 * @example
 * const cond: WhenCondition = { field: 'spec.environment', operator: 'equals', value: 'production' };
 */
export interface WhenCondition {
  /** Dotted CR path: `spec.environment`, `spec.ports[0].name`, `.spec.tls` (leading dot allowed). */
  field: string;
  operator?: WhenOperator | undefined;
  /** Compared as text, as in Go. A string may hold `{{ }}` (resolved against the CR). `in` takes a list or `a,b`. */
  value?: unknown;
  equals?: unknown;
  notEquals?: unknown;
  contains?: unknown;
  prefix?: unknown;
  suffix?: unknown;
  greaterThan?: unknown;
  lessThan?: unknown;
  in?: unknown;
  exists?: boolean | undefined;
  notExists?: boolean | undefined;
}

/**
 * A `when` clause: a condition, a Handlebars expression string (`"{{and spec.tls (eq spec.env 'prod')}}"`,
 * true when its value is truthy), or a list of them that must all hold.
 */
export type When = WhenCondition | string | readonly (WhenCondition | string)[];

/** The template engine: compiles, caches and resolves templates; see {@link createTemplateEngine}. */
export interface TemplateEngine {
  /**
   * Compiles a source once; {@link CompiledTemplate.resolve} then evaluates it against any CR without parsing or
   * compiling. Each distinct string is compiled once per engine (cached); the compiled source is cached per source
   * object. Throws `TemplateError` listing every syntax error, unknown helper or unsupported construct, each with
   * its field path.
   *
   * @example
   * const source = { image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}' };
   * const web = engine.compile(source, { field: 'deployments[0]' });
   * web.resolve(cr); // { image: 'nginx:1.27', replicas: 3 }
   */
  compile<T>(source: T, options?: CompileOptions): CompiledTemplate<Resolved<T>>;
  /**
   * Compiles (once per source object) and resolves `source` against `cr`. Throws `TemplateError` listing every
   * failing field.
   *
   * @example
   * engine.resolve({ name: '{{metadata.name}}-web', labels: { app: '{{metadata.name}}' } }, cr);
   * // { name: 'shop-web', labels: { app: 'shop' } }
   */
  resolve<T>(source: T, cr: CustomResource, options?: CompileOptions): Resolved<T>;
  /**
   * Resolves one template string against `cr`: its text, or the typed value of a string that is exactly one
   * expression. A string without `{{` is returned as it is.
   *
   * @example
   * engine.resolveString('{{ .metadata.name }}-svc', cr); // 'shop-svc'
   * engine.resolveString('{{spec.replicas}}', cr);        // 3
   */
  resolveString(template: string, cr: CustomResource, options?: CompileOptions): ResolvedValue | undefined;
  /**
   * Evaluates a `when` clause against `cr`; a missing field is absent, not an error. Throws `TemplateError` for a
   * malformed clause (unknown operator, bad expression).
   *
   * @example
   * engine.evaluateWhen([{ field: 'spec.tls', exists: true }, "{{eq spec.env 'prod'}}"], cr); // true
   */
  evaluateWhen(when: When, cr: CustomResource): boolean;
  /**
   * Compiles a `when` clause once into a predicate (cached per clause object).
   *
   * @example
   * const wanted = engine.compileWhen({ field: 'spec.ingress.host', operator: 'exists' });
   * if (wanted(cr)) { … }
   */
  compileWhen(when: When): (cr: CustomResource) => boolean;
  /**
   * Reports every problem of a source without a CR: syntax errors, unknown helpers and, given the CRD's
   * `openAPIV3Schema`, paths the schema does not have. An empty list means it is fine.
   *
   * @example
   * engine.check({ image: '{{spec.imag}}' }, { schema });
   * // [{ field: 'image', path: 'spec.imag', message: 'spec.imag is not in the schema: spec has no field "imag"',
   * //    hint: 'did you mean spec.image?' }]
   */
  check(source: unknown, options?: CheckOptions): TemplateProblem[];
  /**
   * Reports problems of a `when` clause without a CR: malformed conditions, bad expressions and, given a schema,
   * unknown fields.
   *
   * @example
   * engine.checkWhen({ field: 'spec.enviroment', equals: 'prod' }, { schema });
   * // [{ field: 'when.field', hint: 'did you mean spec.environment?', … }]
   */
  checkWhen(when: When, options?: CheckOptions): TemplateProblem[];
  /**
   * The CR paths a source reads, each with the template field that reads it, found without a CR: what a caller
   * needs to know which data a template depends on (the reconciler finds `children.<key>.<id>` references with
   * it). A path is its keys from the CR root; `'[]'` marks "any item" (a path read inside `#each`). Paths that
   * cannot be known before evaluation are left out, as are strings that do not compile ({@link check} reports
   * those). With the options {@link compile} gets, the source's prepared tree is shared with it.
   *
   * @example
   * engine.reads({ env: [{ value: '{{children.services.db.spec.clusterIP}}' }] });
   * // [{ field: 'env[0].value', path: ['children', 'services', 'db', 'spec', 'clusterIP'] }]
   */
  reads(source: unknown, options?: CompileOptions): TemplateRead[];
  /**
   * Adds a helper, callable as `{{name arg …}}`. Names of built-in helpers and keywords are refused, and so is a
   * name registered before. Resets the cache: templates compiled before keep the helpers they were compiled with.
   *
   * @example
   * engine.registerHelper('dnsLabel', (v) => String(v).toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 63));
   * engine.resolveString('{{dnsLabel metadata.name}}', cr);
   */
  registerHelper(name: string, fn: TemplateHelper): void;
  /**
   * Counters: template strings prepared, cache hits, cache size.
   *
   * @example
   * engine.stats.compiles; // does not grow when the same templates are resolved again
   */
  readonly stats: TemplateEngineStats;
}
