/**
 * Installing or upgrading an owner kind's CustomResourceDefinition on start (`ManagerOptions.installCrds`,
 * `orkestra run --install-crds`): the CRD `customResourceDefinition` makes from the reconciler's `api`, applied
 * server-side, then waited for until Established. A change the API server would refuse — a version dropped
 * while objects are still stored as it, a change of scope — is refused before any write, saying how to proceed.
 */

import type { ControllerClient } from '@orkestra/core';
import { InvalidError } from '@orkestra/core';
import {
  type CustomResourceDefinition,
  customResourceDefinition,
  type OwnerKind,
  type ReconcilerConfig,
} from '@orkestra/reconciler';
import { type ConversionClientConfig, convertsByCode } from '@orkestra/reconciler/internal';

const CRD_API = 'apiextensions.k8s.io/v1';
/** How to move stored objects off a version before dropping it. */
const STORAGE_VERSION_MIGRATION_DOC =
  'https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning/' +
  '#upgrade-existing-objects-to-a-new-stored-version';

/** A CRD that cannot be installed or upgraded as asked; nothing was written. */
export class CrdInstallError extends Error {
  constructor(
    /** The CRD's name, `websites.example.com`. */
    readonly crd: string,
    /** Why, for a person: what blocks the change. */
    readonly reason: string,
    /** What to do about it. */
    readonly hint: string,
  ) {
    super(`cannot install the CRD ${crd}: ${reason}; ${hint}`);
    this.name = 'CrdInstallError';
  }
}

/** The live CRD, as much as the checks read. */
interface LiveCrd {
  spec?: { scope?: string; versions?: { name: string }[] };
  status?: { storedVersions?: string[]; conditions?: { type: string; status: string; message?: string }[] };
}

/** What the upgrade from `live` to `wanted` would break, or undefined when the server takes it. */
function refusal(live: LiveCrd, wanted: CustomResourceDefinition): CrdInstallError | undefined {
  const name = wanted.metadata.name;
  const names = new Set(wanted.spec.versions.map((v) => v.name));
  const dropped = (live.status?.storedVersions ?? []).filter((v) => !names.has(v));
  if (dropped.length)
    return new CrdInstallError(
      name,
      `the new CRD drops version ${dropped.join(', ')}, which objects are still stored as (status.storedVersions: ` +
        `${live.status?.storedVersions?.join(', ')})`,
      `keep ${dropped.length === 1 ? 'that version' : 'those versions'} (served: false) until every object is ` +
        `stored as the new storage version, then remove ${dropped.join(', ')} from status.storedVersions (see ` +
        STORAGE_VERSION_MIGRATION_DOC +
        ')',
    );
  if (live.spec?.scope && live.spec.scope !== wanted.spec.scope)
    return new CrdInstallError(
      name,
      `its scope is ${live.spec.scope} in the cluster and ${wanted.spec.scope} in the api; the API server never ` +
        `changes a CRD's scope`,
      'keep the scope (owner.namespaced), or delete the CRD and every object of it first',
    );
  return undefined;
}

/**
 * Creates or upgrades `crd` by server-side apply (field manager `fieldManager`), after checking the change
 * against the live CRD (see {@link CrdInstallError}), then waits until the API server serves it (Established).
 * Costs a GET, an apply and the polls until Established. Throws {@link CrdInstallError} for a change refused,
 * before any write, or when the server refuses the CRD itself (its message included).
 */
export async function installCrd(
  kube: ControllerClient,
  crd: CustomResourceDefinition,
  options: { fieldManager: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<'created' | 'upgraded'> {
  kube.resources.register({
    apiVersion: CRD_API,
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
  });
  const ref = { apiVersion: CRD_API, kind: 'CustomResourceDefinition', name: crd.metadata.name };
  const live = (await kube.get(ref, { signal: options.signal })) as LiveCrd | undefined;
  const refused = live && refusal(live, crd);
  if (refused) throw refused;
  try {
    await kube.apply(crd as never, { fieldManager: options.fieldManager, signal: options.signal });
  } catch (e) {
    if (e instanceof InvalidError)
      throw new CrdInstallError(
        crd.metadata.name,
        `the API server refused it: ${e.message}`,
        'fix the api of the owner kind',
      );
    throw e;
  }
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const now = (await kube.get(ref, { signal: options.signal })) as LiveCrd | undefined;
    const conditions = now?.status?.conditions ?? [];
    const names = conditions.find((c) => c.type === 'NamesAccepted');
    if (names?.status === 'False')
      throw new CrdInstallError(crd.metadata.name, `its names are not accepted: ${names.message}`, 'pick other names');
    if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) return live ? 'upgraded' : 'created';
    if (Date.now() > deadline)
      throw new CrdInstallError(crd.metadata.name, 'it is not Established after 30 s', 'look at its status conditions');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The CRDs of `configs` (each from its `api`; `conversion` says where an owner whose versions convert by code is
 * converted);
 * a configuration without one is a {@link CrdInstallError}, as there is nothing to install.
 */
export function crdsOf(
  configs: readonly Pick<ReconcilerConfig, 'owner' | 'api'>[],
  conversion?: (owner: OwnerKind) => ConversionClientConfig,
): CustomResourceDefinition[] {
  return configs.map(({ owner, api }) => {
    if (!api)
      throw new CrdInstallError(
        `${owner.plural}.${owner.group}`,
        `the configuration of ${owner.kind} has no api`,
        'give it an api (the spec schema) or install the CRD yourself and leave installCrds off',
      );
    return customResourceDefinition(
      owner,
      api,
      conversion && convertsByCode(api) ? { conversion: conversion(owner) } : {},
    );
  });
}
