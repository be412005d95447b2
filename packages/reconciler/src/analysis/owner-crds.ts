/**
 * The owner of a configuration against its CRD — from files (`orkestra validate --crd`) or installed in the
 * cluster (the Manager's start, `orkestra run`): kind, group, plural, version, scope and status subresource.
 * The version's `openAPIV3Schema` is what the templates' CR paths are then checked against. Both report the
 * same problems.
 */
import type { ControllerClient, JsonSchema } from '@orkestra/core';
import type { OwnerKind } from '../config.js';
import type { ProblemList } from './problems.js';

/** One version of a CRD. */
interface CrdVersion {
  name: string;
  served?: boolean;
  subresources?: { status?: unknown };
  schema?: { openAPIV3Schema?: JsonSchema };
}

/** A CustomResourceDefinition, as much of it as the analysis reads. */
export interface Crd {
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    group?: string;
    scope?: string;
    names?: { kind?: string; plural?: string };
    versions?: CrdVersion[];
  };
}

/** A CRD and where it was found (`crd.yaml:1:1`, or `customresourcedefinitions/<name>` of the cluster). */
export interface FoundCrd {
  crd: Crd;
  /** The file (or `the cluster`). */
  file: string;
  location: string;
}

/**
 * Checks `owner` against the CRD of its kind among `crds` (`files` name where they came from, for messages);
 * returns the schema of its version, to check the templates with, when there is one.
 */
export function checkOwnerCrd(
  owner: OwnerKind,
  crds: readonly FoundCrd[],
  files: readonly string[],
  list: ProblemList,
): JsonSchema | undefined {
  const at = (field: string) => `owner${field ? `.${field}` : ''}`;
  const found = crds.find((c) => c.crd.spec?.group === owner.group && c.crd.spec?.names?.kind === owner.kind);
  if (!found) {
    const sameKind = crds.find((c) => c.crd.spec?.names?.kind === owner.kind);
    list.add({
      path: at(sameKind ? 'group' : 'kind'),
      message:
        `no CRD for ${owner.kind} in group ${owner.group} in ${files.join(', ')}` +
        (sameKind ? ` (there is one in group ${String(sameKind.crd.spec?.group)})` : ''),
      hint:
        files.length === 1 && files[0] === 'the cluster'
          ? `install the CRD of ${owner.plural}.${owner.group} (kubectl apply -f crd.yaml), or fix the owner`
          : 'pass the CRD of the owner kind with --crd, or fix the owner',
    });
    return undefined;
  }
  const spec = found.crd.spec!;
  if (spec.names?.plural !== owner.plural)
    list.add({
      path: at('plural'),
      message: `is "${owner.plural}", but the CRD (${found.location}) says "${String(spec.names?.plural)}"`,
      hint: `write plural: ${String(spec.names?.plural)}`,
    });
  const namespaced = owner.namespaced ?? true;
  if ((spec.scope === 'Cluster') === namespaced)
    list.add({
      path: at('namespaced'),
      message:
        `the CRD (${found.location}) is ${spec.scope === 'Cluster' ? 'cluster-scoped' : 'namespaced'}, the ` +
        `configuration says namespaced: ${namespaced}`,
      hint: `write namespaced: ${spec.scope !== 'Cluster'}`,
    });
  const version = spec.versions?.find((v) => v.name === owner.version);
  if (!version) {
    list.add({
      path: at('version'),
      message:
        `the CRD (${found.location}) has no version ${owner.version}; it has ` +
        `${(spec.versions ?? []).map((v) => v.name).join(', ') || 'none'}`,
    });
    return undefined;
  }
  if (version.served === false)
    list.add({ path: at('version'), message: `version ${owner.version} of the CRD (${found.location}) is not served` });
  if (!version.subresources || version.subresources.status === undefined)
    list.add({
      path: at(''),
      message:
        `version ${owner.version} of the CRD (${found.location}) has no status subresource, which the ` +
        `reconciler writes the Ready condition through`,
      hint: 'add `subresources: { status: {} }` to that version',
    });
  return version.schema?.openAPIV3Schema;
}

const CRD_KIND = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  plural: 'customresourcedefinitions',
  namespaced: false,
} as const;

/**
 * The CRD of `owner` installed in the cluster (one GET), or `undefined` when none is. Needs `get` on
 * `customresourcedefinitions` (the permissions the Manager checks at start include it).
 */
export async function readOwnerCrd(
  kube: ControllerClient,
  owner: OwnerKind,
  signal?: AbortSignal,
): Promise<FoundCrd | undefined> {
  kube.resources.register(CRD_KIND);
  const name = `${owner.plural}.${owner.group}`;
  const crd = (await kube.get(
    { apiVersion: CRD_KIND.apiVersion, kind: CRD_KIND.kind, name },
    signal ? { signal } : {},
  )) as Crd | undefined;
  return crd ? { crd, file: 'the cluster', location: `customresourcedefinitions/${name}` } : undefined;
}
