/**
 * The shapes of a plan: the children a CR should have and the problems of those that could not be planned.
 * Apart from the planner so that the checks it runs can name them without importing it.
 */
import type { KubeObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';

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
  /** For a `forEach` child: the CR path of its item, `spec.databases[1]` or `spec.databases.main`. */
  item?: string;
}

/** One child a CR should have. */
export interface PlannedChild extends ChildTemplateRef {
  handler: ResourceHandler<unknown, ResolvedSpec>;
  spec: ResolvedSpec;
  /** The template's `readyWhen` over the child's live object; absent: the kind's built-in rule. */
  readyWhen?: (live: KubeObject) => boolean;
}

/** A child template that could not be resolved for a CR: a TemplateError, a ValidationError… */
export interface PlanProblem extends ChildTemplateRef {
  error: unknown;
}

/** What {@link ChildPlanner.resolve} returns. */
export interface Plan {
  children: PlannedChild[];
  problems: PlanProblem[];
}

/** How kinds are served, as far as known without a request: the client's `resources` registry fits. */
export interface KindScopes {
  lookup(apiVersion: string, kind: string): { namespaced: boolean } | undefined;
}
