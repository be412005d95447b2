/**
 * What `orkestra trace <type>/<name>` names: a kind as kubectl accepts it — `website`, `websites`, `Website`, a
 * short name, or qualified by group (`websites.example.com`) — among the cluster's CRDs and the built-in kinds.
 */
import type { KubeObject, ObjectClient } from '@orkestra/core';
import { BUILT_IN_KINDS } from '@orkestra/core/kube';
import { CliError, ExitCode } from '../exit-codes.js';

/** A kind the cluster serves, as trace reads it. */
export interface TracedKind {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
}

interface CrdNames {
  spec?: {
    group?: string;
    scope?: string;
    names?: { kind?: string; plural?: string; singular?: string; shortNames?: string[] };
    versions?: { name: string; served?: boolean; storage?: boolean }[];
  };
}

/** `website/shop` → `{ type: 'website', name: 'shop' }`; a usage error for anything else. */
export function splitTarget(target: string, name?: string): { type: string; name: string } {
  const [type, named, ...rest] = name === undefined ? target.split('/') : [target, name];
  if (!type || !named || rest.length)
    throw new CliError(ExitCode.Usage, `cannot read "${target}${name ? ` ${name}` : ''}" as <type>/<name>`, {
      hint: 'name the object as kubectl does: orkestra trace website/shop -n demo (or: orkestra trace website shop)',
    });
  return { type, name: named };
}

/**
 * The kind `type` names: `Kind.version.group` as written (no lookup: for readers that may not list CRDs), a CRD's
 * kind, plural, singular or short name (its served storage version), or a built-in kind's.
 */
export async function resolveKind(kube: ObjectClient, type: string): Promise<TracedKind> {
  const full = /^([A-Z][A-Za-z0-9]*)\.(v\d+(?:(?:alpha|beta)\d+)?)\.([a-z0-9.-]+)$/.exec(type);
  if (full) {
    const [, kind = '', version = '', fullGroup = ''] = full;
    const info = await kube.resourceFor(`${fullGroup}/${version}`, kind).catch(() => undefined);
    return { apiVersion: `${fullGroup}/${version}`, kind, namespaced: info?.namespaced ?? true };
  }
  const [word = '', ...groupParts] = type.toLowerCase().split('.');
  const group = groupParts.join('.');
  const crds = await kube
    .list<CrdNames & KubeObject>('apiextensions.k8s.io/v1', 'CustomResourceDefinition')
    .then((l) => l.items)
    .catch(() => []); // a reader that may not list CRDs can still trace built-in kinds
  for (const { spec } of crds) {
    const n = spec?.names;
    const names = [n?.kind, n?.plural, n?.singular, ...(n?.shortNames ?? [])].map((x) => x?.toLowerCase());
    if (!spec?.group || !n?.kind || !names.includes(word) || (group && group !== spec.group)) continue;
    const versions = (spec.versions ?? []).filter((v) => v.served !== false);
    const version = versions.find((v) => v.storage) ?? versions[0];
    if (version)
      return { apiVersion: `${spec.group}/${version.name}`, kind: n.kind, namespaced: spec.scope !== 'Cluster' };
  }
  const builtIn = BUILT_IN_KINDS.find((k) => {
    const g = k.apiVersion.includes('/') ? k.apiVersion.split('/')[0] : '';
    return (k.kind.toLowerCase() === word || k.plural === word) && (!group || group === g);
  });
  if (builtIn) return { apiVersion: builtIn.apiVersion, kind: builtIn.kind, namespaced: builtIn.namespaced };
  throw new CliError(ExitCode.Problems, `the cluster serves no kind named "${type}"`, {
    hint: 'use the kind, plural or short name of a CRD (kubectl api-resources lists them), e.g. website/shop',
  });
}
