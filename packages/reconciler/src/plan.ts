/**
 * The shapes of a plan: the children a CR should have and the problems of those that could not be planned.
 * Apart from the planner so that the checks it runs can name them without importing it.
 */
import type { ChildWriteOptions, KubeObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';

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
  /**
   * What its handler's `create`/`update`/`desired` are called with beside the spec: the fields a sibling's
   * controller writes on it (`yieldedFields`: an HPA's target yields `spec.replicas`), and `memoisable` when
   * the planner hands out this same frozen spec for every reconcile of one CR version.
   */
  writeOptions?: ChildWriteOptions;
  /** The template's `readyWhen` over the child's live object; absent: the kind's built-in rule. */
  readyWhen?: (live: KubeObject) => boolean;
}

/** A child template that could not be resolved for a CR: a TemplateError, a ValidationError… */
export interface PlanProblem extends ChildTemplateRef {
  error: unknown;
}

/** The live children a template reads, by handler key then id: `{ services: { db: <live Service> } }`. */
export type ReadChildren = Record<string, Record<string, KubeObject>>;

/**
 * A child whose template reads other children (`{{children.services.db.spec.clusterIP}}`): its `when` holds,
 * but it can be resolved only once those children exist, from their live objects.
 */
export interface DeferredChild extends ChildTemplateRef {
  /** The children it reads, as `<handler key>.<id>`. */
  reads: readonly string[];
  /**
   * Resolves it against `children` (each child of {@link reads} that exists) beside the CR, and checks it
   * against its resolved `siblings` as planning does (placement, one name per object, yielded fields).
   * Throws as planning would; a problem whose path is under `children.` means a read field is not there yet
   * (see {@link isWaitingOnChildren}). Memoised on the identity of the live objects it read.
   */
  resolve(children: ReadChildren, siblings: readonly PlannedChild[]): PlannedChild;
}

/** What {@link ChildPlanner.resolve} returns. */
export interface Plan {
  children: PlannedChild[];
  problems: PlanProblem[];
  /** Children that read other children, resolved when those exist (see {@link DeferredChild}). */
  deferred: DeferredChild[];
}

/** How kinds are served, as far as known without a request: the client's `resources` registry fits. */
export interface KindScopes {
  lookup(apiVersion: string, kind: string): { namespaced: boolean } | undefined;
}
