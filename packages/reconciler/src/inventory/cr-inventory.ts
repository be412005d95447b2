/**
 * One CR's inventory during a reconcile: the kinds its annotation lists, the kinds it must list now, and the
 * write that grows it alongside the children's writes.
 */
import type { ChildKind, Context, ControllerClient, OwnerObject } from '@orkestra/core';
import { INVENTORY_ANNOTATION, inventoryGrows, inventoryValue, recordedKinds, wantedKinds } from './annotation.js';

/** A CR's inventory in one reconcile. */
export interface CrInventory {
  /** The kinds the CR's annotation lists. */
  recorded: ReadonlyMap<string, ChildKind>;
  /** The kinds it must list: the configuration's and those of the children planned now. */
  wanted: ReadonlyMap<string, ChildKind>;
  /** The annotation's write when it grows now (its failure is pushed on the reconcile's failures). */
  grow: Promise<void> | undefined;
}

/** What writing a CR's inventory needs: the client, the reconciler's context, and the record's kinds. */
interface InventoryWriter {
  kube: ControllerClient;
  ctx: Context;
  /** The kinds the configuration's inventory record lists for every CR: left out of the annotation. */
  inventoryFloor: ReadonlyMap<string, ChildKind>;
}

/**
 * Sets the CR's inventory annotation to `kinds`, less those the record lists (one merge patch of metadata; the
 * status is not touched); none left removes the annotation.
 */
export async function writeInventory(w: InventoryWriter, cr: OwnerObject, kinds: Iterable<ChildKind>): Promise<void> {
  const value = inventoryValue(kinds, w.inventoryFloor);
  await w.kube.patch(
    { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
    { metadata: { annotations: { [INVENTORY_ANNOTATION]: value === '' ? null : value } } },
    { type: 'merge', fieldManager: w.ctx.fieldManager, signal: w.ctx.signal },
  );
}

/**
 * The CR's inventory for the children planned now (`children`, their kinds), and — when it lacks one of their
 * kinds — its write, started now: the inventory grows alongside the children's writes (not before them: that
 * would add a round trip to every new CR); a crash between the two is repaired by the next reconcile with the
 * same configuration. Nothing is written in steady state.
 */
export function startInventory(
  w: InventoryWriter,
  configured: ReadonlyMap<string, ChildKind>,
  cr: OwnerObject,
  children: readonly ChildKind[],
  failures: unknown[],
): CrInventory {
  const recorded = recordedKinds(cr);
  const wanted = wantedKinds(configured, children);
  const grow = inventoryGrows(recorded, wanted, w.inventoryFloor)
    ? writeInventory(w, cr, [...recorded.values(), ...wanted.values()]).catch((e: unknown) => {
        failures.push(e);
      })
    : undefined;
  return { recorded, wanted, grow };
}
