/**
 * A Katalog's revisions: each accepted spec is kept as an immutable ConfigMap `<katalog>-r<N>` in the Katalog's
 * namespace, owned by the Katalog (so the garbage collector removes them with it), labelled with the Katalog's
 * name and the revision number — `kubectl get configmaps -l orkestra.io/katalog=<name>` lists them. ConfigMaps
 * rather than a kind of their own: nothing more to install, readable by the team's usual RBAC, and
 * `immutable: true` makes the API server refuse any edit. A spec equal to the newest revision's makes none
 * (a restart of the runtime, or a status-only change); rolling back is applying the old spec: a new revision.
 */

import type { ControllerClient, KubeObject } from '@orkestra/core';
import { AlreadyExistsError } from '@orkestra/core';
import type { KatalogObject } from './compile.js';

export const KATALOG_LABEL = 'orkestra.io/katalog';
export const REVISION_LABEL = 'orkestra.io/katalog-revision';
const SPEC_KEY = 'spec.json';

/** One stored revision. */
export interface KatalogRevision {
  number: number;
  /** The spec as accepted, JSON. */
  spec: string;
}

type ConfigMap = KubeObject & { data?: Record<string, string> };

/** The revisions of `katalog`, oldest first (one list request). */
export async function listRevisions(kube: ControllerClient, katalog: KatalogObject): Promise<KatalogRevision[]> {
  const { name, namespace } = katalog.metadata;
  const list = await kube.list<ConfigMap>('v1', 'ConfigMap', { namespace, labelSelector: `${KATALOG_LABEL}=${name}` });
  return list.items
    .filter((cm) => cm.metadata.ownerReferences?.some((r) => r.uid === katalog.metadata.uid))
    .map((cm) => ({ number: Number(cm.metadata.labels?.[REVISION_LABEL]), spec: cm.data?.[SPEC_KEY] ?? '' }))
    .filter((r) => Number.isInteger(r.number))
    .sort((a, b) => a.number - b.number);
}

/**
 * The revision of `spec`: the newest when it holds the same spec, else a new one numbered after it (created,
 * immutable). `known` is the newest revision already known to the caller, which saves the list.
 */
export async function recordRevision(
  kube: ControllerClient,
  katalog: KatalogObject,
  spec: string,
  known?: KatalogRevision,
): Promise<KatalogRevision> {
  const newest = known ?? (await listRevisions(kube, katalog)).at(-1);
  if (newest?.spec === spec) return newest;
  const number = (newest?.number ?? 0) + 1;
  const { name, namespace, uid } = katalog.metadata;
  try {
    await kube.create<ConfigMap>({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: revisionName(name, number),
        namespace,
        labels: { [KATALOG_LABEL]: name, [REVISION_LABEL]: String(number), 'app.kubernetes.io/managed-by': 'orkestra' },
        ownerReferences: [
          { apiVersion: katalog.apiVersion, kind: katalog.kind, name, uid: uid ?? '', controller: true },
        ],
      },
      immutable: true,
      data: { [SPEC_KEY]: spec },
    } as ConfigMap);
  } catch (e) {
    // Left by an earlier run that stopped before serving it: recount.
    if (e instanceof AlreadyExistsError) return recordRevision(kube, katalog, spec);
    throw e;
  }
  return { number, spec };
}

/** The ConfigMap of revision `number` of Katalog `katalog`. */
export function revisionName(katalog: string, number: number): string {
  return `${katalog}-r${number}`;
}
