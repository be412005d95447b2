/**
 * The children one CR should have, resolved without a cluster by the reconciler's own `ChildPlanner` (the
 * same compiled templates, `when`, and `handler.resolve`), with every problem located in the katalog. `render`
 * prints these, `diff` compares them with the cluster, and both build the applied object with core's `buildChild`.
 */
import {
  type ChildWriteOptions,
  type KubeObject,
  type ObjectReader,
  type OwnerObject,
  type ResolvedSpec,
  ValidationError,
} from '@orkestra/core';
import { buildChild } from '@orkestra/core/authoring';
import { childKindOf } from '@orkestra/core/internal';
import { ResourceRegistry } from '@orkestra/core/kube';
import type { KatalogEntry, YamlLocator } from '@orkestra/reconciler/internal';
import {
  buildChildOrder,
  ChildOrder,
  ChildPlanner,
  type Phase,
  type Plan,
  type PlannedChild as ReconcilerChild,
} from '@orkestra/reconciler/internal';
import { type TemplateEngine, TemplateError, type TemplateProblem } from '@orkestra/template';
import type { Problem } from './exit-codes.js';
import type { AnyHandler } from './handlers.js';

/** The katalog path of a child template: `spec.crds[0].resources.deployments.onReconcile[1]`. */
function childPath(entryIndex: number, key: string, phase: Phase, index: number): string {
  return `spec.crds[${entryIndex}].resources.${key}.${phase}[${index}]`;
}

/** A template problem (field `deployments.onReconcile[0].image`) as a located katalog problem. */
function templateProblem(entryIndex: number, p: TemplateProblem, locator: YamlLocator | undefined): Problem {
  const path = `spec.crds[${entryIndex}].resources${p.field ? `.${p.field}` : ''}`;
  const where =
    p.line !== undefined
      ? ` (line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''} of the template)`
      : '';
  return { path, message: `${p.message}${where}`, hint: p.hint, location: locator?.locate(path) };
}

/** The built-in kinds' plurals and scopes, for rendering without a cluster. */
const BUILT_IN_KINDS = new ResourceRegistry();

/** One child the CR should have. */
export interface PlannedChild {
  handler: AnyHandler;
  phase: Phase;
  /** The katalog path of its template: `spec.crds[0].resources.deployments.onReconcile[0]`. */
  path: string;
  spec: ResolvedSpec;
  /** What the handler is called with beside the spec (the fields it yields to a sibling's controller). */
  writeOptions?: ChildWriteOptions | undefined;
}

/** The compiled child templates of one katalog entry. */
export class ChildPlan {
  private readonly planner: ChildPlanner;
  /** The order between the entry's templates (`dependsOn`, references); undefined when it does not hold. */
  readonly order: ChildOrder | undefined;

  /** Compiles every template of `entry`; a template error throws (run `validate` first for located problems). */
  constructor(
    readonly entry: KatalogEntry,
    readonly entryIndex: number,
    handlers: ReadonlyMap<string, AnyHandler>,
    engine: TemplateEngine,
    private readonly locator?: YamlLocator,
  ) {
    this.planner = new ChildPlanner(entry.resources, handlers, engine);
    // With the options the planner compiles each source with, so the prepared tree is shared.
    const sensitive = (field: string) =>
      (handlers.get(field.slice(0, field.indexOf('.')))?.sensitiveFields?.length ?? 0) > 0;
    const order = buildChildOrder(entry.resources, (source, field) =>
      engine.reads(source, { field, sensitive: sensitive(field) }),
    );
    this.order = order instanceof ChildOrder ? order : undefined;
  }

  /** The reconciler's own plan of `cr` (children, problems, and the children that read others). */
  plan(cr: OwnerObject, phases: readonly Phase[] = ['onCreate', 'onReconcile']): Plan {
    return this.planner.resolve(cr, phases);
  }

  /** The katalog path of a child's template: `spec.crds[0].resources.deployments.onReconcile[0]`. */
  path(ref: { handlerKey: string; phase: Phase; index: number }): string {
    return childPath(this.entryIndex, ref.handlerKey, ref.phase, ref.index);
  }

  /** The CLI's view of one planned child: the katalog path of its template. */
  child(c: ReconcilerChild): PlannedChild {
    return {
      handler: c.handler as AnyHandler,
      phase: c.phase,
      path: childPath(this.entryIndex, c.handlerKey, c.phase, c.index),
      spec: c.spec,
      writeOptions: c.writeOptions,
    };
  }

  /** True when the entry's owner kind is the CR's. */
  owns(cr: { apiVersion?: unknown; kind?: unknown }): boolean {
    const o = this.entry.owner;
    return cr.apiVersion === `${o.group}/${o.version}` && cr.kind === o.kind;
  }

  /**
   * The children of `cr` in the given phases, in the reconciler's order; every template and validation problem
   * is collected (nothing stops at the first), each located in the katalog.
   */
  resolve(
    cr: OwnerObject,
    phases: readonly Phase[] = ['onCreate', 'onReconcile'],
  ): { children: PlannedChild[]; problems: Problem[]; deferred: { path: string; reads: readonly string[] }[] } {
    const planned = this.planner.resolve(cr, phases);
    const children = planned.children.map((c) => this.child(c));
    const deferred = planned.deferred.map((d) => ({
      path: childPath(this.entryIndex, d.handlerKey, d.phase, d.index),
      reads: d.reads,
    }));
    const problems = planned.problems.flatMap((p) =>
      problemsOf(p.error, this.entryIndex, childPath(this.entryIndex, p.handlerKey, p.phase, p.index), this.locator),
    );
    return { children, problems, deferred };
  }
}

/**
 * Template, validation and other errors of one child as located problems. `path` is the child template's katalog
 * path; a problem path may be relative to it (a handler's `image`) or start with the template's own field
 * (the planner's placement and uniqueness checks: `configmaps.onReconcile[0].name`), which is not repeated.
 */
export function problemsOf(e: unknown, entryIndex: number, path: string, locator: YamlLocator | undefined): Problem[] {
  if (e instanceof TemplateError) return e.problems.map((p) => templateProblem(entryIndex, p, locator));
  if (e instanceof ValidationError) {
    const field = path.slice(`spec.crds[${entryIndex}].resources.`.length);
    return e.problems.map((p) => {
      const at = p.path.startsWith(`${field}.`) ? `${path}${p.path.slice(field.length)}` : `${path}.${p.path}`;
      return { path: at, message: p.message, hint: p.hint, location: locator?.locate(at) ?? locator?.locate(path) };
    });
  }
  const message = e instanceof Error ? e.message : String(e);
  return [{ path, message, location: locator?.locate(path) }];
}

/**
 * The object the reconciler applies for a child: the handler's desired object with the owner reference, the
 * system labels and the applied-fields annotation stamped by core's `buildChild`. Without `reader` a child that
 * copies keys from another object (fromConfigMap, fromSecret) fails with an error saying it needs a cluster.
 */
export async function appliedObject(cr: OwnerObject, child: PlannedChild, reader?: ObjectReader): Promise<KubeObject> {
  const desired = await child.handler.desired(cr, child.spec, reader, child.writeOptions);
  const { apiVersion, kind } = childKindOf(child.handler, child.spec);
  // A handler of any kind: the scope of the built-in kinds is known offline; any other is taken as namespaced.
  const clusterScoped = child.handler.kindOf
    ? BUILT_IN_KINDS.lookup(apiVersion, kind)?.namespaced === false
    : !child.handler.namespaced;
  return buildChild(cr, desired, { clusterScoped });
}
