/**
 * What the `children` hook returns: children made with {@link child}, each typed by its handler's template
 * source. Planned by `hook-children.ts`.
 */
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { PlannedChild } from './plan.js';

declare const hookChild: unique symbol;

/** One child of the `children` hook: made by {@link child}, which types `source` by the handler. */
export interface HookChild {
  readonly handler: ResourceHandler<unknown, ResolvedSpec>;
  readonly source: unknown;
  /** When the child is ready (with `readiness: 'children'`), over its live object; default the kind's rule. */
  readonly readyWhen?: PlannedChild['readyWhen'];
  /** Only {@link child} makes one. */
  readonly [hookChild]: true;
}

/**
 * A child for the `children` hook: `source` is the handler's template source, typed by the handler, so a
 * misspelt field (`imagee`) or a wrong type (`replicas: true`) is a compile error. The values are data: a
 * `"{{ }}"` in them is not evaluated.
 *
 * @example
 * hooks: { children: (cr) => [child(configmaps.handler, { name: `${cr.metadata.name}-extra`, data: { a: 'b' } })] }
 */
export function child<Source, Resolved extends ResolvedSpec>(
  handler: ResourceHandler<Source, Resolved>,
  source: NoInfer<Source>,
  options: { readyWhen?: PlannedChild['readyWhen'] } = {},
): HookChild {
  return {
    handler: handler as unknown as ResourceHandler<unknown, ResolvedSpec>,
    source,
    ...(options.readyWhen ? { readyWhen: options.readyWhen } : {}),
  } as HookChild;
}
