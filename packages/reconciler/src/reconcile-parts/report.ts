/** What one reconcile did: the record the façade keeps per CR, for tests, the CLI and the work queue. */
import type { ChildResult } from '@orkestra/core';

/** What one reconcile did, for tests and the CLI. */
export interface ReconcileReport {
  key: string;
  /** `invalid`: a template or validation error stopped the reconcile before any write. */
  result: 'success' | 'invalid' | 'error' | 'deleted' | 'absent';
  children: {
    handler: string;
    kind: string;
    name: string;
    action: ChildResult['action'] | 'pruned' | 'failed';
    error?: string;
  }[];
  statusWritten: boolean;
  /** Children not written because what they depend on is not there yet, each saying on what. */
  waiting?: string[];
  error?: string;
  /** The error behind {@link error}, for callers that branch on its class (a `ConflictError` is retried at once). */
  cause?: unknown;
}
