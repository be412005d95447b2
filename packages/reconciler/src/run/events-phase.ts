/**
 * 5. events — the reconcile's changes as one Normal Event per reason (see {@link ChangeNotes}). A new CR getting
 * its children is the expected course: its `Created` Event is left out unless `events.initialCreate` asks for it.
 */
import type { ChildResult } from '@orkestra/core';
import type { ChangeNotes } from '../change-notes.js';
import { isFirstReconcile } from '../status.js';
import type { RunParts } from './run-parts.js';
import type { RunState } from './run-state.js';

/**
 * Notes a child's change for the observer and for the events (`crChanged`: an update rolls out a change of the
 * child's desired state — the CR's, the template's: `Updated` — rather than correcting drift — `DriftCorrected`).
 */
export function childChanged(
  parts: Pick<RunParts, 'config'>,
  notes: ChangeNotes,
  key: string,
  kind: string,
  name: string,
  result: ChildResult,
  crChanged = false,
): void {
  const action = result.action as 'created' | 'updated' | 'recreated' | 'deleted';
  const write = action === 'updated' || action === 'recreated';
  parts.config.observer?.childChanged?.({ key, kind, name, action, ...(write ? { drift: !crChanged } : {}) });
  notes.changed(kind, name, result, crChanged);
}

/** Sends the reconcile's Normal Events. */
export async function eventsPhase({ parts, cr, notes }: RunState): Promise<void> {
  const created = notes.get('Created');
  if (created && isFirstReconcile(cr)) {
    // A new CR getting its children is the expected course: the Ready condition written next records it,
    // and an Event per CR would double the writes of a convergence. Opt in with events.initialCreate.
    parts.ctx.logger.info(
      { kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name, children: created },
      'created the children of a new custom resource',
    );
    if (!parts.config.events?.initialCreate) notes.delete('Created');
  }
  await notes.flush(parts.events, cr);
}
