/**
 * `ChildPlanner`: the children a CR should have, resolved without a request. Every child template of a
 * configuration is compiled once (with its field name and, for handlers with `sensitiveFields`, as
 * sensitive); for a CR, `when` is evaluated, every string evaluated, then `handler.resolve` applies defaults,
 * parsing and system labels. The reconciler plans every reconcile with it, and `orkestra render` / `diff`
 * use the same planner, so what they show is what the reconciler applies.
 *
 * A CR's plan is memoised per (uid, resourceVersion) — and per planner, that is per configuration — so a
 * steady-state resync of an unchanged CR resolves nothing at all.
 */
import {
  type ChildWriteOptions,
  type KubeObject,
  type OwnerObject,
  type ResolvedSpec,
  type ResourceHandler,
  ValidationError,
} from '@orkestra/core';
import { type TemplateEngine, TemplateError, type TemplateProblem } from '@orkestra/template';
import { type FieldsOf, unknownChildField } from './analysis/child-references.js';
import { childSource } from './child-source.js';
import { childTemplates, type PlacedTemplate } from './child-templates.js';
import type { HandlerTemplates } from './config.js';
import { type ForEachItem, forEachItems } from './for-each.js';
import { deepFreeze } from './frozen.js';
import { objectKey } from './machinery/informer.js';
import type {
  ChildTemplateRef,
  DeferredChild,
  KindScopes,
  Phase,
  Plan,
  PlannedChild,
  PlanProblem,
  ReadChildren,
} from './plan.js';
import { checkPlacement } from './plan-checks.js';
import { yieldControlledFields } from './yielded-fields.js';

/** The plans of one CR version, by phases. */
interface Memo {
  readonly uid: string;
  readonly resourceVersion: string;
  readonly plans: Map<string, Plan>;
}

/** At most this many CRs keep a memoised plan; the longest unchanged are dropped first. */
const MEMO_CAPACITY = 16_384;

interface CompiledChild extends ChildTemplateRef {
  /** The CR path of the list or map the template repeats over. */
  forEach: string | undefined;
  readyWhen: ((live: KubeObject) => boolean) | undefined;
  when(cr: OwnerObject): boolean;
  evaluate(cr: OwnerObject): unknown;
  /** The children it reads (`<key>.<id>`); empty for a template that reads only the CR. */
  reads: string[];
}

/**
 * Plans the children of CRs for one configuration.
 *
 * @example
 * const planner = new ChildPlanner(config.resources, new Map(handlers.map((h) => [h.key, h])), createTemplateEngine());
 * const { children, problems } = planner.resolve(cr); // children in configuration order; every problem collected
 */
export class ChildPlanner {
  private readonly compiled: CompiledChild[] = [];
  /** By `namespace/name`: one entry per CR, replaced when its uid or resourceVersion changes. */
  private readonly memo = new Map<string, Memo>();
  /** The schemas of the kinds templates read fields of (see {@link knowFields}). */
  private fieldsOf: FieldsOf | undefined;

  /**
   * Compiles every child template; throws one {@link TemplateError} listing every problem. `scopes` (the
   * client's registry) says which kinds of a handler of any kind are cluster-scoped, so such a child of a
   * namespaced owner is refused at planning; without it, they are taken as namespaced.
   */
  constructor(
    resources: Readonly<Record<string, HandlerTemplates>>,
    private readonly handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>,
    engine: TemplateEngine,
    private readonly scopes?: KindScopes,
  ) {
    const problems: TemplateProblem[] = [];
    for (const placed of childTemplates(resources)) {
      const sensitive = (handlers.get(placed.handlerKey)?.sensitiveFields?.length ?? 0) > 0;
      try {
        this.compiled.push(compileChild(placed, sensitive, engine));
      } catch (e) {
        if (e instanceof TemplateError) problems.push(...e.problems);
        else throw e;
      }
    }
    if (problems.length > 0) throw new TemplateError(problems);
  }

  /**
   * The structures of the kinds other templates read fields of (`readReferencedFields`): a template waiting on a
   * field its child's kind does not have then fails with a ValidationError naming it, instead of waiting forever.
   */
  knowFields(fieldsOf: FieldsOf): void {
    this.fieldsOf = fieldsOf;
  }

  /** The child templates, in configuration order. */
  get templates(): readonly ChildTemplateRef[] {
    return this.compiled.map(({ handlerKey, phase, index, field }) => ({ handlerKey, phase, index, field }));
  }

  /**
   * The children of `cr` in `phases` (default: onCreate and onReconcile) whose `when` holds, resolved and
   * checked for placement (the owner's namespace) and uniqueness; every problem is collected instead of
   * stopping at the first. A caller writes nothing while `problems` is not empty. A child whose fields a
   * sibling's controller writes (an HPA's target) has them in `writeOptions.yieldedFields`.
   *
   * A CR with a uid and a resourceVersion is planned once per version: later calls return the same children
   * and problems (fresh lists, shared entries; the specs are deep-frozen, and `writeOptions.memoisable` says
   * so to their handlers) without evaluating a template or calling `handler.resolve`. A CR without them (a
   * file given to `orkestra render`) is planned on every call.
   */
  resolve(cr: OwnerObject, phases: readonly Phase[] = ['onCreate', 'onReconcile']): Plan {
    const { uid, resourceVersion } = cr.metadata;
    if (typeof uid !== 'string' || !uid || typeof resourceVersion !== 'string' || !resourceVersion)
      return this.plan(cr, phases);
    const key = objectKey(cr.metadata.namespace, cr.metadata.name);
    let memo = this.memo.get(key);
    if (memo === undefined || memo.uid !== uid || memo.resourceVersion !== resourceVersion) {
      memo = { uid, resourceVersion, plans: new Map() };
      this.memo.delete(key);
      if (this.memo.size >= MEMO_CAPACITY) this.evict();
      this.memo.set(key, memo);
    }
    const phaseKey = phases.join();
    let plan = memo.plans.get(phaseKey);
    if (plan === undefined) memo.plans.set(phaseKey, (plan = this.plan(cr, phases)));
    return { children: [...plan.children], problems: [...plan.problems], deferred: [...plan.deferred] };
  }

  /** Drops the memoised plan of the CR `namespace/name` (or `name`): the reconciler calls it once the CR is gone. */
  forget(key: string): void {
    this.memo.delete(key);
  }

  /**
   * Drops the oldest tenth of the memo in one pass. (Dropping one entry per insert from the front of a `Map`
   * gets slower with every deletion: V8 skips the holes left at the front until it rehashes.)
   */
  private evict(): void {
    let count = Math.ceil(MEMO_CAPACITY / 10);
    for (const key of this.memo.keys()) {
      if (count-- === 0) break;
      this.memo.delete(key);
    }
  }

  /** How many CRs have a memoised plan. */
  get memoSize(): number {
    return this.memo.size;
  }

  private plan(cr: OwnerObject, phases: readonly Phase[]): Plan {
    const children: PlannedChild[] = [];
    const problems: PlanProblem[] = [];
    const deferred: DeferredChild[] = [];
    const out = { children, problems, deferred };
    for (const c of this.compiled) {
      if (!phases.includes(c.phase)) continue;
      const ref: ChildTemplateRef = { handlerKey: c.handlerKey, phase: c.phase, index: c.index, field: c.field };
      if (c.forEach === undefined) {
        this.planOne(c, ref, cr, cr, out);
        continue;
      }
      let items: ForEachItem[];
      try {
        items = forEachItems(cr, c.forEach, c.field);
      } catch (error) {
        problems.push({ ...ref, error });
        continue;
      }
      for (const item of items) {
        // The item's data sits beside the CR's: `{{item.name}}`, `{{index}}`, `{{key}}`, and `{{spec.x}}` still.
        const data = { ...cr, item: item.value, index: item.index, key: item.key } as OwnerObject;
        this.planOne(c, { ...ref, item: item.path }, cr, data, out);
      }
    }
    const checked = checkPlacement(cr, children, this.scopes);
    const planned = yieldControlledFields(cr, checked.children);
    return { children: planned, problems: [...problems, ...checked.problems], deferred };
  }

  /** Plans one child of template `c` from `data` (the CR, or the CR with a forEach item beside it). */
  private planOne(c: CompiledChild, ref: ChildTemplateRef, cr: OwnerObject, data: OwnerObject, out: Plan): void {
    try {
      if (!c.when(data)) return;
      if (c.reads.length > 0) return void out.deferred.push(this.deferred(c, ref, cr, data));
      out.children.push(this.child(c, ref, cr, data));
    } catch (error) {
      out.problems.push({ ...ref, error: ref.item === undefined ? error : forItem(error, ref.item) });
    }
  }

  private child(c: CompiledChild, ref: ChildTemplateRef, cr: OwnerObject, data: object): PlannedChild {
    const handler = this.handlers.get(c.handlerKey)!;
    return {
      ...ref,
      handler,
      spec: deepFreeze(handler.resolve(c.evaluate(data as OwnerObject), cr.metadata.name)),
      writeOptions: MEMOISABLE,
      ...(c.readyWhen ? { readyWhen: c.readyWhen } : {}),
    };
  }

  /** A child of a template that reads other children: resolved later, from their live objects. */
  private deferred(c: CompiledChild, ref: ChildTemplateRef, cr: OwnerObject, data: OwnerObject): DeferredChild {
    let last: { lives: (KubeObject | undefined)[]; child: PlannedChild } | undefined;
    const resolve = (children: ReadChildren, siblings: readonly PlannedChild[]): PlannedChild => {
      const lives = c.reads.map((label) => {
        const [key, id] = label.split('.') as [string, string];
        return children[key]?.[id];
      });
      if (last?.lives.every((live, i) => live === lives[i])) return last.child;
      try {
        const child = this.child(c, ref, cr, { ...data, children });
        const checked = checkPlacement(cr, [...siblings, child], this.scopes);
        const problem = checked.problems.find((p) => p.field === ref.field && p.item === ref.item);
        if (problem) throw problem.error;
        const planned = yieldControlledFields(cr, [...siblings, child]).at(-1)!;
        last = { lives, child: planned };
        return planned;
      } catch (caught) {
        const unknown =
          this.fieldsOf && isWaitingOnChildren(caught)
            ? unknownChildField((caught as TemplateError).problems, children, this.fieldsOf)
            : undefined;
        const error = unknown ?? caught;
        throw ref.item === undefined ? error : forItem(error, ref.item);
      }
    };
    return { ...ref, reads: c.reads, resolve };
  }
}

/** Compiles one child template: its source, `when` and `readyWhen`; throws a {@link TemplateError}. */
function compileChild(placed: PlacedTemplate, sensitive: boolean, engine: TemplateEngine): CompiledChild {
  const { handlerKey, phase, index, field } = placed;
  const { when, forEach, readyWhen, source } = childSource(placed.template);
  if (forEach !== undefined && (typeof forEach !== 'string' || !FOR_EACH_PATH.test(forEach))) {
    throw new TemplateError({
      field: `${field}.forEach`,
      message: `must be a dotted CR path such as spec.databases, got ${JSON.stringify(forEach)}`,
    });
  }
  const template = engine.compile(source, { field, sensitive });
  const whenFn = when === undefined ? () => true : engine.compileWhen(when);
  const readyFn = readyWhen === undefined ? undefined : engine.compileWhen(readyWhen);
  const reads = new Set<string>();
  for (const { path } of engine.reads(source, { field, sensitive }))
    if (path[0] === 'children' && path.length >= 3) reads.add(`${path[1]}.${path[2]}`);
  return {
    handlerKey,
    phase,
    index,
    field,
    forEach,
    readyWhen: readyFn ? (live) => readyFn(live) : undefined,
    when: (cr) => whenFn(cr),
    evaluate: (cr) => template.resolve(cr),
    reads: [...reads],
  };
}

/** A `forEach`: a dotted CR path of plain names (`spec.databases`). */
const FOR_EACH_PATH = /^[A-Za-z_$][\w$-]*(\.[A-Za-z_$][\w$-]*)*$/;

/**
 * The write options of a planned child: its spec is deep-frozen and the planner hands out the same child for
 * every reconcile of one CR version (see {@link ChildPlanner.resolve}), so its handler may remember that it was
 * in sync (core's InSyncMemo). One shared object; a child that yields fields gets its own copy.
 */
const MEMOISABLE: ChildWriteOptions = Object.freeze({ memoisable: true });

/**
 * True when `error` says only that a field read from another child is not there yet
 * (`children.services.db.spec.clusterIP
 * is missing`): the child waits for it, as for a child that does not exist yet, instead of failing.
 */
export function isWaitingOnChildren(error: unknown): boolean {
  return (
    error instanceof TemplateError &&
    error.problems.length > 0 &&
    error.problems.every((p) => p.path?.startsWith('children.') === true)
  );
}

/** An error of one forEach item, its message naming the item (`… (item spec.databases[1])`). */
function forItem(error: unknown, item: string): unknown {
  if (error instanceof TemplateError)
    return new TemplateError(
      error.problems.map((p) => ({ ...p, message: `${p.message} (item ${item})` })),
      { ...(error.object ? { object: error.object } : {}), cause: error },
    );
  if (error instanceof ValidationError)
    return new ValidationError(
      error.problems.map((p) => ({ ...p, message: `${p.message} (item ${item})` })),
      { ...(error.object ? { object: error.object } : {}), cause: error },
    );
  return error;
}
