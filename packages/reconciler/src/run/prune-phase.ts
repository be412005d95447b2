/**
 * 4. prune — the children this CR owns that are no longer desired: first those of the configured kinds (found in
 * the child caches by the owner label, confirmed by controller UID), then those of kinds its inventory lists and
 * the configuration no longer has. Costs nothing in steady state.
 */
import { childSelector, deleteChild, isControlledBy, ownerLabelValue } from '@orkestra/core';
import { writeInventory } from '../inventory/cr-inventory.js';
import { pruneRemovedKinds } from '../inventory/removed-kinds.js';
import { ownerIndexKey } from '../prune-sources.js';
import { WantedChildren } from '../wanted-children.js';
import type { RunState } from './run-state.js';

/** Prunes after the inventory's write (started at apply) is done. */
export async function prunePhase(run: RunState): Promise<void> {
  await run.inventory?.grow;
  // A child not resolved yet has no name: what it would match cannot be told from what is no longer desired.
  if (run.unresolved === 0) await pruneUndesired(run);
  await pruneRemovedKindsOf(run);
}

/** Deletes owned children of the configured kinds that are not desired. */
async function pruneUndesired(run: RunState): Promise<void> {
  const { parts, cr, report } = run;
  const wanted = new WantedChildren(run.refs);
  const ownerLabel = ownerLabelValue(cr.metadata.name);
  for (const { informer, apiVersion, kind, namespaced, handlerKeys } of parts.pruneSources) {
    const index = ownerIndexKey(namespaced ? cr.metadata.namespace : undefined, ownerLabel)!;
    for (const child of informer.byIndex(index)) {
      const name = child.metadata.name ?? '';
      if (!isControlledBy(child, cr) || wanted.has(apiVersion, kind, child.metadata.namespace, name)) continue;
      try {
        const result = await deleteChild(parts.ctx, parts.kube, cr, {
          apiVersion,
          kind,
          namespace: child.metadata.namespace,
          name,
        });
        if (result.action !== 'deleted') continue;
        report.children.push({ handler: handlerKeys[0]!, kind, name, action: 'pruned' });
        parts.config.observer?.childChanged?.({ key: run.key, kind, name, action: 'pruned' });
        run.notes.add('Pruned', `${kind} ${child.metadata.name}`);
      } catch (e) {
        run.failures.push(e);
      }
    }
  }
}

/**
 * Prunes the children of kinds the CR's inventory lists but the configuration no longer has (a whole handler
 * key removed); once none is left, the inventory drops those kinds.
 */
async function pruneRemovedKindsOf(run: RunState): Promise<void> {
  const { parts, cr, report, inventory } = run;
  if (!inventory) return;
  const { recorded, wanted } = inventory;
  const removed = [...recorded].filter(([k]) => !wanted.has(k)).map(([, kind]) => kind);
  if (removed.length === 0) return;
  const { failures } = await pruneRemovedKinds(
    {
      ctx: parts.ctx,
      kube: parts.kube,
      owner: { apiVersion: cr.apiVersion, kind: cr.kind },
      of: `${cr.kind} ${cr.metadata.name}`,
      namespaces: [cr.metadata.namespace],
      labelSelector: childSelector(cr.metadata.name),
      ownerOf: () => cr,
      pruned: (_cr, kind, names) => {
        for (const name of names) {
          report.children.push({ handler: '', kind, name, action: 'pruned' });
          parts.config.observer?.childChanged?.({ key: run.key, kind, name, action: 'pruned' });
          run.notes.add('Pruned', `${kind} ${name}`);
        }
      },
      forbidden: async (_kind, advice) => void (await parts.events.record(cr, 'Warning', 'PruneForbidden', advice)),
    },
    removed,
  );
  run.failures.push(...failures);
  if (failures.length === 0)
    await writeInventory(parts, cr, wanted.values()).catch((e: unknown) => {
      run.failures.push(e);
    });
}
