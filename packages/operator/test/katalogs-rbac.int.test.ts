/**
 * A served Katalog whose ServiceAccount loses a verb is noticed without a restart, on the real API server: a Role
 * edited, a RoleBinding deleted, a ClusterRole edited — the Katalog stops being served with `Ready=False` listing
 * the missing verbs, and is served again when they are granted back. While nothing changes, nothing is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster, waitFor } from '@orkestra/testenv';
import { Manager } from '../src/index.js';
import { deleteKatalogs, teamAccount } from './katalog-fixtures.js';

const cluster = testCluster();
const GROUP = 'rbac.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };
const RBAC = 'rbac.authorization.k8s.io/v1';
const CLUSTER_ROLE = 'katalogs-rbac-test-events';

type Status = {
  revision?: number;
  problems?: { path: string; message: string }[];
  conditions?: { type: string; status: string; reason: string; message: string }[];
};

const ownRules = [
  { apiGroups: [GROUP], resources: ['pages', 'pages/status', 'pages/finalizers'], verbs: ['*'] },
  { apiGroups: [''], resources: ['configmaps'], verbs: ['*'] },
];

describe('Katalogs re-check their access when RBAC changes', () => {
  let kube: Kubeclient;
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let ns: string;

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('rbac-recheck');
    await teamAccount(kube, ns, 'team', ownRules);
    const subjects = [{ kind: 'ServiceAccount', name: 'team', namespace: ns }];
    // Events come from a ClusterRole, bound in the namespace.
    await kube.create({
      apiVersion: RBAC,
      kind: 'ClusterRole',
      metadata: { name: CLUSTER_ROLE },
      rules: [{ apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] }],
    });
    await kube.create({
      apiVersion: RBAC,
      kind: 'RoleBinding',
      metadata: { name: 'team-events', namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: CLUSTER_ROLE },
      subjects,
    });
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    manager = new Manager({
      kube: runtimeKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never, watchRbac: { debounceMs: 200 } },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    await manager.start();
    await kube.apply(
      {
        ...KATALOG,
        metadata: { name: 'pages', namespace: ns },
        spec: {
          serviceAccountName: 'team',
          crds: [
            {
              owner: { group: GROUP, version: 'v1', kind: 'Page', plural: 'pages' },
              api: { spec: { title: { type: 'string' } } },
              resources: {
                configmaps: { onReconcile: [{ name: '{{metadata.name}}-page', data: { t: '{{spec.title}}' } }] },
              },
            },
          ],
        },
      } as KubeObject,
      { fieldManager: 'team', force: true },
    );
  });
  afterAll(async () => {
    if (kube) await deleteKatalogs(kube, manager, [ns]);
    await manager?.stop();
    await kube
      .delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `pages.${GROUP}` })
      .catch(() => false);
    await kube.delete({ apiVersion: RBAC, kind: 'ClusterRole', name: CLUSTER_ROLE }).catch(() => false);
    await kube?.close();
    await runtimeKube?.close();
  });

  const statusUntil = (until: (s: Status) => boolean, description: string) =>
    waitFor(
      async () => ((await kube.get({ ...KATALOG, namespace: ns, name: 'pages' })) as { status?: Status })?.status ?? {},
      { until, description, timeoutMs: 20_000 },
    );
  const ready = (s: Status) => s.conditions?.find((c) => c.type === 'Ready')?.status;
  const served = () => statusUntil((s) => ready(s) === 'True', 'the Katalog served');
  const page = async (name: string) => {
    await kube.create({
      apiVersion: `${GROUP}/v1`,
      kind: 'Page',
      metadata: { name, namespace: ns },
      spec: { title: name },
    } as KubeObject);
    await waitFor(() => kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: `${name}-page` }), {
      description: `the child of ${name}`,
    });
  };
  const setRole = (rules: unknown[]) =>
    kube.apply({ apiVersion: RBAC, kind: 'Role', metadata: { name: 'team', namespace: ns }, rules } as KubeObject, {
      fieldManager: 'test',
      force: true,
    });

  it('costs nothing while nothing changes: the RBAC watch asks no question', async () => {
    await served();
    await page('first');
    await manager.katalogs?.idle();
    await Promise.all(manager.katalogs?.reconcilers.map((r) => r.whenIdle()) ?? []);
    await new Promise((resolve) => setTimeout(resolve, 700));
    runtimeKube.requests.reset();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runtimeKube.requests.snapshot()).toEqual({});
  });

  it('a Role losing a verb stops the Katalog, listing it; granting it back serves again', async () => {
    await setRole([ownRules[0]]);
    const refused = await statusUntil((s) => ready(s) === 'False', 'the Katalog no longer served');
    expect(refused.revision).toBeUndefined();
    expect(refused.problems?.map((p) => p.message).join('\n')).toMatch(
      new RegExp(`system:serviceaccount:${ns}:team may not (get|list|watch|create|patch|delete) configmaps`),
    );
    expect(manager.katalogs?.reconcilers.filter((r) => r.config.owner.group === GROUP)).toHaveLength(0);
    const events = await kube.list('v1', 'Event', { namespace: ns, fieldSelector: 'reason=AccessRevoked' });
    expect(events.items.length).toBe(1);
    await setRole(ownRules);
    const back = await served();
    expect(back.revision).toBe(1); // the same spec: the same revision
    await page('second');
  });

  it('a RoleBinding deleted and created again', async () => {
    await kube.delete({ apiVersion: RBAC, kind: 'RoleBinding', namespace: ns, name: 'team' });
    await statusUntil((s) => ready(s) === 'False', 'the Katalog no longer served');
    await kube.create({
      apiVersion: RBAC,
      kind: 'RoleBinding',
      metadata: { name: 'team', namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'team' },
      subjects: [{ kind: 'ServiceAccount', name: 'team', namespace: ns }],
    });
    await served();
  });

  it('a ClusterRole bound in the namespace losing a verb', async () => {
    await kube.apply(
      {
        apiVersion: RBAC,
        kind: 'ClusterRole',
        metadata: { name: CLUSTER_ROLE },
        rules: [{ apiGroups: [''], resources: ['events'], verbs: ['patch'] }],
      } as KubeObject,
      { fieldManager: 'test', force: true },
    );
    const refused = await statusUntil((s) => ready(s) === 'False', 'the Katalog no longer served');
    expect(refused.problems?.map((p) => p.message).join('\n')).toMatch(/may not create events/);
    await kube.apply(
      {
        apiVersion: RBAC,
        kind: 'ClusterRole',
        metadata: { name: CLUSTER_ROLE },
        rules: [{ apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] }],
      } as KubeObject,
      { fieldManager: 'test', force: true },
    );
    await served();
  });
});
