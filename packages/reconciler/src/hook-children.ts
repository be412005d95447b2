/**
 * Children returned by the `children(cr, ctx)` hook, beside the templated ones. Each is a handler's template
 * source given as data (never evaluated as a template: a CR value in it stays a value), made with
 * {@link child} so its type is the handler's own. They are planned as templated children are — resolved by
 * their handler (defaults, validation, system labels), checked for placement and uniqueness together with the
 * templated children — then applied, and pruned once the hook stops returning them.
 */
import {
  type ChildKind,
  OrkestraError,
  type OwnerObject,
  type ResolvedSpec,
  type ResourceHandler,
  ValidationError,
} from '@orkestra/core';
import { templateKindOf } from '@orkestra/core/internal';
import { type ChildKindUse, kindKey } from './child-kinds.js';
import type { HookChild } from './hook-child.js';
import type { KindScopes, PlannedChild, PlanProblem } from './plan.js';
import { checkPlacement } from './plan-checks.js';
import { yieldControlledFields } from './yielded-fields.js';

/**
 * The kinds the `children` hook may make beyond the templates': those of every handler of the configuration
 * with a kind of its own (a handler of any kind makes only kinds its templates name). Watched and kept in the
 * inventory like the templates' kinds.
 */
export function hookChildKinds(
  handlers: Iterable<ResourceHandler<unknown, ResolvedSpec>>,
  known: readonly ChildKindUse[],
): ChildKindUse[] {
  const out: ChildKindUse[] = [];
  const have = new Set(known.map(kindKey));
  for (const h of handlers) {
    if (h.kindOf) continue;
    const kind: ChildKind = { apiVersion: h.apiVersion, kind: h.kind };
    if (have.has(kindKey(kind))) continue;
    have.add(kindKey(kind));
    out.push({ ...kind, handlerKeys: [h.key], field: 'hooks.children', phases: ['onReconcile'] });
  }
  return out;
}

/** What planning the hook's children needs from the reconciler. */
interface HookChildPlanning {
  /** The configuration's handlers, by key. */
  handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>;
  /** Whether the reconciler watches (and so can update and prune) children of a kind. */
  watches(kind: ChildKind): boolean;
  scopes?: KindScopes | undefined;
}

/**
 * The templated children of `cr` with the hook's `returned` ones after them, resolved by their handlers and
 * checked together (placement, uniqueness, yielded fields). A hook child that fails is a problem named
 * `hooks.children[i]`; the caller writes nothing while there is any.
 */
export function planHookChildren(
  cr: OwnerObject,
  templated: readonly PlannedChild[],
  returned: unknown,
  planning: HookChildPlanning,
): { children: PlannedChild[]; problems: PlanProblem[] } {
  const problems: PlanProblem[] = [];
  if (!Array.isArray(returned)) {
    const error = new OrkestraError(
      'Config',
      `hooks.children must return a list of children made with child(handler, source), got ${typeof returned}`,
    );
    return {
      children: [...templated],
      problems: [{ handlerKey: '', phase: 'onReconcile', index: 0, field: 'hooks.children', error }],
    };
  }
  const planned: PlannedChild[] = [];
  returned.forEach((item: Partial<HookChild> | null | undefined, index) => {
    const field = `hooks.children[${index}]`;
    const handler = item?.handler;
    const ref = { handlerKey: handler?.key ?? '', phase: 'onReconcile' as const, index, field };
    try {
      if (!handler || typeof handler.resolve !== 'function')
        throw new OrkestraError('Config', `${field}: not a child made with child(handler, source)`);
      if (planning.handlers.get(handler.key) !== handler)
        throw new OrkestraError(
          'Config',
          `${field}: handler ${handler.key} is not one of the reconciler's handlers — add it to handlers (with ` +
            `defineOperator: children(${handler.key}.handler, {}))`,
        );
      const kind = templateKindOf(handler, item.source);
      if (!planning.watches(kind))
        throw new OrkestraError(
          'Config',
          `${field}: ${kind.kind} (${kind.apiVersion}) is not a kind this reconciler watches — a handler of any kind ` +
            `makes only the kinds its templates name; add a template of that kind`,
        );
      const spec = handler.resolve(item.source, cr.metadata.name);
      planned.push({ ...ref, handler, spec, ...(item.readyWhen ? { readyWhen: item.readyWhen } : {}) });
    } catch (error) {
      problems.push({ ...ref, error: withField(error, field) });
    }
  });
  // Templated children passed these checks already; run again together, a hook child naming the same object
  // as a template is refused (named after the template), and an HPA among either yields its target's fields.
  const checked = checkPlacement(cr, [...templated, ...planned], planning.scopes);
  return {
    children: yieldControlledFields(cr, checked.children),
    problems: [...problems, ...checked.problems],
  };
}

/** A resolve error with the hook child's position in front of its field paths (`hooks.children[0].image`). */
function withField(error: unknown, field: string): unknown {
  if (!(error instanceof ValidationError)) return error;
  return new ValidationError(
    error.problems.map((p) => ({ ...p, path: `${field}.${p.path}` })),
    { ...(error.object ? { object: error.object } : {}), cause: error },
  );
}
