/**
 * `ChildPlanner`: the children a CR should have, resolved without a request. Every child template of a
 * configuration is compiled once (with its field name and, for handlers with `sensitiveFields`, as
 * sensitive); for a CR, `when` is evaluated, every string evaluated, then `handler.resolve` applies defaults,
 * parsing and system labels. The reconciler plans every reconcile with it, and `orkestra render` / `diff`
 * use the same planner, so what they show is what the reconciler applies.
 */
import type { ResolvedSpec, ResourceHandler, OwnerObject } from '@orkestra/core';
import { TemplateError, type TemplateEngine, type TemplateProblem } from '@orkestra/template';
import type { HandlerTemplates } from './config.js';
import { checkPlacement } from './plan-checks.js';

/** The three lists of a handler's children. */
export const PHASES = ['onCreate', 'onReconcile', 'onDelete'] as const;
/** One of {@link PHASES}. */
export type Phase = (typeof PHASES)[number];

/** Where a child template sits in the configuration. */
export interface ChildTemplateRef {
  handlerKey: string;
  phase: Phase;
  /** Position in its phase's list. */
  index: number;
  /** `deployments.onReconcile[0]`: how errors name it. */
  field: string;
}

/** One child a CR should have. */
export interface PlannedChild extends ChildTemplateRef {
  handler: ResourceHandler<unknown, ResolvedSpec>;
  spec: ResolvedSpec;
}

/** A child template that could not be resolved for a CR: a TemplateError, a ValidationError… */
export interface PlanProblem extends ChildTemplateRef {
  error: unknown;
}

interface CompiledChild extends ChildTemplateRef {
  when(cr: OwnerObject): boolean;
  evaluate(cr: OwnerObject): unknown;
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

  /** Compiles every child template; throws one {@link TemplateError} listing every problem. */
  constructor(resources: Readonly<Record<string, HandlerTemplates>>, private readonly handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>, engine: TemplateEngine) {
    const problems: TemplateProblem[] = [];
    for (const [handlerKey, templates] of Object.entries(resources)) {
      const sensitive = (handlers.get(handlerKey)?.sensitiveFields?.length ?? 0) > 0;
      for (const phase of PHASES) {
        (templates[phase] ?? []).forEach((item, index) => {
          const field = `${handlerKey}.${phase}[${index}]`;
          const { when, ...source } = item;
          try {
            const template = engine.compile(source, { field, sensitive });
            const whenFn = when === undefined ? () => true : engine.compileWhen(when);
            this.compiled.push({ handlerKey, phase, index, field, when: (cr) => whenFn(cr), evaluate: (cr) => template.resolve(cr) });
          } catch (e) {
            if (e instanceof TemplateError) problems.push(...e.problems);
            else throw e;
          }
        });
      }
    }
    if (problems.length > 0) throw new TemplateError(problems);
  }

  /** The child templates, in configuration order. */
  get templates(): readonly ChildTemplateRef[] {
    return this.compiled.map(({ handlerKey, phase, index, field }) => ({ handlerKey, phase, index, field }));
  }

  /**
   * The children of `cr` in `phases` (default: onCreate and onReconcile) whose `when` holds, resolved and
   * checked for placement (the owner's namespace) and uniqueness; every problem is collected instead of
   * stopping at the first. A caller writes nothing while `problems` is not empty.
   */
  resolve(cr: OwnerObject, phases: readonly Phase[] = ['onCreate', 'onReconcile']): { children: PlannedChild[]; problems: PlanProblem[] } {
    const children: PlannedChild[] = [];
    const problems: PlanProblem[] = [];
    for (const c of this.compiled) {
      if (!phases.includes(c.phase)) continue;
      const ref: ChildTemplateRef = { handlerKey: c.handlerKey, phase: c.phase, index: c.index, field: c.field };
      try {
        if (!c.when(cr)) continue;
        const handler = this.handlers.get(c.handlerKey)!;
        children.push({ ...ref, handler, spec: handler.resolve(c.evaluate(cr), cr.metadata.name) });
      } catch (error) {
        problems.push({ ...ref, error });
      }
    }
    const checked = checkPlacement(cr, children);
    return { children: checked.children, problems: [...problems, ...checked.problems] };
  }
}
