/**
 * 5. events — the reconcile's changes as one Normal Event per reason (see `ChangeNotes`). A new CR getting
 * its children is the expected course: its `Created` Event is left out unless `events.initialCreate` asks for it.
 */
import { isFirstReconcile } from '../status.js';
import type { RunState } from './run-state.js';

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
