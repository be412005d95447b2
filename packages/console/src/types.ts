/**
 * The console's wire types: the JSON @orkestra/operator's console server sends, as its pages read it. The one
 * definition both sides use: the pages import it, the operator imports it with `import type` (nothing of it at
 * run time; the operator's public declarations do not name it, so an operator installed without this optional
 * package still type-checks). Types only: no value, no import, nothing of Node or of the DOM, so neither side
 * pulls the other's environment. Shipped as `@orkestra/console/types` (`dist/types.d.ts`).
 */

/** A kstatus-like health: `Failed` is what waiting will not fix; `Present` exists and has nothing to judge by. */
export type TraceState = 'Current' | 'Present' | 'InProgress' | 'Failed';

/** How an instance stands, from its `Ready` condition: waiting is what time may fix; failing needs a person. */
export type InstanceState = 'ready' | 'waiting' | 'failing';

/** A condition of the traced CR, whole (messages are never cut). */
export interface TraceCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

/** One object of the tree. */
export interface TraceNode {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  state: TraceState;
  /** What it waits for or why it failed, when it is not ready. */
  reason?: string;
  /** The CR's conditions (Synced, Ready, …); only on the root. */
  conditions?: TraceCondition[];
  children: TraceNode[];
}

/** A condition of an instance as it changed: the status, reason and message it took, and when. */
export interface ConditionTransition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  /** The condition's `lastTransitionTime`, or when the console first saw it so (ISO 8601). */
  at: string;
}

/** One field where the live object differs from the desired one (core's `DriftedField`). */
export interface DriftedField {
  path: string;
  /** `changed`: another value; `missing`: the live object lacks it; `fields`: the set of fields set changed. */
  reason: 'changed' | 'missing' | 'fields';
  /** The desired value (`[redacted]` when secret). */
  desired?: unknown;
  /** The live value (`[redacted]` when secret). */
  live?: unknown;
}

/** How a child stands against its desired state. */
export type ChildDiffState = 'in-sync' | 'drifted' | 'missing' | 'error';

/** One child's desired-versus-live difference. */
export interface ChildDiffView {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  state: ChildDiffState;
  /** For `drifted`: each field that differs, live → desired (secret values `[redacted]`). */
  drifted?: DriftedField[];
  /** For `drifted`: the change needs delete and create (an immutable field). */
  recreate?: boolean;
  /** For `error`: why it could not be compared. */
  message?: string;
}

/** One instance in the list of a kind. */
export interface InstanceSummary {
  namespace?: string;
  name: string;
  state: InstanceState;
  /** The `Ready` condition's message when not ready. */
  message?: string;
}

/** One kind the Manager serves. */
export interface KindView {
  /** `websites.example.com`: what the instance URLs name the kind by. */
  id: string;
  group: string;
  version: string;
  kind: string;
  namespaced: boolean;
  counts: Record<InstanceState, number>;
  queueDepth: number;
  reconcilesPerMinute: number;
  instances: InstanceSummary[];
}

/** One Katalog the Manager's Katalog runtime serves (`Manager({ katalogs })`). */
export interface KatalogView {
  namespace: string;
  name: string;
  /** The revision it serves now; absent while none is (its first spec was refused, or it is just created). */
  revision?: number;
  /** `ready`: its last spec is served; `failing`: refused (the last good revision keeps serving); `waiting`. */
  state: InstanceState;
  /** Its `Ready` condition's message. */
  message?: string;
  /** The kinds it serves (`pages.example.com`), from its status. */
  kinds: string[];
}

/** The kinds page: `katalogs` only when the Manager runs the Katalog runtime. */
export interface KindsView {
  kinds: KindView[];
  katalogs?: KatalogView[];
}

/** An Event recorded on the instance. */
export interface EventView {
  type: string;
  reason: string;
  message: string;
  count: number;
  last: string;
}

/** A child a reconcile created, updated, recreated, deleted or pruned. */
export interface ChildChange {
  kind: string;
  name: string;
  action: 'created' | 'updated' | 'recreated' | 'deleted' | 'pruned';
}

/** One reconcile of an instance. */
export interface TimelineEntry {
  /** When it ended (ISO 8601). */
  at: string;
  trigger: 'event' | 'resync';
  result: 'success' | 'invalid' | 'error';
  durationMs: number;
  /** What it changed; empty when everything was in sync. */
  changes: ChildChange[];
}

/** One instance's page. */
export interface InstanceView {
  kind: string;
  id: string;
  namespace?: string;
  name: string;
  state: TraceState;
  /** The deepest objects that are not ready, each with the path from the instance to it; failed ones first. */
  why: { path: string[]; state: TraceState; reason?: string }[];
  conditions: TraceCondition[];
  /** How the conditions changed, newest first, as far as this operator saw since it started (bounded). */
  conditionHistory: ConditionTransition[];
  tree: TraceNode;
  /** Kinds left out of the tree: the viewer may not get them, or they cannot be read. */
  hidden: string[];
  events: EventView[];
  /** Each child the last reconcile planned against its live object (secret values `[redacted]`). */
  diff: ChildDiffView[];
  timeline: TimelineEntry[];
  /** The outcome of the last reconcile this operator ran of it (since it started), with what waits and what failed. */
  lastReconcile?: {
    result: string;
    /** Children not written yet, each saying what it waits for (`CronJob orders-backup waits for …`). */
    waiting: string[];
    error?: string;
    failed: { kind: string; name: string; error: string }[];
  };
}
