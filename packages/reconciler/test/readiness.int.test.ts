/**
 * Readiness against the real API server: the test writes the status subresources the built-in controllers
 * would (no kubelets here), and the CR's Ready flips while Synced stays True. Steady state costs nothing.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { harness } from './harness.js';

const h = harness('readiness');
type Condition = { type: string; status: string; reason: string; message: string };
const conditions = (cr: KubeObject | undefined) =>
  Object.fromEntries(
    ((cr?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).map((c) => [c.type, c]),
  );

describe('readiness: children', () => {
  it('Ready waits for a Deployment rollout, a LoadBalancer address and a readyWhen; Synced is True all along', async () => {
    const r = await h.run({
      readiness: 'children',
      resources: {
        deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: 'nginx:1.27', replicas: 3 }] },
        services: { onReconcile: [{ name: '{{metadata.name}}-lb', type: 'LoadBalancer', port: 80 }] },
        configmaps: {
          onReconcile: [
            {
              name: '{{metadata.name}}-cfg',
              data: { a: 'b' },
              readyWhen: { field: 'metadata.annotations.approved', operator: 'equals', value: 'yes' },
            },
          ],
        },
      },
    });
    await h.user.create(h.website('shop', {}));
    const waiting = await h.until(async () => {
      const c = conditions(await h.get('Website', 'example.com/v1', 'shop'));
      return c.Synced?.status === 'True' && c;
    }, 'Synced=True');
    expect(waiting.Ready).toMatchObject({ status: 'False', reason: 'Waiting' });
    expect(waiting.Ready!.message).toContain('Deployment shop-web: rollout not observed yet');
    expect(waiting.Ready!.message).toContain('Service shop-lb: no load balancer ingress address yet');
    expect(waiting.Ready!.message).toContain('ConfigMap shop-cfg: readyWhen does not hold');

    // The Deployment controller's part: observed, 3 updated, 1 available.
    const web = h.ref('Deployment', 'apps/v1', 'shop-web');
    const generation = (await h.user.get(web))!.metadata.generation;
    await h.user.patchStatus(web, {
      observedGeneration: generation,
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 1,
      availableReplicas: 1,
    });
    await h.until(
      async () =>
        conditions(await h.get('Website', 'example.com/v1', 'shop')).Ready?.message.includes(
          'Deployment shop-web: 1 of 3 replicas available',
        ),
      'Ready names 1 of 3 available',
    );
    await h.user.patchStatus(web, { availableReplicas: 3, readyReplicas: 3 });
    await h.user.patchStatus(h.ref('Service', 'v1', 'shop-lb'), { loadBalancer: { ingress: [{ ip: '192.0.2.10' }] } });
    const onlyCfg = await h.until(async () => {
      const c = conditions(await h.get('Website', 'example.com/v1', 'shop'));
      return !c.Ready?.message.includes('Deployment') && !c.Ready?.message.includes('Service') && c;
    }, 'only the ConfigMap waits');
    expect(onlyCfg.Ready).toMatchObject({
      status: 'False',
      message: 'waiting for ConfigMap shop-cfg: readyWhen does not hold',
    });
    await h.user.patch(
      h.ref('ConfigMap', 'v1', 'shop-cfg'),
      { metadata: { annotations: { approved: 'yes' } } },
      { type: 'merge' },
    );
    const ready = await h.ready('shop');
    expect(conditions(ready).Ready).toMatchObject({ status: 'True', reason: 'ChildrenReady' });
    expect(conditions(ready).Synced).toMatchObject({ status: 'True', reason: 'Reconciled' });

    // Steady state: five resyncs, no request at all.
    expect(await h.steadyStateRequests(r, 5)).toEqual({});

    // A child going unready again flips Ready back.
    await h.user.patchStatus(web, { availableReplicas: 2, readyReplicas: 2 });
    const again = await h.ready('shop', 'False');
    expect(conditions(again).Ready!.message).toBe('waiting for Deployment shop-web: 2 of 3 replicas available');
  });

  it('a Deployment past its progress deadline fails the CR: Ready=False ChildFailed naming it, Stalled=True, a Warning Event', async () => {
    await h.run({
      readiness: 'children',
      resources: {
        deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: 'nginx:1.27', replicas: 2 }] },
      },
    });
    await h.user.create(h.website('shop', {}));
    await h.ready('shop', 'False');
    // The Deployment controller's part (no nodes here): observed, no replica available, and the deadline passed.
    const web = h.ref('Deployment', 'apps/v1', 'shop-web');
    const generation = (await h.user.get(web))!.metadata.generation;
    const deadline = 'ReplicaSet "shop-web-5d8f" has timed out progressing.';
    await h.user.patchStatus(web, {
      observedGeneration: generation,
      replicas: 2,
      updatedReplicas: 2,
      unavailableReplicas: 2,
      conditions: [
        { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'no' },
        { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: deadline },
      ],
    });
    const failed = await h.until(async () => {
      const c = conditions(await h.get('Website', 'example.com/v1', 'shop'));
      return c.Ready?.reason === 'ChildFailed' && c;
    }, 'Ready=False ChildFailed');
    const message = `Deployment shop-web: progress deadline exceeded (${deadline})`;
    expect(failed.Ready).toMatchObject({ status: 'False', message });
    expect(failed.Stalled).toMatchObject({ status: 'True', reason: 'ChildFailed', message });
    expect(failed.Synced).toMatchObject({ status: 'True', reason: 'Reconciled' });
    const warning = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.reason === 'ChildFailed'),
      'a ChildFailed Event',
    );
    expect(warning).toMatchObject({ type: 'Warning', message });

    // A new rollout that makes progress again: waiting, not failed; Stalled is gone.
    await h.user.patchStatus(web, {
      readyReplicas: 1,
      availableReplicas: 1,
      conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: 'progressing' }],
    });
    const waiting = await h.until(async () => {
      const c = conditions(await h.get('Website', 'example.com/v1', 'shop'));
      return c.Ready?.reason === 'Waiting' && c;
    }, 'Ready=False Waiting');
    expect(waiting.Ready!.message).toBe('waiting for Deployment shop-web: 1 of 2 replicas available');
    expect(waiting.Stalled).toBeUndefined();
  });
});
