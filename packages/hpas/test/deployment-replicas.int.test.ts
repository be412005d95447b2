/**
 * An HPA and the Deployment it scales, both Orkestra's: with `autoscaled: true` the deployments package writes
 * no `spec.replicas`, so the autoscaler's count is never drift and the two never fight over the field.
 *
 * testenv runs no HPA controller (nor kubelets to report metrics), so the autoscaler is played by a client
 * with the field manager the real controller uses, `horizontal-pod-autoscaler`, setting `spec.replicas`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createContext, type KubeObject, type OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import { testCluster } from '@orkestra/testenv';
import * as hpas from '../src/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient; // Orkestra's client: its requests are counted
let autoscaler: Kubeclient; // plays the HPA controller
let ns: string;
let owner: OwnerObject;

type DeploymentObject = KubeObject & { spec: { replicas?: number; template: { spec: { containers: { image: string }[] } } } };
const deploymentRef = () => ({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'site-deployment' });
const readDeployment = async () => (await autoscaler.get(deploymentRef())) as DeploymentObject;
/** What the HPA controller does when it scales: it sets spec.replicas, as field manager horizontal-pod-autoscaler. */
const scaleTo = (replicas: number) => autoscaler.patch(deploymentRef(), { spec: { replicas } }, { fieldManager: 'horizontal-pod-autoscaler' });

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
  autoscaler = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
  await autoscaler.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('hpas-replicas');
  owner = (await autoscaler.create<KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'site', namespace: ns } })) as unknown as OwnerObject;
});

describe('an HPA scaling a Deployment of the same owner', () => {
  it('autoscaled: true — five deployments.update calls after the autoscaler scaled make zero writes, and replicas stay', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', autoscaled: true }, 'site');
    const hpa = hpas.resolve({ minReplicas: 2, maxReplicas: 10, cpuUtilization: 70 }, 'site');
    await deployments.update(ctx, kube, owner, deployment);
    await hpas.update(ctx, kube, owner, hpa);

    // The HPA scales the owner's Deployment by default.
    const live = (await autoscaler.get({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', namespace: ns, name: 'site-hpa' })) as KubeObject & { spec: { scaleTargetRef: unknown } };
    expect(live.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.name });

    await scaleTo(4);
    kube.requests.reset();
    for (let i = 0; i < 5; i++) {
      expect((await deployments.update(ctx, kube, owner, deployment)).action).toBe('unchanged');
      expect((await hpas.update(ctx, kube, owner, hpa)).action).toBe('unchanged');
    }
    expect(kube.requests.writes()).toBe(0);
    expect((await readDeployment()).spec.replicas).toBe(4);
  });

  it('autoscaled: true — a real drift correction of the Deployment still leaves the replica count alone', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', autoscaled: true }, 'site');
    await deployments.update(ctx, kube, owner, deployment);
    await hpas.update(ctx, kube, owner, hpas.resolve({ maxReplicas: 10, cpuUtilization: 70 }, 'site'));
    await scaleTo(7);
    const live = await readDeployment();
    const containers = live.spec.template.spec.containers.map((c) => ({ ...c, image: 'evil:latest' }));
    await autoscaler.patch(deploymentRef(), { spec: { template: { spec: { containers } } } }, { type: 'strategic', fieldManager: 'kubectl-edit' });

    kube.requests.reset();
    expect((await deployments.update(ctx, kube, owner, deployment)).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const after = await readDeployment();
    expect(after.spec.template.spec.containers[0]?.image).toBe('nginx:1.27');
    expect(after.spec.replicas).toBe(7);
  });

  it('without autoscaled, the Deployment fights the HPA: every update resets replicas (why autoscaled exists)', async () => {
    const deployment = deployments.resolve({ image: 'nginx:1.27', replicas: 2 }, 'site');
    await deployments.update(ctx, kube, owner, deployment);
    await hpas.update(ctx, kube, owner, hpas.resolve({ maxReplicas: 10, cpuUtilization: 70 }, 'site'));
    await scaleTo(4);
    kube.requests.reset();
    expect((await deployments.update(ctx, kube, owner, deployment)).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    expect((await readDeployment()).spec.replicas).toBe(2);
  });
});
