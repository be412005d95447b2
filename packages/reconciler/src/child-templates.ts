/**
 * Every child template of a configuration, in configuration order (handler by handler, then `onCreate`,
 * `onReconcile`, `onDelete`), with where it sits: what the analysis stages and the planner walk.
 */
import type { ChildTemplate, HandlerTemplates } from './config.js';
import { PHASES, type Phase } from './plan.js';

/** A child template and where it sits in the configuration. */
export interface PlacedTemplate {
  readonly handlerKey: string;
  readonly phase: Phase;
  /** Position in its phase's list. */
  readonly index: number;
  /** `deployments.onReconcile[0]`: how problems name it. */
  readonly field: string;
  readonly template: ChildTemplate;
}

/**
 * The child templates of `resources`, in configuration order.
 *
 * @example
 * for (const { field, template } of childTemplates(config.resources))
 *   engine.check(childSource(template).source, { field });
 */
export function* childTemplates(resources: Readonly<Record<string, HandlerTemplates>>): Generator<PlacedTemplate> {
  for (const [handlerKey, templates] of Object.entries(resources))
    for (const phase of PHASES) {
      const list = templates[phase] ?? [];
      for (let index = 0; index < list.length; index++)
        yield { handlerKey, phase, index, field: `${handlerKey}.${phase}[${index}]`, template: list[index]! };
    }
}
