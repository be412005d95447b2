/**
 * The state of one reconcile of one live CR, filled in by its phases in order (see {@link ReconcileRun}): what
 * was planned, what each child is live, what failed, what changed.
 */
import type { KubeObject, OwnerObject } from '@orkestra/core';
import type { HookContext } from '../hook-context.js';
import type { LiveChildren } from '../hooks.js';
import type { CrInventory } from '../inventory/cr-inventory.js';
import type { DeferredChild, PlannedChild } from '../plan.js';
import { ChangeNotes } from '../reconcile-parts/change-notes.js';
import type { ReconcileReport } from '../reconcile-parts/report.js';
import type { RunParts } from '../reconcile-parts/run-parts.js';
import type { ChildRef } from '../refusals.js';

/** One reconcile's state; each field says which phase sets it. */
export class RunState {
  /** The CR's queue key (`namespace/name`). */
  readonly key: string;
  /** 2. plan: the children to apply, in plan order; children resolved while applying are appended. */
  desired: PlannedChild[] = [];
  /** 2. plan: children that read other children, resolved once those exist. */
  deferred: DeferredChild[] = [];
  /** 2. plan: the object each desired child is, by index. */
  refs: ChildRef[] = [];
  /** 2. plan: whether the CR changed since its children were last in sync (an update rolls it out). */
  crChanged = false;
  /** 3. apply: the CR's inventory (recorded, wanted) and its write when it grows. */
  inventory: CrInventory | undefined;
  /** 3. apply: the desired state of each child brought in line (written or in sync), by child (`refKey`). */
  readonly settledDesired = new Map<string, unknown>();
  /** 3. apply: each desired child live, by index (undefined: not applied). */
  readonly lives: (KubeObject | undefined)[] = [];
  /** 3. apply: the live children by handler key and name (what the status fields and hooks see). */
  readonly liveChildren: LiveChildren = {};
  /** 3. apply: children not written because what they depend on is not there yet, each saying on what. */
  waiting: string[] = [];
  /** 3. apply: children never resolved (they read children not there yet): nothing is pruned while any is. */
  unresolved = 0;
  /** 3–4. apply and prune: what failed, in order. */
  readonly failures: unknown[] = [];
  /** A failed child's place in the plan: the status lists failures in that order, whatever wave they failed in. */
  readonly failedAt = new Map<unknown, number>();
  /** 3–4. apply and prune: the changes, for the events of phase 5. */
  readonly notes = new ChangeNotes();

  constructor(
    readonly parts: RunParts,
    readonly cr: OwnerObject,
    readonly report: ReconcileReport,
    /** The hooks' context for this reconcile. */
    readonly hooks: HookContext,
  ) {
    this.key = report.key;
  }
}
