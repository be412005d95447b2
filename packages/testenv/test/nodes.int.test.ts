/**
 * Simulated nodes against the real binaries: kube-scheduler places a Deployment's pods on the kwok nodes, kwok
 * makes them Running and Ready, the deployment controller reports them available, a Job completes, a pod of a
 * never-ready image runs unready, a StatefulSet's claims get volumes of the default StorageClass and its pods
 * become ready, deleted claims release and delete their volumes; stop() ends the two extra processes too.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppsV1Api, BatchV1Api, CoreV1Api } from '@kubernetes/client-node';
import { start } from '../src/environment.js';
import type { TestEnvironment } from '../src/test-environment.js';
import { SIMULATED_STORAGE_CLASS } from '../src/volumes.js';
import { processGone } from './helpers.js';

let env: TestEnvironment;
let ns: string;
const NEVER_READY = 'example.com/never-ready:1';

beforeAll(async () => {
  env = await start({ nodes: { count: 2, capacity: { cpu: '4' }, neverReadyImages: [NEVER_READY] } });
  ns = await env.newNamespace('nodes');
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

const deployment = (name: string, image: string) => ({
  metadata: { name, namespace: ns },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image }] } },
  },
});

describe('start({ nodes })', () => {
  it('runs kube-scheduler and kwok, with Ready nodes of the given capacity', async () => {
    expect(env.controllers).toEqual(expect.arrayContaining(['deployment', 'replicaset', 'statefulset', 'job']));
    expect(env.pids.kubeScheduler).toEqual(expect.any(Number));
    expect(env.pids.kwok).toEqual(expect.any(Number));
    expect(env.timings.nodesMs).toBeGreaterThan(0);
    const nodes = (await env.kubeConfig.makeApiClient(CoreV1Api).listNode()).items;
    expect(nodes.map((n) => n.metadata?.name).sort()).toEqual(['kwok-node-0', 'kwok-node-1']);
    for (const node of nodes) {
      expect(node.status?.allocatable).toMatchObject({ cpu: '4', pods: '110' });
      expect(node.status?.conditions).toContainEqual(expect.objectContaining({ type: 'Ready', status: 'True' }));
    }
  });

  it('schedules a Deployment’s pods, which become Running and Ready: the Deployment is available', async () => {
    const apps = env.kubeConfig.makeApiClient(AppsV1Api);
    await apps.createNamespacedDeployment({ namespace: ns, body: deployment('web', 'nginx:1.27') });
    await env.waitFor(
      async () => (await apps.readNamespacedDeployment({ name: 'web', namespace: ns })).status?.availableReplicas === 2,
      { timeoutMs: 60_000, description: 'the Deployment to be available' },
    );
    const pods = (await env.kubeConfig.makeApiClient(CoreV1Api).listNamespacedPod({ namespace: ns })).items;
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.spec?.nodeName).toMatch(/^kwok-node-[01]$/);
      expect(pod.status?.phase).toBe('Running');
      expect(pod.status?.podIP).toMatch(/^10\.244\./);
    }
  });

  it('a pod of a never-ready image runs unready; a Job completes', async () => {
    const apps = env.kubeConfig.makeApiClient(AppsV1Api);
    await apps.createNamespacedDeployment({ namespace: ns, body: deployment('broken', NEVER_READY) });
    const batch = env.kubeConfig.makeApiClient(BatchV1Api);
    await batch.createNamespacedJob({
      namespace: ns,
      body: {
        metadata: { name: 'once' },
        spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'once', image: 'busybox:1' }] } } },
      },
    });
    await env.waitFor(
      async () =>
        (await batch.readNamespacedJob({ name: 'once', namespace: ns })).status?.conditions?.some(
          (c) => c.type === 'Complete' && c.status === 'True',
        ),
      { timeoutMs: 60_000, description: 'the Job to complete' },
    );
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const running = await env.waitFor(
      async () => {
        const pods = (await core.listNamespacedPod({ namespace: ns, labelSelector: 'app=broken' })).items;
        return pods.length === 2 && pods.every((p) => p.status?.phase === 'Running') && pods;
      },
      { timeoutMs: 60_000, description: 'the never-ready pods to run' },
    );
    for (const pod of running)
      expect(pod.status?.conditions).toContainEqual(expect.objectContaining({ type: 'Ready', status: 'False' }));
    expect(
      (await apps.readNamespacedDeployment({ name: 'broken', namespace: ns })).status?.availableReplicas ?? 0,
    ).toBe(0);
  });

  it('gives a StatefulSet’s claims volumes of the default StorageClass: its pods become ready', async () => {
    const apps = env.kubeConfig.makeApiClient(AppsV1Api);
    const labels = { app: 'db' };
    await apps.createNamespacedStatefulSet({
      namespace: ns,
      body: {
        metadata: { name: 'db', namespace: ns },
        spec: {
          serviceName: 'db',
          replicas: 2,
          selector: { matchLabels: labels },
          template: { metadata: { labels }, spec: { containers: [{ name: 'pg', image: 'postgres:17' }] } },
          volumeClaimTemplates: [
            {
              metadata: { name: 'data' },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } } },
            },
          ],
        },
      },
    });
    await env.waitFor(
      async () => (await apps.readNamespacedStatefulSet({ name: 'db', namespace: ns })).status?.readyReplicas === 2,
      { timeoutMs: 60_000, description: 'the StatefulSet to be ready' },
    );
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const claims = (await core.listNamespacedPersistentVolumeClaim({ namespace: ns })).items;
    expect(claims.map((c) => c.metadata?.name).sort()).toEqual(['data-db-0', 'data-db-1']);
    for (const claim of claims) {
      expect(claim.status?.phase).toBe('Bound');
      expect(claim.spec?.storageClassName).toBe(SIMULATED_STORAGE_CLASS); // set by the default-class admission
      const volume = await core.readPersistentVolume({ name: claim.spec?.volumeName ?? '' });
      expect(volume.spec?.capacity).toEqual({ storage: '3Gi' });
      expect(volume.spec?.claimRef).toMatchObject({ namespace: ns, name: claim.metadata?.name });
    }

    const volumeName = claims[0]?.spec?.volumeName ?? '';
    await apps.deleteNamespacedStatefulSet({ name: 'db', namespace: ns });
    await core.deleteNamespacedPersistentVolumeClaim({ name: 'data-db-0', namespace: ns });
    await env.waitFor(
      async () => !(await core.listPersistentVolume()).items.some((v) => v.metadata?.name === volumeName),
      { timeoutMs: 60_000, description: 'the released volume to be deleted' },
    );
  });

  it('stop() ends kube-scheduler and kwok with the rest', async () => {
    const pids = Object.values(env.pids).filter((p): p is number => typeof p === 'number');
    expect(pids).toHaveLength(6); // etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok, reaper
    await env.stop();
    for (const pid of pids) expect(processGone(pid)).toBe(true);
    expect(existsSync(env.tempDir)).toBe(false);
  });
});
