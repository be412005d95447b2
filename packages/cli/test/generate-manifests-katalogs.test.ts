/** `orkestra generate manifests --katalogs-from-cluster`: the Katalog runtime's Deployment and its own RBAC only. */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { parseAllDocuments } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';

const IMAGE = 'ghcr.io/acme/orkestra-platform:1.0';
type Rule = { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] };
type Role = KubeObject & { rules: Rule[] };

async function generate(...extra: string[]) {
  const r = await cli(['generate', 'manifests', '--katalogs-from-cluster', '--image', IMAGE, ...extra]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: ExitCode.Ok, stderr: '' });
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as KubeObject);
}

/** `group/resource: verbs` of every rule of `roles`, sorted. */
const grants = (roles: KubeObject[]) =>
  roles
    .flatMap((r) => (r as Role).rules)
    .flatMap((rule) =>
      rule.apiGroups.flatMap((g) =>
        rule.resources.map((res) => `${g || 'core'}/${res}: ${[...rule.verbs].sort().join(',')}`),
      ),
    )
    .sort();

describe('generate manifests --katalogs-from-cluster', () => {
  it('prints the runtime: its ServiceAccount, its RBAC, a Deployment running `run --katalogs-from-cluster`, a PDB and a metrics Service', async () => {
    const objects = await generate('--namespace', 'platform');
    expect(objects.map((o) => o.kind)).toEqual([
      'Namespace',
      'ServiceAccount',
      'ClusterRole',
      'ClusterRoleBinding',
      'Role',
      'RoleBinding',
      'Deployment',
      'PodDisruptionBudget',
      'Service',
    ]);
    const deployment = objects.find((o) => o.kind === 'Deployment') as KubeObject & {
      spec: { replicas: number; template: { spec: { serviceAccountName: string; containers: { args: string[] }[] } } };
    };
    expect(deployment.metadata.name).toBe('orkestra-katalogs');
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.serviceAccountName).toBe('orkestra-katalogs');
    expect(deployment.spec.template.spec.containers[0]?.args).toEqual([
      'run',
      '--katalogs-from-cluster',
      '--http-address',
      ':8080',
      '--log-format',
      'json',
      '--leader-election-namespace',
      'platform',
      '--leader-election-id',
      'orkestra-katalogs',
    ]);
  });

  it('the RBAC is the runtime’s own only: no right on any kind a Katalog makes', async () => {
    const objects = await generate('--namespace', 'platform');
    expect(grants(objects.filter((o) => o.kind === 'ClusterRole'))).toEqual([
      'apiextensions.k8s.io/customresourcedefinitions: create,get,list,patch',
      'apiextensions.k8s.io/customresourcedefinitions: delete',
      'core/configmaps: create,list',
      'core/events: create,patch',
      'core/serviceaccounts: impersonate',
      'orkestra.io/katalogs/status: patch',
      'orkestra.io/katalogs: get,list,watch',
      'rbac.authorization.k8s.io/clusterrolebindings: list,watch',
      'rbac.authorization.k8s.io/clusterroles: list,watch',
      'rbac.authorization.k8s.io/rolebindings: list,watch',
      'rbac.authorization.k8s.io/roles: list,watch',
    ]);
    const role = objects.find((o) => o.kind === 'Role')!;
    expect(role.metadata.namespace).toBe('platform');
    expect(grants([role])).toEqual(['coordination.k8s.io/leases: create,get,update']);
  });

  it('--watch-namespace: Roles in that namespace, a ClusterRole for CRDs only, and `run --namespace`', async () => {
    const objects = await generate(
      '--namespace',
      'platform',
      '--watch-namespace',
      'team-web',
      '--name',
      'web-katalogs',
    );
    // Cluster-wide: the CRDs only (they are cluster-scoped).
    expect(grants(objects.filter((o) => o.kind === 'ClusterRole'))).toEqual([
      'apiextensions.k8s.io/customresourcedefinitions: create,get,list,patch',
      'apiextensions.k8s.io/customresourcedefinitions: delete',
    ]);
    const team = objects.filter((o) => o.kind === 'Role' && o.metadata.namespace === 'team-web');
    expect(grants(team)).toContain('core/serviceaccounts: impersonate');
    expect(grants(team)).not.toContain('rbac.authorization.k8s.io/clusterroles: list,watch');
    const deployment = objects.find((o) => o.kind === 'Deployment') as KubeObject & {
      spec: { template: { spec: { containers: { args: string[] }[] } } };
    };
    expect(deployment.metadata.name).toBe('web-katalogs');
    expect(deployment.spec.template.spec.containers[0]?.args.slice(-2)).toEqual(['--namespace', 'team-web']);
  });

  it('exits 2 for what it does not take: --katalog with it, neither, --shards, two --watch-namespace', async () => {
    for (const args of [
      ['--katalogs-from-cluster', '--katalog', 'katalog.yaml'],
      [],
      ['--katalogs-from-cluster', '--shards', '4'],
      ['--katalogs-from-cluster', '--watch-namespace', 'a', '--watch-namespace', 'b'],
    ]) {
      const r = await cli(['generate', 'manifests', '--image', IMAGE, ...args]);
      expect({ args, code: r.code, out: r.stdout }).toEqual({ args, code: ExitCode.Usage, out: '' });
      expect(r.stderr).toMatch(/katalogs-from-cluster|--katalog/);
    }
  });
});
