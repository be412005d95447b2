/**
 * Ready means ready, on a control plane with simulated nodes (kube-scheduler places the pods, KWOK plays their
 * kubelet, kube-controller-manager's deployment and replicaset controllers roll out): with the default
 * `readiness`, the CR's Ready follows a real Deployment rollout — False at 0/2, True at 2/2, False while a rollout
 * does not progress (an image the simulated kubelet never makes ready), True again — while Synced stays True;
 * `dependsOn` waits for the rollout, not for hand-written status; `kubectl wait --for=condition=Ready` returns; a
 * rollout past its progress deadline (the deployment controller's verdict) fails the CR, and
 * `kubectl wait --for=condition=Stalled` returns.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { start, type TestEnvironment } from '@orkestra/testenv';
import { harness } from './harness.js';

const NEVER_READY = 'example.com/never-ready:1';
let env: TestEnvironment;

beforeAll(async () => {
  env = await start({
    // A pod takes 2 s to become ready, so the 0/2 state lasts long enough to be seen.
    nodes: { count: 2, neverReadyImages: [NEVER_READY], podStartDelayMs: 2_000 },
    crds: [fileURLToPath(new URL('./crds/', import.meta.url))],
  });
}, 120_000);
afterAll(() => env?.stop(), 60_000);

type Condition = { type: string; status: string; reason: string; message: string };
const conditions = (cr: KubeObject | undefined) =>
  Object.fromEntries(
    ((cr?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).map((c) => [c.type, c]),
  );
type DeploymentStatus = { availableReplicas?: number; updatedReplicas?: number; replicas?: number };

describe('Ready follows real rollouts (simulated nodes)', () => {
  // The default readiness: no `readiness` in the config.
  const h = harness('rollout', () => env, {});
  const web = {
    deployments: { onReconcile: [{ id: 'web', name: '{{metadata.name}}-web', image: '{{spec.image}}', replicas: 2 }] },
  };
  const website = async () => conditions(await h.get('Website', 'example.com/v1', 'shop'));
  const readyWhere = (description: string, check: (c: Record<string, Condition>) => boolean) =>
    h.until(
      async () => {
        const c = await website();
        return check(c) && c;
      },
      description,
      60_000,
    );
  const deploymentStatus = async () =>
    ((await h.get('Deployment', 'apps/v1', 'shop-web'))?.status ?? {}) as DeploymentStatus;

  it('False while 0 of 2 replicas are available, True at 2/2, False while a rollout does not progress, True again', async () => {
    await h.run({ resources: web });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));

    const starting = await readyWhere(
      'Ready=False at 0 of 2 available',
      (c) =>
        c.Ready?.status === 'False' &&
        /^waiting for Deployment shop-web: (rollout not observed yet|0 of 2 replicas (updated|available))$/.test(
          c.Ready.message,
        ),
    );
    expect(starting.Synced).toMatchObject({ status: 'True', reason: 'Reconciled' });
    expect(starting.Ready).toMatchObject({ reason: 'Waiting' });

    const ready = await readyWhere('Ready=True', (c) => c.Ready?.status === 'True');
    expect(ready.Ready).toMatchObject({ reason: 'ChildrenReady', message: '1 child in sync and ready' });
    expect(await deploymentStatus()).toMatchObject({ availableReplicas: 2, updatedReplicas: 2 });
    const pods = (await h.user.list('v1', 'Pod', { namespace: h.ns })).items as (KubeObject & {
      spec: { nodeName?: string };
      status: { phase?: string };
    })[];
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.spec.nodeName).toMatch(/^kwok-node-\d$/);
      expect(pod.status.phase).toBe('Running');
    }

    // An image whose pods never become ready: the new ReplicaSet's first pod stays unready, the rollout stalls.
    await h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { image: NEVER_READY } }, { type: 'merge' });
    const stalled = await readyWhere(
      'Ready=False while the rollout stalls',
      (c) =>
        c.Ready?.status === 'False' && c.Ready.message === 'waiting for Deployment shop-web: 1 of 2 replicas updated',
    );
    expect(stalled.Synced).toMatchObject({ status: 'True' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await website()).Ready).toMatchObject({
      status: 'False',
      message: 'waiting for Deployment shop-web: 1 of 2 replicas updated',
    });

    // A working image again: the rollout completes and Ready follows.
    await h.user.patch(
      h.ref('Website', 'example.com/v1', 'shop'),
      { spec: { image: 'nginx:1.28' } },
      { type: 'merge' },
    );
    await readyWhere('Ready=True after the rollout', (c) => c.Ready?.status === 'True');
    expect(await deploymentStatus()).toMatchObject({ availableReplicas: 2, updatedReplicas: 2, replicas: 2 });
  }, 180_000);

  it('dependsOn waits for the Deployment to roll out before the dependent is created', async () => {
    await h.run({
      resources: {
        ...web,
        configmaps: {
          onReconcile: [{ name: '{{metadata.name}}-cfg', dependsOn: ['deployments.web'], data: { a: 'b' } }],
        },
      },
    });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    const waiting = await readyWhere('the ConfigMap to wait', (c) =>
      Boolean(c.Ready?.message.includes('ConfigMap shop-cfg waits for Deployment shop-web')),
    );
    expect(waiting.Ready).toMatchObject({ status: 'False', reason: 'Waiting' });
    expect(await h.get('ConfigMap', 'v1', 'shop-cfg')).toBeUndefined();

    await h.until(() => h.get('ConfigMap', 'v1', 'shop-cfg'), 'the ConfigMap', 60_000);
    expect((await deploymentStatus()).availableReplicas).toBe(2);
    await readyWhere('Ready=True', (c) => c.Ready?.status === 'True');
  }, 120_000);

  it('kubectl wait --for=condition=Ready returns once every child is ready', async () => {
    await h.run({ resources: web });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    const kubectl = join(dirname(env.binaries.paths['kube-apiserver']!), 'kubectl');
    const args = ['--kubeconfig', env.kubeconfigPath, '-n', h.ns, 'wait', '--for=condition=Ready', 'website/shop'];
    const { stdout } = await promisify(execFile)(kubectl, [...args, '--timeout=90s']);
    expect(stdout.trim()).toBe('website.example.com/shop condition met');
    expect(await deploymentStatus()).toMatchObject({ availableReplicas: 2, updatedReplicas: 2 });
  }, 120_000);

  it('a Deployment past its progress deadline makes the CR fail, not wait: ChildFailed, and Stalled for kubectl wait', async () => {
    await h.run({ resources: web });
    await h.user.create(h.website('shop', { image: NEVER_READY }));
    await h.until(() => h.get('Deployment', 'apps/v1', 'shop-web'), 'the Deployment');
    // Someone else's field (not drift): the deployment controller gives up on the rollout after 1 s.
    await h.user.patch(
      h.ref('Deployment', 'apps/v1', 'shop-web'),
      { spec: { progressDeadlineSeconds: 1 } },
      { type: 'merge', fieldManager: 'kubectl' },
    );
    const kubectl = join(dirname(env.binaries.paths['kube-apiserver']!), 'kubectl');
    const args = ['--kubeconfig', env.kubeconfigPath, '-n', h.ns, 'wait', '--for=condition=Stalled', 'website/shop'];
    const { stdout } = await promisify(execFile)(kubectl, [...args, '--timeout=60s']);
    expect(stdout.trim()).toBe('website.example.com/shop condition met');
    const failed = await website();
    expect(failed.Ready).toMatchObject({ status: 'False', reason: 'ChildFailed' });
    expect(failed.Ready!.message).toMatch(
      /^Deployment shop-web: progress deadline exceeded \(ReplicaSet "shop-web-[a-z0-9]+" has timed out progressing\.\)$/,
    );
    expect(failed.Stalled).toMatchObject({ status: 'True', reason: 'ChildFailed', message: failed.Ready!.message });
    expect(failed.Synced).toMatchObject({ status: 'True' });
  }, 120_000);
});
