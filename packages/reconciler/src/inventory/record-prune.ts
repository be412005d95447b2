/**
 * The start's prune, once for every CR, of the children of the kinds the configuration's inventory record
 * lists and the configuration no longer makes at all; then the record drops those kinds. A failure leaves them
 * there for the next start.
 */
import { childSelector, type OwnerObject } from '@orkestra/core';
import { objectKey } from '../machinery/informer.js';
import { ChangeNotes } from '../reconcile-parts/change-notes.js';
import type { RunParts } from '../reconcile-parts/run-parts.js';
import type { InventoryRecord } from './record.js';
import { pruneRemovedKinds } from './removed-kinds.js';

/** What the start's prune needs of the reconciler. */
interface RecordPrune {
  parts: Pick<RunParts, 'ctx' | 'kube' | 'config' | 'events'>;
  record: InventoryRecord;
  /** The kinds served now, by kind key: the record's others are no longer configured. */
  served: ReadonlyMap<string, unknown>;
  /** The live CR of a queue key, from the owner cache. */
  ownerOf(key: string): OwnerObject | undefined;
}

/** Prunes the record's kinds the configuration lost; never throws (a failure is logged and tried at the next start). */
export async function pruneUnrecordedKinds({ parts, record, served, ownerOf }: RecordPrune): Promise<void> {
  const removed = [...record.listed].filter(([key]) => !served.has(key)).map(([, kind]) => kind);
  if (removed.length === 0) return;
  const { owner, namespaces } = parts.config;
  const { logger } = parts.ctx;
  try {
    const { done, failures } = await pruneRemovedKinds(
      {
        ctx: parts.ctx,
        kube: parts.kube,
        owner: { apiVersion: `${owner.group}/${owner.version}`, kind: owner.kind },
        of: `the ${owner.kind} resources`,
        namespaces: namespaces?.length ? namespaces : [undefined],
        labelSelector: childSelector(),
        ownerOf: (child, ref) =>
          ownerOf(objectKey(owner.namespaced === false ? undefined : child.metadata.namespace, ref.name)),
        pruned: async (cr, kind, names) => {
          const key = objectKey(cr.metadata.namespace, cr.metadata.name);
          const notes = new ChangeNotes();
          for (const name of names) {
            parts.config.observer?.childChanged?.({ key, kind, name, action: 'pruned' });
            notes.add('Pruned', `${kind} ${name}`);
          }
          await notes.flush(parts.events, cr);
        },
        forbidden: (kind, advice) => logger.warn({ kind: kind.kind, apiVersion: kind.apiVersion }, advice),
      },
      removed,
    );
    for (const failure of failures)
      logger.warn({ err: String(failure) }, 'pruning a removed kind failed: tried again at the next start');
    await record.drop(done, parts.ctx.signal);
  } catch (e) {
    logger.warn(
      { err: e instanceof Error ? e.message : String(e) },
      'pruning the removed kinds failed: tried again at the next start',
    );
  }
}
