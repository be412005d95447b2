/**
 * A Katalog's `removalPolicy` on the real API server: what becomes of a kind's instances, their children and its
 * CRD when the Katalog is deleted or the kind is removed by an edit — kept by default, deleted (as the
 * ServiceAccount) when the team chose so, the CRD only when this Katalog created it — a deletion whose cleanup
 * cannot finish (an instance held by a finalizer nobody removes) still completes, with a Warning Event, and a
 * Katalog deleted while no runtime ran gets its policy applied by the next runtime's start, once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster, waitFor } from '@orkestra/testenv';
import { Manager } from '../src/index.js';
import { allVerbs, deleteKatalogs, kindResources, teamAccount } from './katalog-fixtures.js';

const cluster = testCluster();
const GROUP = 'removal.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };
const PLURALS = ['keeps', 'deletes', 'drops', 'foreigns', 'helds', 'edits', 'editds', 'editcs', 'laters'];
/** A kind whose verbs come from a Role of its own, which a test takes `delete` from. */
const NO_RIGHTS = 'norights';
const ownRole = (verbs: string[]) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'Role',
  metadata: { name: NO_RIGHTS, namespace: '' },
  rules: [{ apiGroups: [GROUP], resources: [NO_RIGHTS, `${NO_RIGHTS}/status`, `${NO_RIGHTS}/finalizers`], verbs }],
});

type Status = { conditions?: { type: string; status: string; message: string }[]; problems?: { message: string }[] };

/** Kind `kind` with one ConfigMap child `<name>-page`. */
const entry = (kind: string) => ({
  owner: { group: GROUP, version: 'v1', kind, plural: `${kind.toLowerCase()}s` },
  api: { spec: { title: { type: 'string' } } },
  resources: { configmaps: { onReconcile: [{ name: '{{metadata.name}}-page', data: { title: '{{spec.title}}' } }] } },
});

describe('Katalog removalPolicy', () => {
  let kube: Kubeclient;
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let ns: string;

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('removal');
    await teamAccount(kube, ns, 'team', [
      allVerbs(GROUP, kindResources(...PLURALS)),
      allVerbs('', ['configmaps', 'events']),
    ]);
    await kube.create({ ...ownRole(['*']), metadata: { name: NO_RIGHTS, namespace: ns } });
    await kube.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: NO_RIGHTS, namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: NO_RIGHTS },
      subjects: [{ kind: 'ServiceAccount', name: 'team', namespace: ns }],
    });
    await startRuntime();
  });
  /** A runtime of its own client (a new one after a stop, as after a restart). */
  async function startRuntime() {
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    manager = new Manager({
      kube: runtimeKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never, removalTimeoutMs: 3_000 },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    await manager.start();
  }
  afterAll(async () => {
    if (kube) await deleteKatalogs(kube, manager, [ns]);
    await manager?.stop();
    for (const plural of [...PLURALS, NO_RIGHTS])
      await kube.delete({ ...CRD, name: `${plural}.${GROUP}` }).catch(() => false);
    await kube?.close();
    await runtimeKube?.close();
  });

  const apply = (name: string, crds: unknown[], removalPolicy?: Record<string, string>) =>
    kube.apply(
      {
        ...KATALOG,
        metadata: { name, namespace: ns },
        spec: { serviceAccountName: 'team', crds, ...(removalPolicy ? { removalPolicy } : {}) },
      } as KubeObject,
      { fieldManager: 'team', force: true },
    );
  const ready = async (name: string, kinds: number) =>
    waitFor(async () => ((await kube.get({ ...KATALOG, namespace: ns, name })) as { status?: Status })?.status, {
      until: (s) =>
        s?.conditions?.some(
          (c) => c.type === 'Ready' && c.status === 'True' && c.message.split(',').length === kinds,
        ) === true,
      description: `Katalog ${name} Ready with ${kinds} kinds`,
      timeoutMs: 20_000,
    });
  const crd = (kind: string) => kube.get({ ...CRD, name: `${kind.toLowerCase()}s.${GROUP}` });
  const get = (kind: string, name: string) =>
    kube.get({ apiVersion: `${GROUP}/v1`, kind, namespace: ns, name }).catch(() => undefined);
  const page = (name: string) => kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: `${name}-page` });
  /** Instance `name` of `kind`, once its child exists. */
  async function instance(kind: string, name: string, extra: Record<string, unknown> = {}) {
    await kube.create({
      apiVersion: `${GROUP}/v1`,
      kind,
      metadata: { name, namespace: ns, ...extra },
      spec: { title: name },
    } as KubeObject);
    await waitFor(() => page(name), { description: `the child of ${kind} ${name}`, timeoutMs: 15_000 });
  }
  const deleteKatalog = async (name: string) => {
    const live = await kube.get({ ...KATALOG, namespace: ns, name });
    expect(live?.metadata.finalizers ?? []).toEqual([]); // nothing can hold its deletion
    await kube.delete({ ...KATALOG, namespace: ns, name });
    await waitFor(async () => (await kube.get({ ...KATALOG, namespace: ns, name })) === undefined, {
      description: `Katalog ${name} gone`,
    });
  };
  const events = async (reason: string) =>
    (await kube.list('v1', 'Event', { namespace: ns, fieldSelector: `reason=${reason}` })).items.map(
      (e) => (e as { message?: string }).message ?? '',
    );
  const gone = (what: string, check: () => Promise<unknown>, timeoutMs = 60_000) =>
    waitFor(async () => (await check()) === undefined, { description: what, timeoutMs });

  it('keeps instances, children and the CRD by default', async () => {
    await apply('keep', [entry('Keep')]);
    await ready('keep', 1);
    await instance('Keep', 'k1');
    await deleteKatalog('keep');
    await waitFor(
      async () => (await events('KindsRemoved')).some((m) => m.includes(`keeps.${GROUP}: instances kept`)),
      {
        description: 'the KindsRemoved Event',
      },
    );
    expect(await get('Keep', 'k1')).toBeDefined();
    expect(await page('k1')).toBeDefined();
    expect(await crd('Keep')).toBeDefined();
  });

  it('instances: Delete deletes the instances and (by owner reference) their children; the CRD stays', async () => {
    await apply('delete', [entry('Delete')], { instances: 'Delete' });
    await ready('delete', 1);
    await instance('Delete', 'd1');
    await instance('Delete', 'd2');
    await deleteKatalog('delete');
    await gone('instance d1', () => get('Delete', 'd1'), 15_000);
    await gone('instance d2', () => get('Delete', 'd2'), 15_000);
    await gone("d1's child", () => page('d1'));
    expect(await crd('Delete')).toBeDefined();
    expect(await events('KindsRemoved')).toContainEqual(
      expect.stringContaining(`deletes.${GROUP}: 2 instances deleted`),
    );
  });

  it('crd: DeleteIfCreated deletes the CRD this Katalog created', async () => {
    await apply('drop', [entry('Drop')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('drop', 1);
    await instance('Drop', 'x1');
    await deleteKatalog('drop');
    await gone('the CRD', () => crd('Drop'), 20_000);
    expect(await events('KindsRemoved')).toContainEqual(
      expect.stringContaining(`drops.${GROUP}: 1 instance deleted, CRD deleted`),
    );
  });

  it('never deletes a CRD the Katalog did not create', async () => {
    await apply('foreign', [entry('Foreign')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('foreign', 1);
    // Someone else claims the CRD (its labels no longer name the Katalog).
    await kube.patch(
      { ...CRD, name: `foreigns.${GROUP}` },
      { metadata: { labels: { 'orkestra.io/katalog': 'someone-else' } } },
      { type: 'merge' },
    );
    await deleteKatalog('foreign');
    await waitFor(
      async () => (await events('RemovalIncomplete')).some((m) => m.includes('this Katalog did not create it')),
      {
        description: 'the Warning naming the CRD kept',
      },
    );
    expect(await crd('Foreign')).toBeDefined();
  });

  it('a deletion whose cleanup cannot finish still completes, and says what it left', async () => {
    await apply('held', [entry('Held')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('held', 1);
    await instance('Held', 'h1', { finalizers: ['example.com/never-removed'] });
    const started = Date.now();
    await deleteKatalog('held'); // no finalizer on the Katalog: gone at once
    expect(Date.now() - started).toBeLessThan(5_000);
    const warning = await waitFor(
      async () => (await events('RemovalIncomplete')).find((m) => m.includes('Held instance is still there')),
      { description: 'the Warning naming the instance left', timeoutMs: 15_000 },
    );
    expect(warning).toContain('h1');
    expect(warning).toContain(`the CRD helds.${GROUP} is kept: instances are left`);
    expect(await crd('Held')).toBeDefined();
    await waitFor(() => !manager.katalogs?.revisions().has(`${ns}/held`), { description: 'no longer served' });
    await kube.patch(
      { apiVersion: `${GROUP}/v1`, kind: 'Held', namespace: ns, name: 'h1' },
      { metadata: { finalizers: null } },
      { type: 'merge' },
    );
  });

  it('a deletion the ServiceAccount may no longer do still completes: the instances and the CRD are kept, and said so', async () => {
    await apply('noright', [entry('Noright')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('noright', 1);
    await instance('Noright', 'n1');
    // The team takes `delete` away: the runtime notices (its RBAC watch) and stops serving the Katalog.
    const verbs = ['get', 'list', 'watch', 'create', 'update', 'patch'];
    await kube.apply({ ...ownRole(verbs), metadata: { name: NO_RIGHTS, namespace: ns } } as KubeObject, {
      fieldManager: 'test',
      force: true,
    });
    await waitFor(
      async () => ((await kube.get({ ...KATALOG, namespace: ns, name: 'noright' })) as { status?: Status })?.status,
      {
        until: (s) => s?.conditions?.some((c) => c.type === 'Ready' && c.status === 'False') === true,
        description: 'the Katalog stopped for the missing verb',
      },
    );
    await deleteKatalog('noright');
    const warning = await waitFor(
      async () => (await events('RemovalIncomplete')).find((m) => m.includes('Noright n1 could not be deleted')),
      { description: 'the Warning naming the instance the ServiceAccount may not delete', timeoutMs: 15_000 },
    );
    expect(warning).toMatch(/forbidden/i);
    expect(warning).toContain(`the CRD ${NO_RIGHTS}.${GROUP} is kept: instances are left`);
    expect(await get('Noright', 'n1')).toBeDefined();
    expect(await crd('Noright')).toBeDefined();
  });

  it('a kind removed by an edit follows the edited policy: Keep, then Delete, then DeleteIfCreated', async () => {
    await apply('edit', [entry('Edit'), entry('Editd'), entry('Editc')]);
    await ready('edit', 3);
    await instance('Edit', 'e1');
    await instance('Editd', 'e2');
    await instance('Editc', 'e3');
    // Keep (the default): Edit is no longer served; its instance, child and CRD stay.
    await apply('edit', [entry('Editd'), entry('Editc')]);
    await ready('edit', 2);
    expect(await get('Edit', 'e1')).toBeDefined();
    expect(await crd('Edit')).toBeDefined();
    // Delete: Editd's instance goes, its CRD stays.
    await apply('edit', [entry('Editc')], { instances: 'Delete' });
    await ready('edit', 1);
    await gone('instance e2', () => get('Editd', 'e2'), 15_000);
    expect(await crd('Editd')).toBeDefined();
    expect(await get('Editc', 'e3')).toBeDefined();
    // DeleteIfCreated: Editc's instance and CRD go (a Katalog keeps one kind at least: a new one replaces it).
    await apply('edit', [entry('Edit')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('edit', 1);
    await gone('the CRD of Editc', () => crd('Editc'), 20_000);
    expect(await get('Edit', 'e1')).toBeDefined(); // served again, never removed
  });

  it('a Katalog deleted while no runtime runs: the next start applies its policy, once', async () => {
    await apply('later', [entry('Later')], { instances: 'Delete', crd: 'DeleteIfCreated' });
    await ready('later', 1);
    await instance('Later', 'l1');
    await manager.stop();
    await runtimeKube.close();
    await deleteKatalog('later'); // nobody runs: nothing holds it
    expect(await get('Later', 'l1')).toBeDefined();
    await startRuntime();
    await manager.katalogs?.idle();
    await gone('instance l1', () => get('Later', 'l1'), 15_000);
    await gone('the CRD of Later', () => crd('Later'), 20_000);
    expect(await events('KindsRemoved')).toContainEqual(
      expect.stringContaining(`laters.${GROUP}: 1 instance deleted, CRD deleted`),
    );
    // What the first runtime handled already is not handled again: the CRDs it kept stay, no second Event.
    expect(await crd('Foreign')).toBeDefined();
    expect(await crd('Delete')).toBeDefined();
    expect((await events('KindsRemoved')).filter((m) => m.includes(`deletes.${GROUP}`))).toHaveLength(1);
  });

  it('refuses a policy that is not one, and DeleteIfCreated without deleting the instances', async () => {
    await expect(apply('bad', [entry('Keep')], { instances: 'Purge' })).rejects.toThrow(/Unsupported value: "Purge"/);
    await apply('bad2', [entry('Keep')], { instances: 'Keep', crd: 'DeleteIfCreated' });
    const status = await waitFor(
      async () => ((await kube.get({ ...KATALOG, namespace: ns, name: 'bad2' })) as { status?: Status })?.status,
      { until: (s) => (s?.problems?.length ?? 0) > 0, description: 'bad2 refused', timeoutMs: 15_000 },
    );
    expect(status?.problems?.[0]?.message).toMatch(/DeleteIfCreated needs instances: Delete/);
  });
});
