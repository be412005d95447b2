/**
 * StatefulSet and Job children on a control plane with simulated nodes (kube-scheduler + KWOK, the statefulset
 * and job controllers of kube-controller-manager): with the reconciler's default `readiness`, the CR's Ready
 * follows the real StatefulSet rollout (False until 2 of 2 are ready, False while an update does not progress,
 * True again) and the real Job (False until it completes; a Job whose pod never finishes keeps it False), and a
 * Job that `dependsOn` the StatefulSet is created only once the StatefulSet is ready. Here, not in the
 * reconciler's tests, because those kinds come through this package's handler.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { GenericReconciler, type ReconcilerConfig } from '@orkestra/reconciler';
import { openCRD, start, type TestEnvironment } from '@orkestra/testenv';
import * as manifests from '../src/index.js';

const NEVER_READY = 'example.com/never-ready:1';
const owner = { group: 'rollout.example.com', version: 'v1', kind: 'Stack', plural: 'stacks' };
const STACK_CRD = openCRD(owner);

let env: TestEnvironment;
let user: Kubeclient;
let kube: Kubeclient;
let ns: string;
let reconciler: GenericReconciler | undefined;

beforeAll(async () => {
  env = await start({
    nodes: { count: 2, neverReadyImages: [NEVER_READY], podStartDelayMs: 1_000 },
    crds: [STACK_CRD],
  });
  user = new Kubeclient(env.kubeConfig);
  kube = new Kubeclient(env.kubeConfig);
}, 120_000);
afterAll(async () => {
  await user?.close();
  await kube?.close();
  await env?.stop();
}, 60_000);
beforeEach(async () => {
  ns = await env.newNamespace('rollout');
});
afterEach(async () => {
  await reconciler?.stop();
  reconciler = undefined;
});

type Condition = { type: string; status: string; reason: string; message: string };
const ref = (kind: string, apiVersion: string, name: string) => ({ apiVersion, kind, namespace: ns, name });
const conditions = async () =>
  Object.fromEntries(
    (
      ((await user.get(ref('Stack', 'rollout.example.com/v1', 'shop')))?.status as { conditions?: Condition[] })
        ?.conditions ?? []
    ).map((c) => [c.type, c]),
  );
const readyWhere = (description: string, check: (c: Record<string, Condition>) => boolean) =>
  env.waitFor(
    async () => {
      const c = await conditions();
      return check(c) && c;
    },
    { timeoutMs: 90_000, intervalMs: 50, description },
  );
const status = async (kind: string, apiVersion: string, name: string) =>
  ((await user.get(ref(kind, apiVersion, name)))?.status ?? {}) as Record<string, unknown>;

async function run(resources: ReconcilerConfig['resources'], spec: Record<string, unknown>): Promise<void> {
  reconciler = new GenericReconciler(kube, {
    owner,
    handlers: [manifests.handler] as ReconcilerConfig['handlers'],
    resources,
    resyncPeriodMs: 3_600_000,
    namespaces: [ns],
  });
  await reconciler.start();
  await user.create({
    apiVersion: 'rollout.example.com/v1',
    kind: 'Stack',
    metadata: { name: 'shop', namespace: ns },
    spec,
  });
}

const labels = { app: '{{metadata.name}}-db' };
const statefulSet = {
  id: 'db',
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: '{{metadata.name}}-db' },
  spec: {
    replicas: 2,
    // OrderedReady would stall on the never-ready pod even after a fix (kubernetes/kubernetes#67250).
    podManagementPolicy: 'Parallel',
    serviceName: '{{metadata.name}}-db',
    selector: { matchLabels: labels },
    template: { metadata: { labels }, spec: { containers: [{ name: 'db', image: '{{spec.image}}' }] } },
  },
};
const job = (image: string) => ({
  id: 'migrate',
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: '{{metadata.name}}-migrate' },
  spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'migrate', image }] } } },
});

describe('Ready follows StatefulSets and Jobs (simulated nodes)', () => {
  it('a StatefulSet: False until 2 of 2 ready, False while an update does not progress, True again', async () => {
    await run({ manifests: { onReconcile: [statefulSet] } }, { image: 'postgres:17' });
    const starting = await readyWhere('Ready=False while pods start', (c) =>
      /^waiting for StatefulSet shop-db: [01] of 2 replicas ready$/.test(c.Ready?.message ?? ''),
    );
    expect(starting.Synced).toMatchObject({ status: 'True' });
    await readyWhere('Ready=True', (c) => c.Ready?.status === 'True');
    expect(await status('StatefulSet', 'apps/v1', 'shop-db')).toMatchObject({ readyReplicas: 2 });

    // The update replaces the last pod first; its replacement never becomes ready, so the update stalls.
    await user.patch(
      ref('Stack', 'rollout.example.com/v1', 'shop'),
      { spec: { image: NEVER_READY } },
      { type: 'merge' },
    );
    const stalled = await readyWhere('Ready=False while the update stalls', (c) =>
      Boolean(c.Ready?.status === 'False' && c.Ready.message.startsWith('waiting for StatefulSet shop-db: ')),
    );
    expect(stalled.Synced).toMatchObject({ status: 'True' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await conditions()).Ready).toMatchObject({ status: 'False' });

    await user.patch(
      ref('Stack', 'rollout.example.com/v1', 'shop'),
      { spec: { image: 'postgres:17.1' } },
      { type: 'merge' },
    );
    await readyWhere('Ready=True after the update', (c) => c.Ready?.status === 'True');
    const sts = await status('StatefulSet', 'apps/v1', 'shop-db');
    expect(sts).toMatchObject({ readyReplicas: 2 });
    expect(sts.currentRevision).toBe(sts.updateRevision);
  }, 180_000);

  it('a Job: False until it completes; a Job created after the StatefulSet it depends on is ready', async () => {
    await run(
      { manifests: { onReconcile: [statefulSet, { ...job('migrate:1'), dependsOn: ['manifests.db'] }] } },
      { image: 'postgres:17' },
    );
    const waits = await readyWhere('the Job to wait for the StatefulSet', (c) =>
      Boolean(c.Synced?.message.includes('Job shop-migrate waits for StatefulSet shop-db')),
    );
    expect(waits.Ready).toMatchObject({ status: 'False', reason: 'Waiting' });
    expect(await user.get(ref('Job', 'batch/v1', 'shop-migrate'))).toBeUndefined();

    await env.waitFor(() => user.get(ref('Job', 'batch/v1', 'shop-migrate')), {
      timeoutMs: 90_000,
      description: 'the Job',
    });
    expect(await status('StatefulSet', 'apps/v1', 'shop-db')).toMatchObject({ readyReplicas: 2 });
    await readyWhere('Ready=True once the Job completed', (c) => c.Ready?.status === 'True');
    const conditionsOf = (s: Record<string, unknown>) => (s.conditions as { type: string; status: string }[]) ?? [];
    expect(conditionsOf(await status('Job', 'batch/v1', 'shop-migrate'))).toContainEqual(
      expect.objectContaining({ type: 'Complete', status: 'True' }),
    );
  }, 180_000);

  it('a Job whose pod never finishes keeps Ready False', async () => {
    await run({ manifests: { onReconcile: [job(NEVER_READY)] } }, {});
    await readyWhere(
      'Ready=False, the Job not complete',
      (c) => c.Ready?.message === 'waiting for Job shop-migrate: not complete',
    );
    await env.waitFor(
      async () => {
        const pods = (await user.list('v1', 'Pod', { namespace: ns })).items as (KubeObject & {
          status?: { phase?: string };
        })[];
        return pods.some((p) => p.status?.phase === 'Running');
      },
      { timeoutMs: 60_000, description: 'the Job pod to run' },
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await conditions()).Ready).toMatchObject({
      status: 'False',
      message: 'waiting for Job shop-migrate: not complete',
    });
  }, 120_000);
});
