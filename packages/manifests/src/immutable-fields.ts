/**
 * Fields of well-known kinds that the API server refuses to change on an existing object. Knowing them
 * turns such a change into an `ImmutableFieldError` naming the field (or a recreate) before any write;
 * for every other kind, core recognises the server's refusal of the write itself.
 */
import type { DriftedField, ImmutableChange, KubeObject } from '@orkestra/core';
import { immutableDataChanges } from '@orkestra/core/authoring';

/** Changes under `path` are refused, except under the paths of `except`. */
interface ImmutableRule {
  path: string;
  except?: readonly string[];
  reason: string;
}

const SELECTOR: ImmutableRule = { path: 'spec.selector', reason: 'the selector of a workload cannot change' };

/** By `<group>/<kind>` (the core group is empty): the version does not change what is immutable. */
const RULES: Readonly<Record<string, readonly ImmutableRule[]>> = {
  'apps/StatefulSet': [
    {
      path: 'spec',
      except: [
        'spec.replicas',
        'spec.ordinals',
        'spec.template',
        'spec.updateStrategy',
        'spec.revisionHistoryLimit',
        'spec.persistentVolumeClaimRetentionPolicy',
        'spec.minReadySeconds',
      ],
      reason:
        'a StatefulSet can change only replicas, template, updateStrategy, minReadySeconds, ordinals, ' +
        'revisionHistoryLimit and persistentVolumeClaimRetentionPolicy',
    },
  ],
  'apps/Deployment': [SELECTOR],
  'apps/DaemonSet': [SELECTOR],
  'apps/ReplicaSet': [SELECTOR],
  'batch/Job': [
    { path: 'spec.template', reason: "a Job's Pod template cannot change" },
    { path: 'spec.selector', reason: "a Job's selector cannot change" },
    { path: 'spec.completions', reason: "a Job's completions cannot change" },
    { path: 'spec.completionMode', reason: "a Job's completionMode cannot change" },
  ],
  '/PersistentVolumeClaim': [
    {
      path: 'spec',
      except: ['spec.resources.requests', 'spec.volumeAttributesClassName'],
      reason: 'a PersistentVolumeClaim can change only resources.requests and volumeAttributesClassName',
    },
  ],
  '/Service': [
    { path: 'spec.clusterIP', reason: 'a Service keeps its cluster IP' },
    { path: 'spec.clusterIPs', reason: 'a Service keeps its cluster IPs' },
  ],
  'rbac.authorization.k8s.io/RoleBinding': [{ path: 'roleRef', reason: 'the role of a binding cannot change' }],
  'rbac.authorization.k8s.io/ClusterRoleBinding': [{ path: 'roleRef', reason: 'the role of a binding cannot change' }],
};

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** `path` is `prefix` or lies below it (`spec.selector`, `spec.selector.matchLabels.app`, `spec.ports[http]`). */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/**
 * The drifted fields of a known kind that cannot change in place, each reported once at the rule's path
 * (`spec.volumeClaimTemplates`, not every leaf below it). ConfigMaps and Secrets with `immutable: true`
 * refuse any change of their data.
 *
 * @example
 * immutableChanges(drifted, liveStatefulSet, desiredStatefulSet);
 * // [{ path: 'spec.volumeClaimTemplates', reason: 'a StatefulSet can change only replicas, …' }]
 */
export function immutableChanges(
  drifted: readonly DriftedField[],
  live: KubeObject,
  desired: KubeObject,
): ImmutableChange[] {
  if (live.apiVersion === 'v1' && (live.kind === 'ConfigMap' || live.kind === 'Secret')) {
    return immutableDataChanges(drifted, live, desired, {
      kind: live.kind,
      fields: live.kind === 'Secret' ? ['data'] : ['data', 'binaryData'],
    });
  }
  const rules = RULES[`${groupOf(live.apiVersion)}/${live.kind}`] ?? [];
  const changes = new Map<string, ImmutableChange>();
  for (const { path } of drifted) {
    for (const rule of rules) {
      if (!isUnder(path, rule.path) || rule.except?.some((e) => isUnder(path, e))) continue;
      // Below a rule's root, name the field that changed: its first segment under the root.
      const rest = path.slice(rule.path.length).match(/^[.[][^.[]*/)?.[0] ?? '';
      const field = rule.except ? `${rule.path}${rest.replace(/\[.*$/, '')}` : rule.path;
      if (!changes.has(field)) changes.set(field, { path: field, reason: rule.reason });
    }
  }
  return [...changes.values()];
}
