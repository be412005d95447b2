import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ControllerClient, KubeObject } from '@orkestra/core';
import { ClientNodeObjectClient } from '@orkestra/core/client-node';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import type { Manager, ManagerExit, ManagerOptions } from '../src/index.js';

// The Website operator of examples/website/operator.ts (TypeScript, no katalog) under two Managers in this
// process, each with its own clients, sharing one Lease — once over each client the Manager can run on: core's
// Kubeclient and client-node's (ClientNodeObjectClient). Timings are shortened from client-go's defaults.
const LEASE_MS = 4_000;
const RENEW_MS = 3_000;
const RETRY_MS = 500;
const cluster = testCluster();
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));

type WebsiteManager = (
  kube: ControllerClient,
  options?: Omit<ManagerOptions, 'kube' | 'reconcilers'>,
  namespaces?: readonly string[],
) => Manager;

/** A client of the Manager, whose requests are counted, and which the test closes. */
type Client = ControllerClient & {
  readonly requests: { reset(): void; snapshot(): Record<string, number> };
  close(): Promise<void>;
};

const clients: [string, (kc: KubeConfig) => Client][] = [
  ['Kubeclient', (kc) => new Kubeclient(kc)],
  ['ClientNodeObjectClient', (kc) => new ClientNodeObjectClient(kc)],
];

interface Replica {
  manager: Manager;
  kube: Client;
  stop: AbortController;
  exit: Promise<ManagerExit>;
}

/** One sample of a metric in Prometheus text (summed over its label sets), or undefined when absent. */
async function metric(url: string, name: string): Promise<number | undefined> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  const lines = (await res.text())
    .split('\n')
    .filter((l) => l.startsWith(name) && !l.startsWith('#') && /^[a-z_]+[{ ]/.test(l) && l.split(/[{ ]/)[0] === name);
  return lines.length ? lines.reduce((n, l) => n + Number(l.split(' ').pop()), 0) : undefined;
}

describe.each(clients)(
  'Manager on %s: the Website operator in TypeScript, with leader election and metrics',
  (_, client) => {
    let websiteManager: WebsiteManager;
    let user: Kubeclient;
    let ns: string;
    const replicas: Replica[] = [];
    const lease = async () =>
      (await user.get({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: ns, name: 'website-operator' }))
        ?.spec as { holderIdentity?: string } | undefined;
    const deployment = async () =>
      (await user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-web' })) as
        | (KubeObject & { spec: { replicas: number } })
        | undefined;

    const start = (identity: string): Replica => {
      const kube = client(cluster.kubeConfig);
      const manager = websiteManager(
        kube,
        {
          httpAddress: '127.0.0.1:0',
          stopTimeoutMs: 5_000,
          leaderElection: {
            namespace: ns,
            name: 'website-operator',
            identity,
            leaseDurationMs: LEASE_MS,
            renewDeadlineMs: RENEW_MS,
            retryPeriodMs: RETRY_MS,
          },
        },
        [ns],
      );
      const stop = new AbortController();
      const replica = { manager, kube, stop, exit: manager.run(stop.signal) };
      replicas.push(replica);
      return replica;
    };
    const listening = (r: Replica) =>
      cluster.waitFor(() => r.manager.url, { timeoutMs: 10_000, description: 'the health and metrics server' });

    beforeAll(async () => {
      ({ websiteManager } = (await import(pathToFileURL(exampleFile).href)) as { websiteManager: WebsiteManager });
      user = new Kubeclient(cluster.kubeConfig);
      ns = await cluster.newNamespace('manager');
    });
    afterAll(async () => {
      for (const r of replicas) r.stop.abort();
      await Promise.all(
        replicas.map(async (r) => {
          await r.exit.catch(() => undefined);
          await r.kube.close();
        }),
      );
      await cluster.deleteNamespaces();
      await user.close();
    });

    it('one Manager leads and reconciles, the other stands by; when the leader stops, the standby takes over', async () => {
      const a = start('manager-a');
      const urlA = await listening(a);
      await cluster.waitFor(async () => (await lease())?.holderIdentity === 'manager-a', {
        timeoutMs: 10_000,
        description: 'manager-a to acquire the Lease',
      });
      const b = start('manager-b');
      const urlB = await listening(b);
      await cluster.waitFor(async () => (await (await fetch(`${urlB}/readyz`)).text()).startsWith('standby'), {
        timeoutMs: 10_000,
        description: 'manager-b to stand by',
      });

      await user.create({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: ns },
        spec: { image: 'nginx:1.27', replicas: 2 },
      });
      await cluster.waitFor(async () => (await deployment())?.spec.replicas === 2, {
        timeoutMs: 20_000,
        description: 'the leader to create the Deployment',
      });

      // Steady state: once the Website is Ready, resyncs cost the leader's client no request (the Lease's aside).
      await cluster.waitFor(
        async () => {
          const website = await user.get<KubeObject & { status?: { conditions?: { type: string; status: string }[] } }>(
            {
              apiVersion: 'example.com/v1',
              kind: 'Website',
              namespace: ns,
              name: 'shop',
            },
          );
          return website?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
        },
        { timeoutMs: 30_000, description: 'the Website to be Ready' },
      );
      const resync = async () => {
        for (const r of a.manager.reconcilers) r.enqueueAll();
        await Promise.all(a.manager.reconcilers.map((r) => r.whenIdle()));
      };
      const steady = await cluster.waitFor(
        async () => {
          await resync(); // the first resync after a change matches the children once and remembers
          a.kube.requests.reset();
          await resync();
          await resync();
          const requests = Object.keys(a.kube.requests.snapshot()).filter((key) => !key.endsWith(' leases'));
          return requests.length === 0 ? 'no request' : undefined;
        },
        { timeoutMs: 20_000, description: 'two resyncs of the converged Website without a request' },
      );
      expect(steady).toBe('no request');

      // Metrics over HTTP: the leader reconciled and wrote children; the standby did neither.
      const health = await fetch(`${urlA}/healthz`);
      expect([health.status, (await health.text()).trim()]).toEqual([200, 'ok']);
      const ready = await fetch(`${urlA}/readyz`);
      expect([ready.status, (await ready.text()).trim()]).toEqual([200, 'ok']);
      expect(await metric(urlA, 'orkestra_leader')).toBe(1);
      expect(await metric(urlA, 'orkestra_ready')).toBe(1);
      expect(await metric(urlA, 'orkestra_reconcile_total')).toBeGreaterThan(0);
      expect(await metric(urlA, 'orkestra_child_changes_total')).toBeGreaterThanOrEqual(4); // Deployment, Service, ConfigMap, Secret
      expect(await metric(urlB, 'orkestra_leader')).toBe(0);
      expect(await metric(urlB, 'orkestra_reconcile_total')).toBeUndefined();
      expect((await (await fetch(`${urlB}/readyz`)).text()).trim()).toBe(
        'standby: waiting for the leader-election Lease (held by manager-a)',
      );

      // The leader stops gracefully: it releases the Lease and the standby acquires it at its next try.
      a.stop.abort();
      expect(await a.exit).toEqual({ reason: 'stopped', message: 'stopped' });
      await cluster.waitFor(async () => (await lease())?.holderIdentity === 'manager-b', {
        timeoutMs: LEASE_MS,
        description: 'manager-b to take over before the Lease would have expired',
      });
      await user.patch(
        { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
        { spec: { replicas: 3 } },
        { fieldManager: 'kubectl' },
      );
      await cluster.waitFor(async () => (await deployment())?.spec.replicas === 3, {
        timeoutMs: 20_000,
        description: 'the new leader to roll out the change',
      });
      expect(await metric(urlB, 'orkestra_leader')).toBe(1);
      // The counter moves when the reconcile ends (after its status write), which may be just after the rollout shows.
      const reconciles = await cluster.waitFor(async () => await metric(urlB, 'orkestra_reconcile_total'), {
        timeoutMs: 10_000,
        description: 'the new leader to count its reconcile',
      });
      expect(reconciles).toBeGreaterThan(0);
    }, 60_000);

    it('a leader whose Lease is taken stops reconciling and ends with leadership-lost', async () => {
      const b = replicas.find((r) => r.manager.elector?.identity === 'manager-b')!;
      const live = await user.get({
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        namespace: ns,
        name: 'website-operator',
      });
      await user.update({
        ...live!,
        spec: { ...(live!.spec as object), holderIdentity: 'intruder', leaseDurationSeconds: 60 },
      });
      const exit = await b.exit;
      expect(exit.reason).toBe('leadership-lost');
      // Nothing reconciles any more: a change to the Website is not rolled out.
      await user.patch(
        { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
        { spec: { replicas: 5 } },
        { fieldManager: 'kubectl' },
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await deployment())?.spec.replicas).toBe(3);
    }, 30_000);
  },
);
