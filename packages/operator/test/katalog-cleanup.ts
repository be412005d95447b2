import type { ControllerClient } from '@orkestra/core';
import type { Manager } from '../src/index.js';

const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

/**
 * Deletes the Katalogs a test file made in `namespaces`, then waits until its `manager` has handled that. The
 * integration files share one control plane, and a later file's runtime may serve every namespace: it must not
 * find this file's Katalogs still there (it would serve them, or take their deletion for its own to handle).
 */
export async function deleteKatalogs(
  kube: ControllerClient,
  manager: Manager | undefined,
  namespaces: readonly string[],
): Promise<void> {
  for (const namespace of namespaces) {
    const { items } = await kube.list(KATALOG.apiVersion, KATALOG.kind, { namespace }).catch(() => ({ items: [] }));
    for (const k of items) await kube.delete({ ...KATALOG, namespace, name: k.metadata.name ?? '' }).catch(() => false);
  }
  await manager?.katalogs?.idle();
}
