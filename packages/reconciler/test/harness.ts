/** What the reconciler's integration tests share: two clients, a namespace per test, reconcilers stopped after each. */
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { type TestCluster, testCluster } from '@orkestra/testenv';
import { GenericReconciler, type ReconcilerConfig } from '../src/index.js';

export const handlers = [deployments.handler, services.handler, configmaps.handler] as ReconcilerConfig['handlers'];
export const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

type Condition = { type: string; status: string; reason: string; message: string };
export const readyOf = (cr: KubeObject | undefined) =>
  (cr?.status as { conditions?: Condition[] } | undefined)?.conditions?.find((c) => c.type === 'Ready');
export type EventObject = KubeObject & {
  type: string;
  reason: string;
  message: string;
  involvedObject: { name: string };
};

/**
 * Sets up the hooks of one test file and returns what its tests use. `clusterOf` gives the cluster once the
 * file's own beforeAll hooks ran (default: the shared control plane of the run). `defaults` go under each
 * run's config: by default `readiness: 'synced'`, because the shared control plane has no nodes and no
 * Deployment ever becomes available there, so tests about other things keep Ready = in sync (the readiness
 * tests set `children`; rollout.int.test.ts runs simulated nodes and the default).
 */
export function harness(
  prefix: string,
  clusterOf: () => TestCluster = testCluster,
  defaults: Partial<ReconcilerConfig> = { readiness: 'synced' },
) {
  let bound: TestCluster | undefined;
  const cluster = () => (bound ??= clusterOf());
  let kube: Kubeclient | undefined;
  let user: Kubeclient | undefined;
  const made = (client: Kubeclient | undefined) => {
    if (!client) throw new Error('harness: the clients are made in beforeAll; use them inside a test');
    return client;
  };
  const h = {
    get cluster() {
      return cluster();
    },
    /** The reconciler's client: its requests are counted. */
    get kube(): Kubeclient {
      return made(kube);
    },
    /** Someone else. */
    get user(): Kubeclient {
      return made(user);
    },
    ns: '',
    running: [] as GenericReconciler[],
    /** Starts a reconciler on the test namespace, with `kube` (default: the counted client {@link h.kube}). */
    async run(
      config: Omit<ReconcilerConfig, 'owner' | 'handlers'> & Partial<ReconcilerConfig>,
      kube?: Kubeclient,
    ): Promise<GenericReconciler> {
      const r = new GenericReconciler(kube ?? h.kube, {
        owner,
        handlers,
        resyncPeriodMs: 3_600_000,
        ...defaults,
        ...config,
        namespaces: [h.ns],
      });
      h.running.push(r);
      await r.start();
      return r;
    },
    website: (name: string, spec: Record<string, unknown>): KubeObject => ({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name, namespace: h.ns },
      spec,
    }),
    ref: (kind: string, apiVersion: string, name: string) => ({ apiVersion, kind, namespace: h.ns, name }),
    get: (kind: string, apiVersion: string, name: string) => h.user.get({ apiVersion, kind, namespace: h.ns, name }),
    until: <T>(check: () => Promise<T>, description: string, timeoutMs = 20_000) =>
      cluster().waitFor(check, { timeoutMs, intervalMs: 50, description }),
    eventsOf: async (name: string) =>
      ((await h.user.list('v1', 'Event', { namespace: h.ns })).items as EventObject[]).filter(
        (e) => e.involvedObject?.name === name,
      ),
    ready: (name: string, status: 'True' | 'False' = 'True') =>
      h.until(async () => {
        const c = await h.get('Website', 'example.com/v1', name);
        return readyOf(c)?.status === status && c;
      }, `${name} Ready=${status}`),
    /**
     * The requests the reconciler's client sends over `resyncs` forced resyncs of every CR, once the queue is idle:
     * `{}` in a steady state.
     */
    async steadyStateRequests(r: { enqueueAll(): void; whenIdle(): Promise<void> }, resyncs = 3) {
      await r.whenIdle();
      h.kube.requests.reset();
      for (let i = 0; i < resyncs; i++) {
        r.enqueueAll();
        await r.whenIdle();
      }
      return h.kube.requests.snapshot();
    },
  };
  beforeAll(() => {
    kube = new Kubeclient(cluster().kubeConfig);
    user = new Kubeclient(cluster().kubeConfig);
  });
  afterAll(async () => {
    await Promise.all(h.running.map((r) => r.stop()));
    await cluster().deleteNamespaces();
    await kube?.close();
    await user?.close();
  });
  beforeEach(async () => {
    await Promise.all(h.running.splice(0).map((r) => r.stop()));
    h.ns = await cluster().newNamespace(prefix);
  });
  return h;
}
