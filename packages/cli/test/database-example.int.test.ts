/**
 * examples/database against a real kube-apiserver with the garbage collector: the katalog (equal to
 * operator.ts's configuration) run by the GenericReconciler. Children of kinds no typed package knows
 * (StatefulSet, PodDisruptionBudget, CronJob) are watched through discovery like the others: created with
 * typed template values, kept in sync at zero requests, drift corrected, pruned when `when` turns false, an
 * immutable change refused with the field named. Also: a kind the server does not serve stops start(), and a
 * cluster-scoped child of a namespaced owner is refused at planning, with nothing written.
 * Here, in the CLI's tests, because their shared control plane has simulated nodes (and so storage): the
 * StatefulSet's claims bind, its pods become ready, and the backup CronJob, which depends on it, gets written.
 * The manifests package's control plane has none, on purpose: its tests play the workload controllers by hand.
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import * as manifests from '@orkestra/manifests';
import { GenericReconciler, loadKatalog, type ReconcilerConfig } from '@orkestra/reconciler';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';
import { installCRDs, testCluster } from '@orkestra/testenv';
import { resourceTestEnv } from '@orkestra/testenv/contract';

const example = (file: string) => fileURLToPath(new URL(`../../../examples/database/${file}`, import.meta.url));
const handlers = [secrets.handler, services.handler, manifests.handler] as ReconcilerConfig['handlers'];
const katalog = loadKatalog(readFileSync(example('katalog.yaml'), 'utf8'), { file: 'katalog.yaml', handlers });
const entry = katalog.entries[0]!;

const cluster = testCluster();
const t = resourceTestEnv({ namespacePrefix: 'database' });
let kube: Kubeclient; // the reconciler's client: its requests are counted
let user: Kubeclient; // someone else
let ns: string;

type Status = { conditions?: { type: string; status: string; reason: string; message: string }[]; endpoint?: string };
const readyOf = (cr: KubeObject | undefined) =>
  (cr?.status as Status | undefined)?.conditions?.find((c) => c.type === 'Ready');
const get = (apiVersion: string, kind: string, name: string) =>
  user.get({ apiVersion, kind, namespace: ns, name }) as Promise<(KubeObject & { spec: any }) | undefined>;
const until = <T>(check: () => Promise<T>, description: string) =>
  cluster.waitFor(check, { timeoutMs: 20_000, intervalMs: 50, description });
const database = (name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Database',
  metadata: { name, namespace: ns },
  spec,
});

async function run(config: Omit<ReconcilerConfig, 'handlers'>): Promise<GenericReconciler> {
  const r = new GenericReconciler(kube, { ...config, handlers, namespaces: [ns] });
  t.stopAfterTest(r);
  await r.start();
  return r;
}

beforeAll(async () => {
  await installCRDs(cluster.kubeConfig, [example('crd.yaml')]);
});
beforeEach(() => {
  ({ kube, other: user } = t);
  ns = t.namespace!;
});

describe('examples/database', () => {
  it("operator.ts is the katalog's operator, written against the TypeScript API", async () => {
    const { databaseConfig } = (await import(pathToFileURL(example('operator.ts')).href)) as {
      databaseConfig: ReconcilerConfig;
    };
    const { handlers: typedHandlers, ...typed } = databaseConfig;
    expect(typedHandlers.map((h) => h.key)).toEqual(katalog.keys);
    expect(typed).toEqual(entry);
  });

  it('creates every child with typed values, Ready, then no request at all in steady state', async () => {
    const r = await run(entry);
    await user.create(
      database('orders', { version: '17', replicas: 2, storage: '10Gi', backup: { schedule: '30 2 * * *' } }),
    );
    const cr = await until(async () => {
      const c = await user.get({ apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' });
      return readyOf(c)?.status === 'True' && c;
    }, 'the Database to be Ready');
    expect((cr.status as Status).endpoint).toBe(`orders-db.${ns}.svc:5432`);

    const sts = (await get('apps/v1', 'StatefulSet', 'orders-db'))!;
    expect(sts.spec.replicas).toBe(2);
    expect((sts.status as { readyReplicas?: number }).readyReplicas).toBe(2); // Ready means the StatefulSet is: its claims bound, its pods ready
    expect(sts.spec.template.spec.containers[0].image).toBe('postgres:17');
    expect(sts.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBe('10Gi');
    expect(sts.metadata.labels).toMatchObject({
      app: 'orders-db',
      'managed-by': 'orkestra',
      'orkestra-owner': 'orders',
    });
    expect(sts.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'example.com/v1',
        kind: 'Database',
        name: 'orders',
        uid: cr.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect((await get('v1', 'Service', 'orders-db'))!.spec.clusterIP).toBe('None');
    expect(Object.keys((await get('v1', 'Secret', 'orders-credentials'))!.data as object).sort()).toEqual([
      'password',
      'username',
    ]);
    expect((await get('policy/v1', 'PodDisruptionBudget', 'orders-db'))!.spec.maxUnavailable).toBe(1);
    expect((await get('batch/v1', 'CronJob', 'orders-backup'))!.spec.schedule).toBe('30 2 * * *');

    await r.whenIdle();
    kube.requests.reset();
    for (let i = 0; i < 5; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    expect({ writes: kube.requests.writes(), requests: kube.requests.snapshot() }).toEqual({ writes: 0, requests: {} });
  });

  it('corrects drift of a manifest child, rolls out a change of the CR, and prunes what `when` turns off', async () => {
    await run(entry);
    await user.create(database('orders', { version: '17', storage: '1Gi' }));
    await until(
      async () => (await get('batch/v1', 'CronJob', 'orders-backup'))?.spec.schedule === '0 3 * * *',
      'the CronJob with the default schedule',
    );
    await until(
      async () =>
        readyOf(await user.get({ apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' }))
          ?.status === 'True',
      'Ready',
    );

    await user.patch(
      { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', namespace: ns, name: 'orders-db' },
      { spec: { maxUnavailable: 5 } },
      { fieldManager: 'kubectl-edit' },
    );
    await until(
      async () => (await get('policy/v1', 'PodDisruptionBudget', 'orders-db'))?.spec.maxUnavailable === 1,
      'the PodDisruptionBudget restored',
    );

    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' },
      { spec: { replicas: 3, backup: { enabled: false } } },
      { fieldManager: 'kubectl-edit' },
    );
    await until(
      async () => (await get('apps/v1', 'StatefulSet', 'orders-db'))?.spec.replicas === 3,
      'the StatefulSet scaled to 3',
    );
    await until(async () => (await get('batch/v1', 'CronJob', 'orders-backup')) === undefined, 'the CronJob pruned');
  });

  it('an immutable change (the storage of volumeClaimTemplates) is refused, naming the field, with the StatefulSet left as it was', async () => {
    await run(entry);
    await user.create(database('orders', { version: '17', storage: '1Gi' }));
    await until(
      async () =>
        readyOf(await user.get({ apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' }))
          ?.status === 'True',
      'Ready',
    );
    const before = (await get('apps/v1', 'StatefulSet', 'orders-db'))!;
    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' },
      { spec: { storage: '2Gi' } },
      { fieldManager: 'kubectl-edit' },
    );
    const ready = await until(async () => {
      const c = readyOf(
        await user.get({ apiVersion: 'example.com/v1', kind: 'Database', namespace: ns, name: 'orders' }),
      );
      return c?.status === 'False' && c;
    }, 'Ready=False');
    expect(ready.reason).toBe('ImmutableField');
    expect(ready.message).toContain(`StatefulSet ${ns}/orders-db: spec.volumeClaimTemplates`);
    expect((await get('apps/v1', 'StatefulSet', 'orders-db'))!.metadata.resourceVersion).toBe(
      before.metadata.resourceVersion,
    );
  });
});

describe('kinds at start and scope at planning', () => {
  const configWith = (manifest: Record<string, unknown>): Omit<ReconcilerConfig, 'handlers'> => ({
    owner: entry.owner,
    resources: { secrets: entry.resources.secrets!, manifests: { onReconcile: [manifest as never] } },
  });

  it('a kind the API server does not serve stops start(), naming the kind, where it is used and the CRD to install', async () => {
    const r = new GenericReconciler(kube, {
      ...configWith({ apiVersion: 'acme.example.com/v1', kind: 'Gadget', metadata: { name: '{{metadata.name}}' } }),
      handlers,
      namespaces: [ns],
    });
    t.stopAfterTest(r);
    await expect(r.start()).rejects.toThrow(
      'resources.manifests.onReconcile[0]: the API server does not serve kind Gadget in acme.example.com/v1 — install the CustomResourceDefinition of Gadget (group acme.example.com)',
    );
  });

  it('a templated kind is refused when the reconciler is built', () => {
    expect(
      () =>
        new GenericReconciler(kube, {
          ...configWith({ apiVersion: 'v1', kind: '{{spec.kind}}', metadata: { name: 'x' } }),
          handlers,
        }),
    ).toThrow(/resources\.manifests\.onReconcile\[0\]\.kind: must be literal/);
  });

  it('a custom resource kind installed after the client discovered its group is found (discovery is refreshed)', async () => {
    await kube.resourceFor('acme.example.com/v1', 'Widget').catch(() => undefined); // the group as discovered before the new CRD
    await installCRDs(cluster.kubeConfig, [
      {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'sprockets.acme.example.com' },
        spec: {
          group: 'acme.example.com',
          scope: 'Namespaced',
          names: { plural: 'sprockets', singular: 'sprocket', kind: 'Sprocket' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: {
                openAPIV3Schema: {
                  type: 'object',
                  properties: { spec: { type: 'object', properties: { teeth: { type: 'integer' } } } },
                },
              },
            },
          ],
        },
      },
    ]);
    const r = await run(
      configWith({
        apiVersion: 'acme.example.com/v1',
        kind: 'Sprocket',
        metadata: { name: '{{metadata.name}}-sprocket' },
        spec: { teeth: '{{spec.replicas}}' },
      }),
    );
    await user.create(database('gears', { version: '17', storage: '1Gi', replicas: 12 }));
    await until(
      async () =>
        (
          (await user.get({
            apiVersion: 'acme.example.com/v1',
            kind: 'Sprocket',
            namespace: ns,
            name: 'gears-sprocket',
          })) as { spec?: { teeth?: number } } | undefined
        )?.spec?.teeth === 12,
      'the Sprocket with 12 teeth',
    );
    await r.whenIdle();
  });

  it('a cluster-scoped child of a namespaced owner is refused when the reconciler is built: nothing runs, nothing written', async () => {
    // ClusterRole's scope is known without asking the cluster (the client's table of built-in kinds), so the
    // analysis refuses the configuration before any watch or write; the planner refuses the same at
    // run time (core's ownership tests, plan-checks).
    await expect(
      run(
        configWith({
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRole',
          metadata: { name: '{{metadata.namespace}}-{{metadata.name}}' },
          rules: [],
        }),
      ),
    ).rejects.toThrow('a ClusterRole is cluster-scoped and cannot be owned by the namespaced Database');
    await user.create(database('orders', { version: '17', storage: '1Gi' }));
    expect(await get('v1', 'Secret', 'orders-credentials')).toBeUndefined();
    expect(
      await user.get({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: `${ns}-orders` }),
    ).toBeUndefined();
  });
});
