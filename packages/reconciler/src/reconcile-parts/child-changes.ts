/** A child's change, told to the observer and noted for the CR's Events: by the apply phase and by deletion. */
import type { ChildResult } from '@orkestra/core';
import type { ChangeNotes } from './change-notes.js';
import type { RunParts } from './run-parts.js';

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
