/**
 * The Katalog runtime on the real API server: a team's Katalog applied, its kind served as its ServiceAccount,
 * an edit rolled out to existing instances, a broken edit refused while the last good revision serves, and the
 * refusals that keep one team's Katalog inside what its ServiceAccount may do.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import * as manifests from '@orkestra/manifests';
import { testCluster, waitFor } from '@orkestra/testenv';
import { Manager } from '../src/index.js';
import { allVerbs, deleteKatalogs, teamAccount } from './katalog-fixtures.js';

const cluster = testCluster();
const GROUP = 'teams.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

type Status = {
  revision?: number;
  instances?: number;
  problems?: { path: string; message: string; hint?: string }[];
  conditions?: { type: string; status: string; reason: string; message: string }[];
};

/** The Website kind of a team, with one ConfigMap child whose `page` key is `page`. */
function websiteEntry(kind: string, plural: string, page: string, extra: Record<string, unknown> = {}) {
  return {
    owner: { group: GROUP, version: 'v1', kind, plural },
    api: { spec: { title: { type: 'string', required: true } } },
    resources: {
      configmaps: {
        onReconcile: [
          { name: '{{metadata.name}}-page', data: { page } },
          { name: '{{metadata.name}}-about', data: { about: '{{spec.title}} by team' } },
        ],
      },
      ...extra,
    },
  };
}

describe('Katalogs from the cluster', () => {
  let kube: Kubeclient;
  /** The runtime's own client: its requests are counted apart from the test's. */
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let teamA: string;
  let teamB: string;

  /** A ServiceAccount `name` of `namespace` with every verb on `resources` (group: plural[]) there. */
  const account = (namespace: string, name: string, resources: Record<string, string[]>) =>
    teamAccount(
      kube,
      namespace,
      name,
      Object.entries(resources).map(([group, plurals]) => allVerbs(group, plurals)),
    );

  const katalog = async (namespace: string, name: string) =>
    (await kube.get({ ...KATALOG, namespace, name })) as (KubeObject & { status?: Status }) | undefined;
  const ready = (s: Status | undefined) => s?.conditions?.find((c) => c.type === 'Ready');
  const apply = (namespace: string, name: string, serviceAccountName: string, crds: unknown[]) =>
    kube.apply({ ...KATALOG, metadata: { name, namespace }, spec: { serviceAccountName, crds } } as KubeObject, {
      fieldManager: 'team',
      force: true,
    });
  /** Waits until the Katalog's status answers `until` (Ready, a revision, problems …), and returns it. */
  const statusOf = (namespace: string, name: string, until: (s: Status) => boolean, description: string) =>
    waitFor(async () => (await katalog(namespace, name))?.status ?? {}, { until, description, timeoutMs: 20_000 });
  const configMap = (namespace: string, name: string) =>
    kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name }) as Promise<
      (KubeObject & { data?: Record<string, string> }) | undefined
    >;
  const instance = (namespace: string, kind: string, name: string) =>
    kube.create({
      apiVersion: `${GROUP}/v1`,
      kind,
      metadata: { name, namespace },
      spec: { title: name },
    } as KubeObject);

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    teamA = await cluster.newNamespace('team-a');
    teamB = await cluster.newNamespace('team-b');
    const site = {
      [GROUP]: ['websites', 'websites/status', 'websites/finalizers', 'shops', 'shops/status', 'shops/finalizers'],
      '': ['configmaps', 'events'],
    };
    await account(teamA, 'site-team', site);
    await account(teamB, 'site-team', {
      [GROUP]: ['shops', 'shops/status', 'shops/finalizers'],
      '': ['configmaps', 'events'],
    });
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    manager = new Manager({
      kube: runtimeKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler, manifests.handler] as never },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    await manager.start();
  });
  afterAll(async () => {
    if (kube) await deleteKatalogs(kube, manager, [teamA, teamB]);
    await manager?.stop();
    for (const plural of ['websites', 'shops'])
      await kube
        .delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `${plural}.${GROUP}` })
        .catch(() => false);
    await kube?.close();
    await runtimeKube?.close();
  });

  it('serves a Katalog as its ServiceAccount; an edit reaches existing instances as a new revision', async () => {
    await apply(teamA, 'website', 'site-team', [websiteEntry('Website', 'websites', 'v1 {{spec.title}}')]);
    const first = await statusOf(teamA, 'website', (s) => ready(s)?.status === 'True', 'Katalog website Ready');
    expect(first.revision).toBe(1);
    await instance(teamA, 'Website', 'shop');
    const page = await waitFor(() => configMap(teamA, 'shop-page'), { description: 'the child ConfigMap' });
    expect(page.data).toEqual({ page: 'v1 shop' });
    expect((page.metadata.managedFields as { manager?: string }[]).some((f) => f.manager === 'orkestra')).toBe(true);
    await waitFor(
      async () =>
        (
          (await kube.get({ apiVersion: `${GROUP}/v1`, kind: 'Website', namespace: teamA, name: 'shop' })) as never as {
            status?: { katalogRevision?: string };
          }
        )?.status?.katalogRevision === '1',
      { description: 'the instance to record revision 1' },
    );
    await statusOf(teamA, 'website', (s) => s.instances === 1, 'the Katalog to count 1 instance');

    const about = await waitFor(() => configMap(teamA, 'shop-about'), { description: 'the second child' });
    await apply(teamA, 'website', 'site-team', [websiteEntry('Website', 'websites', 'v2 {{spec.title}}')]);
    await statusOf(teamA, 'website', (s) => s.revision === 2 && ready(s)?.status === 'True', 'revision 2 served');
    await waitFor(async () => (await configMap(teamA, 'shop-page'))?.data?.page === 'v2 shop', {
      description: 'the existing instance to follow the edit',
    });
    await waitFor(
      async () =>
        (
          (await kube.get({ apiVersion: `${GROUP}/v1`, kind: 'Website', namespace: teamA, name: 'shop' })) as never as {
            status?: { katalogRevision?: string };
          }
        )?.status?.katalogRevision === '2',
      { description: 'the instance to record revision 2' },
    );
    // Only the child that changed was written.
    expect((await configMap(teamA, 'shop-about'))?.metadata.resourceVersion).toBe(about.metadata.resourceVersion);
    const events = await kube.list('v1', 'Event', { namespace: teamA, fieldSelector: 'involvedObject.kind=Katalog' });
    expect(events.items.map((e) => (e as { reason?: string }).reason)).toContain('RevisionServed');
    const revisions = await kube.list('v1', 'ConfigMap', {
      namespace: teamA,
      labelSelector: 'orkestra.io/katalog=website',
    });
    expect(revisions.items.map((cm) => cm.metadata.name).sort()).toEqual(['website-r1', 'website-r2']);
    expect(revisions.items.every((cm) => (cm as { immutable?: boolean }).immutable === true)).toBe(true);
  });

  it('costs no request while nothing changes (steady state)', async () => {
    await manager.katalogs?.idle();
    await Promise.all(manager.katalogs?.reconcilers.map((r) => r.whenIdle()) ?? []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    runtimeKube.requests.reset();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runtimeKube.requests.snapshot()).toEqual({});
  });

  it('refuses a broken edit with every problem while the last good revision keeps serving', async () => {
    const broken = websiteEntry('Website', 'websites', 'v3');
    (broken.resources.configmaps.onReconcile[0] as Record<string, unknown>).dta = { page: 'x' };
    await apply(teamA, 'website', 'site-team', [{ ...broken, hooks: './hooks.ts' }]);
    const status = await statusOf(teamA, 'website', (s) => ready(s)?.status === 'False', 'the edit refused');
    expect(status.revision).toBe(2);
    expect(ready(status)?.message).toMatch(/revision 2 still serves/);
    const paths = status.problems?.map((p) => p.path) ?? [];
    expect(paths).toContain('spec.crds[0].hooks');
    expect(status.problems?.find((p) => p.path === 'spec.crds[0].hooks')?.hint).toMatch(/never load code/);
    expect(paths.some((p) => p.startsWith('spec.crds[0].resources.configmaps.onReconcile[0]'))).toBe(true);
    // /readyz names the failing Katalog, and stays ready: one team's broken edit does not stop the others'.
    expect(manager.readiness()).toEqual({
      ready: true,
      detail: expect.stringContaining(`Katalogs failing: ${teamA}/website (Refused)`),
    });
    await instance(teamA, 'Website', 'blog');
    const page = await waitFor(() => configMap(teamA, 'blog-page'), { description: 'a new instance served by r2' });
    expect(page.data).toEqual({ page: 'v2 blog' });
  });

  it('refuses a second Katalog of the same kind, naming the first, and never disturbs it', async () => {
    await apply(teamB, 'website', 'site-team', [websiteEntry('Website', 'websites', 'stolen')]);
    const status = await statusOf(teamB, 'website', (s) => ready(s)?.status === 'False', 'the second Katalog refused');
    expect(status.problems?.[0]?.message).toContain(`is served by Katalog ${teamA}/website`);
    expect(manager.katalogs?.revisions().get(`${teamA}/website`)).toBe(2);
    const readiness = await manager.metrics.registry.getSingleMetricAsString('orkestra_katalog_ready');
    expect(readiness).toContain(`orkestra_katalog_ready{katalog="${teamB}/website"} 0`);
    expect(readiness).toContain(`orkestra_katalog_ready{katalog="${teamA}/website"} 0`); // its broken edit, above
    const revision = await manager.metrics.registry.getSingleMetricAsString('orkestra_katalog_revision');
    expect(revision).toContain(`orkestra_katalog_revision{katalog="${teamA}/website"} 2`);
    expect((await configMap(teamA, 'shop-page'))?.data?.page).toBe('v2 shop');
  });

  it('refuses what the ServiceAccount may not do: a ClusterRoleBinding, another namespace, another team’s kind', async () => {
    const crb = websiteEntry('Shop', 'shops', 'x', {
      manifests: {
        onReconcile: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'ClusterRoleBinding',
            metadata: { name: 'team-b-admin' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
            subjects: [{ kind: 'ServiceAccount', name: 'site-team', namespace: teamB }],
          },
        ],
      },
    });
    const elsewhere = websiteEntry('Shop', 'shops', 'x', {
      manifests: {
        onReconcile: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'planted', namespace: teamA } }],
      },
    });
    const theirs = websiteEntry('Shop', 'shops', 'x', {
      manifests: {
        onReconcile: [
          { apiVersion: `${GROUP}/v1`, kind: 'Website', metadata: { name: '{{metadata.name}}' }, spec: { title: 'x' } },
        ],
      },
    });
    for (const [name, crds] of [
      ['crb', [crb]],
      ['elsewhere', [elsewhere]],
      ['theirs', [theirs]],
    ] as const) {
      await apply(teamB, name, 'site-team', [...crds]);
      const status = await statusOf(teamB, name, (s) => ready(s)?.status === 'False', `Katalog ${name} refused`);
      expect(status.revision).toBeUndefined();
      expect(status.problems?.length).toBeGreaterThan(0);
      const why = {
        crb: /a ClusterRoleBinding is cluster-scoped and cannot be owned by the namespaced Shop/,
        elsewhere: new RegExp(`places a child in namespace "${teamA}"`),
        theirs: new RegExp(`system:serviceaccount:${teamB}:site-team may not (create|get|patch|list|watch) websites`),
      }[name];
      expect(status.problems?.map((p) => p.message).join('\n')).toMatch(why);
      await kube.delete({ ...KATALOG, namespace: teamB, name });
    }
    expect(
      await kube.get({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', name: 'team-b-admin' }),
    ).toBeUndefined();
    expect(await configMap(teamA, 'planted')).toBeUndefined();
    expect(
      await kube.get({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: `shops.${GROUP}`,
      }),
    ).toBeUndefined();
  });

  it('refuses a change that would break stored instances, unless the Katalog allows it', async () => {
    const breaking = websiteEntry('Website', 'websites', 'v4');
    breaking.api = { spec: { headline: { type: 'string', required: true } } } as never;
    await apply(teamA, 'website', 'site-team', [breaking]);
    const refused = await statusOf(
      teamA,
      'website',
      (s) => (s.problems ?? []).some((p) => p.path === 'spec.crds[0].api'),
      'the breaking change refused',
    );
    expect(refused.revision).toBe(2);
    expect(refused.problems?.[0]?.message).toBe(
      `would break the Website objects stored in ${teamA}: spec.title is removed; spec.headline becomes required`,
    );
    await kube.apply(
      {
        ...KATALOG,
        metadata: { name: 'website', namespace: teamA, annotations: { 'orkestra.io/allow-breaking-changes': 'true' } },
        spec: { serviceAccountName: 'site-team', crds: [breaking] },
      } as KubeObject,
      { fieldManager: 'team', force: true },
    );
    await statusOf(teamA, 'website', (s) => s.revision === 3 && ready(s)?.status === 'True', 'allowed: revision 3');
  });

  it('deleting a Katalog stops its reconcilers at once; instances, children and the CRD stay', async () => {
    await kube.delete({ ...KATALOG, namespace: teamA, name: 'website' });
    await waitFor(async () => (await katalog(teamA, 'website')) === undefined, { description: 'the Katalog gone' });
    // Only this file's kinds: the control plane is shared with the other integration files.
    const ours = () => manager.katalogs?.reconcilers.filter((r) => r.config.owner.group === GROUP) ?? [];
    await waitFor(() => ours().length === 0, { description: 'its reconcilers stopped' });
    expect(
      await kube.get({ apiVersion: `${GROUP}/v1`, kind: 'Website', namespace: teamA, name: 'shop' }),
    ).toBeDefined();
    expect(await configMap(teamA, 'shop-page')).toBeDefined();
  });
});
