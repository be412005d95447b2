/**
 * The changes one reconcile (or one deletion, or one prune at start) made to a CR's children, gathered by
 * Event reason so they go out as one Normal Event per reason ("created Deployment a, Service b"), not one per
 * child.
 */
import type { ChildResult, OwnerObject } from '@orkestra/core';
import type { EventRecorder } from '../events.js';

/**
 * The reason of a child's change: an update is `Updated` when it rolls out a change of its desired state, else
 * `DriftCorrected`.
 */
function changeReason(action: ChildResult['action'], crChanged: boolean): string {
  switch (action) {
    case 'created':
      return 'Created';
    case 'updated':
      return crChanged ? 'Updated' : 'DriftCorrected';
    case 'recreated':
      return 'Recreated';
    case 'deleted':
      return 'Deleted';
    default:
      return 'Changed';
  }
}

/** The first drifted paths of a result, ` (spec.replicas, spec.template)`; empty without any. */
function driftDetail(result: ChildResult): string {
  if (!result.drifted?.length) return '';
  const paths = result.drifted.slice(0, 5).map((d) => d.path);
  return ` (${paths.join(', ')}${result.drifted.length > 5 ? ', …' : ''})`;
}

/**
 * Changes by Event reason, in the order first seen.
 *
 * @example
 * const notes = new ChangeNotes();
 * notes.changed('Deployment', 'shop-web', result, false);  // DriftCorrected: Deployment shop-web (spec.replicas)
 * notes.add('Pruned', 'Service shop-old');
 * await notes.flush(events, cr);                           // one Normal Event per reason
 */
export class ChangeNotes {
  private readonly byReason = new Map<string, string[]>();

  /** Notes `item` (`Service shop-web`) under `reason`. */
  add(reason: string, item: string): void {
    const items = this.byReason.get(reason);
    if (items) items.push(item);
    else this.byReason.set(reason, [item]);
  }

  /**
   * Notes a child's create, update, recreate or delete (`crChanged`: the child's desired state changed since it was
   * last in line — the CR's or the template's change — so an update is `Updated`, not `DriftCorrected`).
   */
  changed(kind: string, name: string, result: ChildResult, crChanged = false): void {
    this.add(changeReason(result.action, crChanged), `${kind} ${name}${driftDetail(result)}`);
  }

  /** The items noted under `reason`. */
  get(reason: string): readonly string[] | undefined {
    return this.byReason.get(reason);
  }

  /** Drops the items of `reason`: they go out in no Event. */
  delete(reason: string): void {
    this.byReason.delete(reason);
  }

  /** Sends one Normal Event per reason; sending never throws (see {@link EventRecorder.record}). */
  async flush(events: EventRecorder, cr: OwnerObject): Promise<void> {
    const verbs: Record<string, string> = {
      Created: 'created',
      Updated: `updated to follow the ${cr.kind}'s change:`,
      DriftCorrected: 'corrected drift in',
      Recreated: 'recreated',
      Deleted: 'deleted',
      Pruned: 'pruned (no longer desired)',
    };
    for (const [reason, items] of this.byReason)
      await events.record(cr, 'Normal', reason, `${verbs[reason] ?? reason} ${items.join(', ')}`);
  }
}
