/** What readiness rules share: the result type, and readers of a live object's status. */
import type { KubeObject } from './objects.js';

/**
 * A kstatus state: `Current` — ready by its kind's rule; `Present` — a kind with no rule and no status, counted
 * ready because it exists; `InProgress` — not ready yet; `Failed` — its controller reports a failure that waiting
 * will not fix.
 */
export type ReadinessStatus = 'Current' | 'Present' | 'InProgress' | 'Failed';

/**
 * A child's readiness: `reason` says what it waits for (`1 of 3 replicas available`) or how it failed
 * (`progress deadline exceeded (…)`) while not ready.
 */
export type Readiness =
  | { ready: true; status: 'Current' | 'Present' }
  | { ready: false; status: 'InProgress' | 'Failed'; reason: string };

/** A condition as found in a status (fields unchecked). */
export interface StatusCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

/** The status fields the rules read. */
export interface Status {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  availableReplicas?: number;
  readyReplicas?: number;
  currentReplicas?: number;
  fullyLabeledReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  desiredNumberScheduled?: number;
  currentNumberScheduled?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberReady?: number;
  succeeded?: number;
  failed?: number;
  active?: number;
  phase?: string;
  conditions?: StatusCondition[];
  containerStatuses?: { name?: string; state?: { waiting?: { reason?: string; message?: string } } }[];
  loadBalancer?: { ingress?: unknown[] };
}

export const READY: Readiness = { ready: true, status: 'Current' };
export const inProgress = (reason: string): Readiness => ({ ready: false, status: 'InProgress', reason });
export const failed = (reason: string): Readiness => ({ ready: false, status: 'Failed', reason });

export const statusOf = (o: KubeObject): Status =>
  o.status && typeof o.status === 'object' ? (o.status as Status) : {};

/** The condition of `type`, when the status has one. */
export const conditionOf = (s: Status, type: string): StatusCondition | undefined =>
  Array.isArray(s.conditions) ? s.conditions.find((c) => c?.type === type) : undefined;

/** True when a status reports an `observedGeneration` older than the object's generation. */
export const observedBehind = (o: KubeObject, observed: unknown): boolean =>
  typeof o.metadata.generation === 'number' && typeof observed === 'number' && observed < o.metadata.generation;

/** `(reason: message)` of a condition, for a readiness reason; empty when it carries neither. */
export function conditionDetail(c: { reason?: string | undefined; message?: string | undefined }): string {
  const text = [c.reason, c.message?.slice(0, 200)].filter(Boolean).join(': ');
  return text ? ` (${text})` : '';
}
