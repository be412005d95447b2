/**
 * An HPA and the Deployment it scales, both Orkestra's: with `autoscaled: true` the deployments package writes
 * no `spec.replicas`, so the autoscaler's count is never drift and the two never fight over the field.
 *
 * testenv runs no HPA controller (nor kubelets to report metrics), so the autoscaler is played by a client
 * with the field manager the real controller uses, `horizontal-pod-autoscaler`, setting `spec.replicas`.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import * as deployments from '@orkestra/deployments';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as hpas from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'hpas-replicas' });

type DeploymentObject = KubeObject & {
  spec: { replicas?: number; template: { spec: { containers: { image: string }[] } } };
};
const deploymentRef = () => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  namespace: t.namespace,
  name: 'site-deployment',
});
const readDeployment = async () => (await t.other.get(deploymentRef())) as DeploymentObject;
/** What the HPA controller does when it scales: it sets spec.replicas, as field manager horizontal-pod-autoscaler. */
const scaleTo = (replicas: number) =>
  t.other.patch(deploymentRef(), { spec: { replicas } }, { fieldManager: 'horizontal-pod-autoscaler' });

describe('an HPA scaling a Deployment of the same owner', () => {
  it('autoscaled: true — five deployments.update calls after the autoscaler scaled make zero writes, and replicas stay', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', autoscaled: true }, 'site');
    const hpa = hpas.resolve({ minReplicas: 2, maxReplicas: 10, cpuUtilization: 70 }, 'site');
    await deployments.update(t.ctx, t.kube, t.owner, deployment);
    await hpas.update(t.ctx, t.kube, t.owner, hpa);

    // The HPA scales the owner's Deployment by default.
    const live = (await t.other.get({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      namespace: t.namespace,
      name: 'site-hpa',
    })) as KubeObject & { spec: { scaleTargetRef: unknown } };
    expect(live.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.name });

    await scaleTo(4);
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++) {
      expect((await deployments.update(t.ctx, t.kube, t.owner, deployment)).action).toBe('unchanged');
      expect((await hpas.update(t.ctx, t.kube, t.owner, hpa)).action).toBe('unchanged');
    }
    expect(t.kube.requests.writes()).toBe(0);
    expect((await readDeployment()).spec.replicas).toBe(4);
  });

  it('autoscaled: true — a real drift correction of the Deployment still leaves the replica count alone', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', autoscaled: true }, 'site');
    await deployments.update(t.ctx, t.kube, t.owner, deployment);
    await hpas.update(t.ctx, t.kube, t.owner, hpas.resolve({ maxReplicas: 10, cpuUtilization: 70 }, 'site'));
    await scaleTo(7);
    const live = await readDeployment();
    const containers = live.spec.template.spec.containers.map((c) => ({ ...c, image: 'evil:latest' }));
    await t.other.patch(
      deploymentRef(),
      { spec: { template: { spec: { containers } } } },
      { type: 'strategic', fieldManager: 'kubectl-edit' },
    );

    t.kube.requests.reset();
    expect((await deployments.update(t.ctx, t.kube, t.owner, deployment)).action).toBe('updated');
    expect(t.kube.requests.writes()).toBe(1);
    const after = await readDeployment();
    expect(after.spec.template.spec.containers[0]?.image).toBe('nginx:1.27');
    expect(after.spec.replicas).toBe(7);
  });

  it('without autoscaled, the Deployment fights the HPA: every update resets replicas (why autoscaled exists)', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', replicas: 2 }, 'site');
    await deployments.update(t.ctx, t.kube, t.owner, deployment);
    await hpas.update(t.ctx, t.kube, t.owner, hpas.resolve({ maxReplicas: 10, cpuUtilization: 70 }, 'site'));
    await scaleTo(4);
    t.kube.requests.reset();
    expect((await deployments.update(t.ctx, t.kube, t.owner, deployment)).action).toBe('updated');
    expect(t.kube.requests.writes()).toBe(1);
    expect((await readDeployment()).spec.replicas).toBe(2);
  });
});
