/** What only Deployments do, against the real API server (the contract itself: contract.int.test.ts). */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import type { DeploymentSource } from '../src/index.js';
import * as deployments from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'deployments' });
const NAME = 'site-deployment';
type Container = { name: string; image: string; resources?: { requests?: Record<string, string> } } & Record<
  string,
  unknown
>;
type LiveDeployment = KubeObject & {
  spec: {
    replicas?: number;
    strategy?: { type: string; rollingUpdate?: unknown };
    template: { spec: { containers: Container[] } };
  };
};

const ref = () => ({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: t.namespace, name: NAME });
const read = () => t.other.get<LiveDeployment>(ref());
const container = (live: LiveDeployment | undefined) => live?.spec.template.spec.containers[0];
const resolve = (source: DeploymentSource) => deployments.resolve(source, 'site');

describe('update', () => {
  it('keeps the text of quantities on the way in; the server stores them canonically', async () => {
    await deployments.update(
      t.ctx,
      t.kube,
      t.owner,
      resolve({ image: 'nginx:1.27', resources: { requests: { cpu: '0.5', memory: '1024Mi' } } }),
    );
    expect(container(await read())?.resources?.requests).toEqual({ cpu: '500m', memory: '1Gi' });
  });

  it('switches to Recreate from the default strategy', async () => {
    await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27' }));
    expect((await read())?.spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
    });
    t.kube.requests.reset();
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', strategy: 'Recreate' }))).action,
    ).toBe('updated');
    // The hand-over of the POSTed child's fields (its set of fields changes: once per child), then one apply.
    expect(t.kube.requests.writes()).toBe(2);
    expect((await read())?.spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('switches the strategy from RollingUpdate to Recreate and back', async () => {
    await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', strategy: { maxSurge: '50%' } }));
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', strategy: 'Recreate' }))).action,
    ).toBe('updated');
    expect((await read())?.spec.strategy).toEqual({ type: 'Recreate' });
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', strategy: 'RollingUpdate' })))
        .action,
    ).toBe('updated');
    expect((await read())?.spec.strategy?.type).toBe('RollingUpdate');
  });
});

describe('replicas left to an autoscaler', () => {
  it('an HPA changing replicas is not drift: zero writes, and its count stays', async () => {
    const spec = resolve({ image: 'nginx:1.27', autoscaled: true });
    await deployments.update(t.ctx, t.kube, t.owner, spec);
    expect((await read())?.spec.replicas).toBe(1); // the server's default
    await t.other.patch(ref(), { spec: { replicas: 7 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++)
      expect((await deployments.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
    expect((await read())?.spec.replicas).toBe(7);
  });

  it("another change is corrected without touching the HPA's count", async () => {
    await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', autoscaled: true }));
    await t.other.patch(ref(), { spec: { replicas: 7 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    t.kube.requests.reset();
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.28', autoscaled: true }))).action,
    ).toBe('updated');
    expect(t.kube.requests.writes()).toBe(1);
    const live = await read();
    expect(container(live)?.image).toBe('nginx:1.28');
    expect(live?.spec.replicas).toBe(7);
  });

  it('moving from a replica count to autoscaled drops the count Orkestra set: the server resets it to 1', async () => {
    await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', replicas: 3 }));
    t.kube.requests.reset();
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', autoscaled: true }))).action,
    ).toBe('updated');
    // The hand-over of the POSTed child's fields (its set of fields changes: once per child), then one apply.
    expect(t.kube.requests.writes()).toBe(2);
    expect((await read())?.spec.replicas).toBe(1);
  });

  it('moving to autoscaled keeps a count the autoscaler set since Orkestra last wrote', async () => {
    await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', replicas: 3 }));
    await t.other.patch(ref(), { spec: { replicas: 6 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    expect(
      (await deployments.update(t.ctx, t.kube, t.owner, resolve({ image: 'nginx:1.27', autoscaled: true }))).action,
    ).toBe('updated');
    expect((await read())?.spec.replicas).toBe(6);
  });
});
