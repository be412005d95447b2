/**
 * The server-side apply of an update, for a child that may have been created with a plain POST.
 *
 * A POST under the field manager records the child's fields — with what the server defaulted — in an `Update`
 * entry of managedFields; the server takes that entry and the manager's applies (`Apply` entries) for two
 * managers, so a field the desired object stops setting would stay, kept by the Update entry (and a defaulted
 * field the new desired object forbids, such as a Deployment's `rollingUpdate` beside `type: Recreate`, makes
 * the apply invalid). So before an apply that changes the set of fields the desired object sets (the drift
 * matcher tells: the applied-fields hash differs), the Update entry is handed over to the Apply entry
 * ({@link upgradeToApply}), and the apply removes what it no longer sets (a defaulted field is defaulted
 * again). Never at create, never in steady state, never for a drift correction, which changes values only.
 *
 * Informer caches drop managedFields: such an update reads the child from the server first (a list, which no
 * read cache answers). Cost of an update that changes the field set: one read more, and once per POSTed
 * child one write more (the hand-over, a managedFields-only merge patch guarded by the resourceVersion).
 */
import type { Context } from './context.js';
import { ConflictError } from './errors.js';
import { type ManagedFieldsEntry, upgradeToApply } from './managed-fields.js';
import type { ObjectClient } from './object-client.js';
import type { KubeObject } from './objects.js';
import { refOf } from './objects.js';
import { readFromServer, withManagedFields } from './server-read.js';

/** How many times a hand-over refused for a stale resourceVersion is tried again from a fresh read. */
const HANDOVER_ATTEMPTS = 5;

/**
 * Applies `child` (forced, under the context's field manager) over `live`. With `fieldsChanged` (the set of
 * fields `child` sets differs from the last write's), hands the field manager's Update entry over to its
 * Apply entry first (see the module comment), so that fields `child` no longer sets are removed whichever way
 * the child was created. Returns the object as the apply left it.
 */
export async function applyOwned<T extends KubeObject>(
  ctx: Context,
  kube: ObjectClient,
  child: T,
  live: KubeObject,
  fieldsChanged: boolean,
): Promise<T> {
  // A client that cannot POST never created with POST (a dry-run client, a test double): nothing to hand over.
  if (fieldsChanged && kube.create) {
    const current = await withManagedFields(ctx, kube, live);
    if (current) await handOver(ctx, kube, current);
  }
  return kube.apply(child, { fieldManager: ctx.fieldManager, force: true, signal: ctx.signal });
}

/**
 * Writes {@link upgradeToApply}'s managedFields with a merge patch guarded by the resourceVersion of `seen`;
 * refused as stale (a controller wrote the child meanwhile: a Deployment's status), it reads the child from
 * the server again and tries again. Nothing is written when there is nothing to hand over.
 */
async function handOver(ctx: Context, kube: ObjectClient, seen: KubeObject): Promise<void> {
  let current: KubeObject | undefined = seen;
  for (let attempt = 1; current; attempt++) {
    const entries = (current.metadata.managedFields ?? []) as ManagedFieldsEntry[];
    const { managedFields, changed } = upgradeToApply(entries, ctx.fieldManager);
    if (!changed) return;
    try {
      await kube.patch(
        refOf(current),
        { metadata: { resourceVersion: current.metadata.resourceVersion, managedFields } },
        { type: 'merge', fieldManager: ctx.fieldManager, signal: ctx.signal },
      );
      ctx.logger.debug(
        { kind: current.kind, namespace: current.metadata.namespace, name: current.metadata.name },
        'handed the fields of the create over to server-side apply',
      );
      return;
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= HANDOVER_ATTEMPTS) throw e;
    }
    current = await readFromServer(ctx, kube, current);
  }
}
