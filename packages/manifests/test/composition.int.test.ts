/**
 * Issue 16 all at once, against the real API server: forEach children that read a Service's live address and
 * wait for a Job, a Job that waits for a StatefulSet, and the built-in readiness of StatefulSet, Job and
 * PersistentVolumeClaim flipping the CR's Ready as the test writes the status subresources the built-in
 * controllers would (no controllers run here). Once converged, five resyncs send no request. Here, not in the
 * reconciler's tests, because those kinds come through this package's handler.
 */
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import { GenericReconciler, type ReconcilerConfig } from '@orkestra/reconciler';
import * as services from '@orkestra/services';
import { installCRDs, openCRD, testCluster } from '@orkestra/testenv';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as manifests from '../src/index.js';

const cluster = testCluster();
const t = resourceTestEnv({ namespacePrefix: 'composition' });
let kube: Kubeclient; // the reconciler's client: its requests are counted
let user: Kubeclient; // someone else
let ns: string;

const owner = { group: 'compose.example.com', version: 'v1', kind: 'Stack', plural: 'stacks' };
const STACK_CRD = openCRD(owner);

beforeAll(async () => {
  await installCRDs(cluster.kubeConfig, [STACK_CRD]);
});
beforeEach(() => {
  ({ kube, other: user } = t);
  ns = t.namespace!;
});

const ref = (kind: string, apiVersion: string, name: string) => ({ apiVersion, kind, namespace: ns, name });
const get = (kind: string, apiVersion: string, name: string) => user.get(ref(kind, apiVersion, name));
type Condition = { type: string; status: string; reason: string; message: string };
const conditions = (cr: KubeObject | undefined) =>
  Object.fromEntries(
    ((cr?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).map((c) => [c.type, c]),
  );
const stack = () => get('Stack', 'compose.example.com/v1', 'shop');
/** Waits are generous: the machine is shared and slow at times; nothing here depends on time. */
const until = <T>(check: () => Promise<T>, description: string) =>
  cluster.waitFor(check, { timeoutMs: 60_000, intervalMs: 50, description });
const readyMessage = (part: string) =>
  until(async () => {
    const c = conditions(await stack());
    return c.Ready?.message.includes(part) && c;
  }, `Ready names "${part}"`);

const labels = { app: '{{metadata.name}}-db' };
const resources: ReconcilerConfig['resources'] = {
  manifests: {
    onReconcile: [
      {
        id: 'db',
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: '{{metadata.name}}-db' },
        spec: {
          replicas: 1,
          serviceName: '{{metadata.name}}-db',
          selector: { matchLabels: labels },
          template: { metadata: { labels }, spec: { containers: [{ name: 'db', image: 'postgres:17' }] } },
        },
      },
      {
        id: 'migrate',
        dependsOn: ['manifests.db'],
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: '{{metadata.name}}-migrate' },
        spec: {
          template: {
            spec: { restartPolicy: 'Never', containers: [{ name: 'migrate', image: 'migrate:1' }] },
          },
        },
      },
      {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: '{{metadata.name}}-data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
      {
        forEach: 'spec.databases',
        dependsOn: ['manifests.migrate'],
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: '{{metadata.name}}-{{item.name}}' },
        data: { url: 'postgres://{{children.services.db.spec.clusterIP}}:5432/{{item.name}}' },
      },
    ],
  },
  services: { onReconcile: [{ id: 'db', name: '{{metadata.name}}-db', port: 5432 }] },
};

describe('composition: forEach, readiness, ordering and references together', () => {
  it('converges in dependency order, flips Ready with each built-in rule, then costs nothing', async () => {
    const r = new GenericReconciler(kube, {
      owner,
      handlers: [manifests.handler, services.handler] as ReconcilerConfig['handlers'],
      readiness: 'children',
      resources,
      resyncPeriodMs: 3_600_000,
      namespaces: [ns],
    });
    t.stopAfterTest(r);
    await r.start();
    await user.create({
      apiVersion: 'compose.example.com/v1',
      kind: 'Stack',
      metadata: { name: 'shop', namespace: ns },
      spec: { databases: [{ name: 'orders' }, { name: 'users' }] },
    });

    // The StatefulSet, PVC and Service come first; the Job waits for the StatefulSet.
    const first = await readyMessage('Job shop-migrate');
    expect(first.Synced).toMatchObject({ status: 'False', reason: 'Waiting' });
    expect(first.Synced!.message).toContain('Job shop-migrate waits for StatefulSet shop-db: rollout not observed yet');
    expect(first.Synced!.message).toContain(
      'ConfigMap shop-orders waits for manifests.migrate (Job shop-migrate not written yet)',
    );
    expect(await get('Job', 'batch/v1', 'shop-migrate')).toBeUndefined();

    // The StatefulSet controller's part.
    const sts = ref('StatefulSet', 'apps/v1', 'shop-db');
    const generation = (await user.get(sts))!.metadata.generation;
    await user.patchStatus(sts, {
      observedGeneration: generation,
      replicas: 1,
      readyReplicas: 1,
      currentReplicas: 1,
      updatedReplicas: 1,
      currentRevision: 'shop-db-1',
      updateRevision: 'shop-db-1',
    });
    const jobWaits = await readyMessage('waits for Job shop-migrate: not complete');
    expect(jobWaits.Synced!.message).toBe(
      'ConfigMap shop-orders waits for Job shop-migrate: not complete; ConfigMap shop-users waits for Job shop-migrate: not complete',
    );
    expect(await get('ConfigMap', 'v1', 'shop-orders')).toBeUndefined();

    // The Job controller's part.
    const now = new Date().toISOString();
    await user.patchStatus(ref('Job', 'batch/v1', 'shop-migrate'), {
      startTime: now,
      completionTime: now,
      succeeded: 1,
      conditions: [
        { type: 'SuccessCriteriaMet', status: 'True', lastProbeTime: now, lastTransitionTime: now },
        { type: 'Complete', status: 'True', lastProbeTime: now, lastTransitionTime: now },
      ],
    });
    // In sync now; only the claim keeps Ready false.
    const synced = await until(async () => {
      const c = conditions(await stack());
      return c.Synced?.status === 'True' && c;
    }, 'Synced=True');
    expect(synced.Ready).toMatchObject({
      status: 'False',
      message: 'waiting for PersistentVolumeClaim shop-data: Pending, not Bound',
    });
    const clusterIP = ((await get('Service', 'v1', 'shop-db'))?.spec as { clusterIP?: string } | undefined)?.clusterIP;
    expect((await get('ConfigMap', 'v1', 'shop-users'))?.data).toEqual({
      url: `postgres://${clusterIP}:5432/users`,
    });

    await user.patchStatus(ref('PersistentVolumeClaim', 'v1', 'shop-data'), { phase: 'Bound' });
    const ready = await until(async () => {
      const c = conditions(await stack());
      return c.Ready?.status === 'True' && c;
    }, 'Ready=True');
    expect(ready.Ready).toMatchObject({ reason: 'ChildrenReady' });

    // Steady state: five resyncs, no request at all.
    await r.whenIdle();
    kube.requests.reset();
    for (let i = 0; i < 5; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    expect(kube.requests.snapshot()).toEqual({});
  });
});
