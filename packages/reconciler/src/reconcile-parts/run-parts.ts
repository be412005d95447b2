/**
 * What every reconcile of one reconciler shares: the client and its context, the compiled templates, and the
 * memories kept between reconciles (ownership refusals, own writes, statuses found right, CRs changed). The
 * façade builds it once; each {@link ReconcileRun} and each deletion reads and updates it.
 */
import type { ChildKind, Context, ControllerClient, KubeObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { type ChildKindUse, kindKey } from '../child-kinds.js';
import type { ReconcilerConfig } from '../config.js';
import { DesiredMemo } from '../desired-memo.js';
import { EventRecorder } from '../events.js';
import { OwnWrites } from '../own-writes.js';
import type { PlannedChild } from '../plan.js';
import type { PruneSource } from '../prune-sources.js';
import { type ChildRef, OwnershipRefusals } from '../refusals.js';
import { StatusMemo } from '../status-memo.js';
import type { CompiledTemplates } from '../templates.js';

/** The parts of a reconciler a reconcile uses. */
export interface RunParts {
  readonly kube: ControllerClient;
  /** The reconciler's context: its signal aborts every request in flight at stop. */
  readonly ctx: Context;
  readonly config: ReconcilerConfig;
  readonly handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>;
  /** The kinds of the children (a hook's child of another kind is refused). */
  readonly kinds: readonly ChildKindUse[];
  readonly templates: CompiledTemplates;
  readonly events: EventRecorder;
  /** Children refused for a name someone else holds: not tried again until that object or the CR changes. */
  readonly refusals: OwnershipRefusals;
  /** Echoes of this reconciler's own child writes: they queue no reconcile. */
  readonly ownWrites: OwnWrites;
  /** Statuses found right, with the versions they were computed from. */
  readonly statusMemo: StatusMemo;
  /** Keys of CRs that changed since their last successful reconcile (see `crChangedSince`). */
  readonly changedCRs: Set<string>;
  /** The desired state each child was last brought to: an update versus a drift correction. */
  readonly desiredMemo: DesiredMemo;
  /**
   * The children each CR's last reconcile planned (the planner's own objects, not copies): what the console
   * compares with the live children. Forgotten with the CR.
   */
  readonly lastPlans: Map<string, readonly PlannedChild[]>;
  /** Child kinds whose schema was read ahead (see `prefetchSchema`). */
  readonly schemasRead: Set<string>;
  /** The finalizer, and whether deletion runs behind it (onDelete children, ordered children, a finalize hook). */
  readonly finalizer: string;
  readonly needsFinalizer: boolean;
  /** The kinds of the configuration's onCreate and onReconcile children, by kind key: the inventory's floor. */
  readonly configuredKinds: ReadonlyMap<string, ChildKind>;
  /** The kinds the inventory record lists for every CR (left out of the CRs' annotations); empty without one. */
  inventoryFloor: ReadonlyMap<string, ChildKind>;
  /** Each child informer once, with the kind it serves: where prune looks for a CR's children (set at start). */
  pruneSources: readonly PruneSource[];
  /** The child `ref` in the child caches, undefined when not there (or no cache has synced). */
  liveChild(ref: ChildRef): KubeObject | undefined;
  /** How many times in a row the reconcile of `key` has failed (the work queue's count). */
  retries(key: string): number;
}

/** What the parts are made of: the reconciler's configuration, compiled. */
type RunPartsOf = Pick<RunParts, 'kube' | 'ctx' | 'config' | 'handlers' | 'kinds' | 'templates'>;

/** What the parts ask of the façade: its work queue and its child caches. */
interface RunPartsHost {
  /** Queues a CR's key (a refused child's object in the way changed). */
  enqueue(key: string): void;
  liveChild: RunParts['liveChild'];
  retries: RunParts['retries'];
}

/** The parts of a reconciler, with empty memories; `pruneSources` and `inventoryFloor` are set at start. */
export function createRunParts(of: RunPartsOf, host: RunPartsHost): RunParts {
  const { kube, ctx, config, templates } = of;
  const configuredKinds = new Map<string, ChildKind>();
  for (const k of of.kinds)
    if (k.phases.some((p) => p !== 'onDelete'))
      configuredKinds.set(kindKey(k), { apiVersion: k.apiVersion, kind: k.kind });
  return {
    ...of,
    events: new EventRecorder(kube, { logger: ctx.logger, component: ctx.fieldManager }),
    refusals: new OwnershipRefusals(kube, ctx.logger, (key) => host.enqueue(key)),
    ownWrites: new OwnWrites(),
    statusMemo: new StatusMemo(),
    changedCRs: new Set(),
    desiredMemo: new DesiredMemo(),
    lastPlans: new Map(),
    schemasRead: new Set(),
    finalizer: config.finalizer ?? 'orkestra.io/finalizer',
    needsFinalizer:
      templates.order.ordered ||
      Object.values(config.resources).some((r) => (r.onDelete?.length ?? 0) > 0) ||
      !!config.hooks?.finalize,
    configuredKinds,
    inventoryFloor: new Map(),
    pruneSources: [],
    liveChild: (ref) => host.liveChild(ref),
    retries: (key) => host.retries(key),
  };
}
