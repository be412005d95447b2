/**
 * The template engine: its helpers, its cache of prepared strings and of compiled sources. See
 * {@link createTemplateEngine}.
 */
import { LruCache } from './cache.js';
import { TemplateError } from './errors.js';
import { BUILTIN_HELPERS, type HelperSpec, type Position, userHelper } from './helpers.js';
import { assertUsable, resolvePrepared } from './interpreter.js';
import { prepareTemplate } from './prepare.js';
import type { PreparedTemplate } from './program.js';
import { findInSchema, rootSchema, schemaMessage } from './schema-check.js';
import { assertCustomResource, buildTree, compileTree, leaves, type TreeNode } from './source-tree.js';
import type {
  CheckOptions,
  CompiledTemplate,
  CompileOptions,
  CustomResource,
  Resolved,
  ResolvedValue,
  TemplateEngine,
  TemplateEngineOptions,
  TemplateEngineStats,
  TemplateHelper,
  TemplateProblem,
  TemplateRead,
  When,
} from './types.js';
import { checkWhen, compileWhen } from './when.js';

const DEFAULT_CACHE_SIZE = 5000;

/** A source's tree, its static problems, and its compiled form once asked for. */
interface BuiltTree {
  readonly root: TreeNode;
  readonly problems: readonly TemplateProblem[];
  compiled: CompiledTemplate<unknown> | undefined;
}

class Engine implements TemplateEngine {
  private readonly helpers = new Map<string, HelperSpec>();
  private readonly values: LruCache<string, PreparedTemplate>;
  private readonly conditions: LruCache<string, PreparedTemplate>;
  /** Per source object and (sensitive, field): its tree, built once and shared by {@link check} and {@link compile}. */
  private trees = new WeakMap<object, Map<string, BuiltTree>>();
  private whens = new WeakMap<object, (cr: CustomResource) => boolean>();
  private compiles = 0;
  private cacheHits = 0;

  constructor(options: TemplateEngineOptions) {
    const size = options.cacheSize ?? DEFAULT_CACHE_SIZE;
    this.values = new LruCache(size);
    this.conditions = new LruCache(Math.max(1, Math.ceil(size / 10)));
    for (const spec of BUILTIN_HELPERS) this.addHelper(spec);
    for (const [name, fn] of Object.entries(options.helpers ?? {})) this.addHelper(userHelper(name, fn));
  }

  private addHelper(spec: HelperSpec): void {
    this.helpers.set(spec.name, spec);
  }

  /** The prepared form of one template string, from the cache or prepared now. */
  string(template: string, position: Position): PreparedTemplate {
    const cache = position === 'value' ? this.values : this.conditions;
    const hit = cache.get(template);
    if (hit !== undefined) {
      this.cacheHits++;
      return hit;
    }
    const prepared = prepareTemplate(template, this.helpers, position);
    if (!prepared.literal) this.compiles++;
    cache.set(template, prepared);
    return prepared;
  }

  /**
   * The tree of `source` with its static problems: built once per source object and options, so checking a source
   * and then compiling it (or checking it again with a schema) prepares each of its strings once.
   */
  private tree(source: unknown, field: string, sensitive: boolean): BuiltTree {
    const isObject = typeof source === 'object' && source !== null;
    const key = `${sensitive ? 's' : 'p'}:${field}`;
    const byOptions = isObject ? this.trees.get(source) : undefined;
    const hit = byOptions?.get(key);
    if (hit) return hit;
    const problems: TemplateProblem[] = [];
    const root = buildTree(source, field, (t) => this.string(t, 'value'), problems, sensitive);
    const built: BuiltTree = { root, problems, compiled: undefined };
    if (isObject) {
      if (byOptions) byOptions.set(key, built);
      else this.trees.set(source, new Map([[key, built]]));
    }
    return built;
  }

  compile<T>(source: T, options: CompileOptions = {}): CompiledTemplate<Resolved<T>> {
    const sensitive = options.sensitive ?? false;
    const built = this.tree(source, options.field ?? '', sensitive);
    if (built.problems.length > 0) throw new TemplateError(built.problems);
    built.compiled ??= compileTree(built.root, sensitive);
    return built.compiled as CompiledTemplate<Resolved<T>>;
  }

  resolve<T>(source: T, cr: CustomResource, options: CompileOptions = {}): Resolved<T> {
    if (typeof source === 'string') return this.resolveString(source, cr, options) as Resolved<T>;
    return this.compile(source, options).resolve(cr);
  }

  resolveString(template: string, cr: CustomResource, options: CompileOptions = {}): ResolvedValue | undefined {
    if (typeof template !== 'string')
      throw new TypeError(`resolveString needs a template string, got ${typeof template}`);
    const field = options.field ?? '';
    const sensitive = options.sensitive ?? false;
    const prepared = this.string(template, 'value');
    assertUsable(prepared, field, sensitive);
    assertCustomResource(cr);
    return resolvePrepared(prepared, cr, field, sensitive) as ResolvedValue | undefined;
  }

  compileWhen(when: When): (cr: CustomResource) => boolean {
    const isObject = typeof when === 'object' && when !== null;
    if (isObject) {
      const hit = this.whens.get(when);
      if (hit) return hit;
    }
    const predicate = compileWhen(when, this);
    const checked = (cr: CustomResource): boolean => {
      assertCustomResource(cr);
      return predicate(cr);
    };
    if (isObject) this.whens.set(when, checked);
    return checked;
  }

  evaluateWhen(when: When, cr: CustomResource): boolean {
    return this.compileWhen(when)(cr);
  }

  check(source: unknown, options: CheckOptions = {}): TemplateProblem[] {
    const { root, problems: found } = this.tree(source, options.field ?? '', options.sensitive ?? false);
    const problems = [...found];
    if (options.schema) {
      const schema = rootSchema(options.schema);
      for (const { leaf, field: at } of leaves(root)) {
        for (const use of leaf.uses) {
          if (use.abs === null) continue;
          const miss = findInSchema(schema, use.abs);
          if (miss)
            problems.push({ field: at, path: use.display, message: schemaMessage(use.display, miss), hint: miss.hint });
        }
      }
    }
    return problems;
  }

  reads(source: unknown, options: CompileOptions = {}): TemplateRead[] {
    const { root } = this.tree(source, options.field ?? '', options.sensitive ?? false);
    const out: TemplateRead[] = [];
    for (const { leaf, field } of leaves(root)) {
      if (leaf.problems.length > 0) continue;
      for (const use of leaf.uses) if (use.abs !== null) out.push({ field, path: use.abs });
    }
    return out;
  }

  checkWhen(when: When, options: CheckOptions = {}): TemplateProblem[] {
    return checkWhen(when, this, options, options.field ?? 'when');
  }

  registerHelper(name: string, fn: TemplateHelper): void {
    if (this.helpers.has(name) && !this.helpers.get(name)!.builtin) {
      throw new TypeError(`helper ${JSON.stringify(name)} is already registered`);
    }
    this.addHelper(userHelper(name, fn));
    this.values.clear();
    this.conditions.clear();
    this.trees = new WeakMap();
    this.whens = new WeakMap();
  }

  get stats(): TemplateEngineStats {
    return {
      compiles: this.compiles,
      cacheHits: this.cacheHits,
      cacheSize: this.values.size + this.conditions.size,
    };
  }
}

/**
 * Creates a template engine: Handlebars syntax evaluated by an interpreter over Handlebars' parse tree (no
 * generated code, no HTML escaping, prototype access blocked, no partials, no environment, file or network
 * access), the built-in helpers plus `options.helpers`, and a bounded cache of prepared template strings.
 *
 * Each distinct string is prepared (parsed and checked) once; resolving a compiled source only walks the
 * prepared trees. Sources and CRs are read, never changed; treat a source as immutable once compiled (compiled
 * sources are cached per source object).
 *
 * @example
 * const engine = createTemplateEngine({ helpers: { initials: (s) => String(s).slice(0, 1) } });
 * const deployment = engine.compile({ name: '{{metadata.name}}-web', replicas: '{{default spec.replicas 1}}' });
 * deployment.resolve(cr); // { name: 'shop-web', replicas: 3 }
 */
export function createTemplateEngine(options: TemplateEngineOptions = {}): TemplateEngine {
  return new Engine(options);
}
