/** The JSON the console's server sends (see @orkestra/operator's console views), as the pages read it. */

export type TraceState = 'Current' | 'Present' | 'InProgress' | 'Failed';
export type InstanceState = 'ready' | 'waiting' | 'failing';

export interface TraceNode {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  state: TraceState;
  reason?: string;
  children: TraceNode[];
}

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface ConditionTransition extends Condition {
  at: string;
}

export interface DriftedField {
  path: string;
  reason: 'changed' | 'missing' | 'fields';
  desired?: unknown;
  live?: unknown;
}

export interface ChildDiffView {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  state: 'in-sync' | 'drifted' | 'missing' | 'error';
  drifted?: DriftedField[];
  recreate?: boolean;
  message?: string;
}

export interface KindView {
  id: string;
  group: string;
  version: string;
  kind: string;
  namespaced: boolean;
  counts: Record<InstanceState, number>;
  queueDepth: number;
  reconcilesPerMinute: number;
  instances: { namespace?: string; name: string; state: InstanceState; message?: string }[];
}

export interface KatalogView {
  namespace: string;
  name: string;
  revision?: number;
  state: InstanceState;
  message?: string;
  kinds: string[];
}

/** The kinds page: `katalogs` only when the Manager runs the Katalog runtime. */
export interface KindsView {
  kinds: KindView[];
  katalogs?: KatalogView[];
}

export interface TimelineEntry {
  at: string;
  trigger: 'event' | 'resync';
  result: 'success' | 'invalid' | 'error';
  durationMs: number;
  changes: { kind: string; name: string; action: string }[];
}

export interface InstanceView {
  kind: string;
  id: string;
  namespace?: string;
  name: string;
  state: TraceState;
  why: { path: string[]; state: TraceState; reason?: string }[];
  conditions: Condition[];
  conditionHistory: ConditionTransition[];
  tree: TraceNode & { reason?: string };
  hidden: string[];
  events: { type: string; reason: string; message: string; count: number; last: string }[];
  diff: ChildDiffView[];
  timeline: TimelineEntry[];
  lastReconcile?: {
    result: string;
    waiting: string[];
    error?: string;
    failed: { kind: string; name: string; error: string }[];
  };
}
