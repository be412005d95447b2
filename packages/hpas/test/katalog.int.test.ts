/**
 * Usable from a katalog at once: the key `hpas` and `hpas.handler` are all the reconciler needs — no change to
 * core, template, reconciler or cli. The owner kind's CRD is test/crds/website.yaml (installed by testenv).
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import { GenericReconciler, loadKatalog, type ReconcilerConfig } from '@orkestra/reconciler';
import { testCluster } from '@orkestra/testenv';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as hpas from '../src/index.js';

const cluster = testCluster();
const t = resourceTestEnv({ namespacePrefix: 'hpas-katalog' });
let kube: Kubeclient; // the reconciler's client: its requests are counted
let user: Kubeclient; // someone else
let ns: string;

type Hpa = KubeObject & {
  spec: { scaleTargetRef: { name: string }; minReplicas: number; maxReplicas: number; metrics: unknown[] };
};
const getHpa = (name: string) =>
  user.get<Hpa>({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', namespace: ns, name });
const website = (name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name, namespace: ns },
  spec,
});
const until = <T>(check: () => Promise<T>, description: string) =>
  cluster.waitFor(check, { timeoutMs: 20_000, intervalMs: 50, description });

async function run(text: string, handlers: ReconcilerConfig['handlers']): Promise<GenericReconciler> {
  const katalog = loadKatalog(text, { file: 'website.katalog.yaml', handlers });
  expect(katalog.keys).toContain('hpas');
  const [entry] = katalog.entries;
  const reconciler = new GenericReconciler(kube, { ...entry!, handlers, namespaces: [ns] });
  t.stopAfterTest(reconciler);
  await reconciler.start();
  return reconciler;
}

beforeEach(() => {
  ({ kube, other: user } = t);
  ns = t.namespace!;
});

describe('a katalog with key hpas', () => {
  it('loads with handlers: [hpas.handler] and the GenericReconciler creates the HPA, then writes nothing in steady state', async () => {
    const r = await run(
      `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: website }
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        hpas:
          onReconcile:
            - maxReplicas: "{{spec.maxReplicas}}"
              cpuUtilization: "{{default spec.cpu 80}}"
`,
      [hpas.handler] as ReconcilerConfig['handlers'],
    );
    await user.create(website('shop', { maxReplicas: 6 }));
    const hpa = await until(() => getHpa('shop-hpa'), 'the HPA shop-hpa');
    expect(hpa.spec).toMatchObject({
      scaleTargetRef: { name: 'shop-deployment' },
      minReplicas: 1,
      maxReplicas: 6,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
      ],
    });
    expect(hpa.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Website', name: 'shop', controller: true });

    await r.whenIdle();
    kube.requests.reset();
    for (let i = 0; i < 3; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    expect(kube.requests.writes()).toBe(0);
  });

  it('a katalog child that breaks the hpas schema is reported with its path and line before anything runs', () => {
    expect(() =>
      loadKatalog(
        `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        hpas:
          onReconcile:
            - cpuUtilization: 80
              maxReplicsa: 3
`,
        { file: 'k.yaml', handlers: [hpas.handler] as ReconcilerConfig['handlers'] },
      ),
    ).toThrow(/hpas\.onReconcile\[0\]/);
  });

  it("with deployments (autoscaled) beside it: the autoscaler's replica count survives every reconcile", async () => {
    const r = await run(
      `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: website }
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        deployments:
          onReconcile:
            - image: "{{spec.image}}"
              autoscaled: true
        hpas:
          onReconcile:
            - maxReplicas: "{{spec.maxReplicas}}"
              memoryUtilization: 75
`,
      [deployments.handler, hpas.handler] as ReconcilerConfig['handlers'],
    );
    await user.create(website('shop', { image: 'nginx:1.27', maxReplicas: 8 }));
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-deployment' };
    await until(() => user.get(ref), 'the Deployment shop-deployment');
    await until(() => getHpa('shop-hpa'), 'the HPA shop-hpa');
    await r.whenIdle();

    await user.patch(ref, { spec: { replicas: 5 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    kube.requests.reset();
    for (let i = 0; i < 3; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    expect(kube.requests.writes()).toBe(0);
    expect(((await user.get(ref)) as KubeObject & { spec: { replicas: number } }).spec.replicas).toBe(5);
  });

  it("with deployments WITHOUT autoscaled beside it: the HPA's target yields replicas, through a rollout and every resync", async () => {
    const r = await run(
      `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: website }
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        deployments:
          onReconcile:
            - image: "{{spec.image}}"
        hpas:
          onReconcile:
            - minReplicas: 2
              maxReplicas: "{{spec.maxReplicas}}"
              cpuUtilization: 70
`,
      [deployments.handler, hpas.handler] as ReconcilerConfig['handlers'],
    );
    await user.create(website('shop', { image: 'nginx:1.27', maxReplicas: 8 }));
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-deployment' };
    type D = KubeObject & { spec: { replicas: number; template: { spec: { containers: { image: string }[] } } } };
    const created = await until(() => user.get<D>(ref), 'the Deployment shop-deployment');
    expect(created.metadata.annotations?.['orkestra.io/applied-fields']).toBeDefined();
    await until(() => getHpa('shop-hpa'), 'the HPA shop-hpa');
    await r.whenIdle();

    await user.patch(ref, { spec: { replicas: 6 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    kube.requests.reset();
    for (let i = 0; i < 3; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    expect(kube.requests.writes()).toBe(0);
    expect((await user.get<D>(ref))!.spec.replicas).toBe(6);

    // A change of the CR rolls out a new image: one write, and the replica count is still the autoscaler's.
    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { image: 'nginx:1.28', maxReplicas: 8 } },
      { fieldManager: 'user' },
    );
    const rolled = await until(async () => {
      const d = await user.get<D>(ref);
      return d?.spec.template.spec.containers[0]?.image === 'nginx:1.28' && d;
    }, 'the new image');
    expect(rolled.spec.replicas).toBe(6);
  });
});
