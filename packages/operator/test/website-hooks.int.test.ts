/**
 * Issue 17's Done-when: the Website operator of examples/website/operator.ts, in TypeScript, under the Manager
 * with leader election and metrics, with code hooks — a status field computed by `status`, a CR refused by
 * `validate`, and a `finalize` that fails twice then succeeds (the finalizer removed only after, the CR gone).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import type { ReconcilerConfig, ReconcilerHooks } from '@orkestra/reconciler';
import { testCluster } from '@orkestra/testenv';
import { Manager, type ManagerExit } from '../src/index.js';

const cluster = testCluster();
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));

type Website = OwnerObject & { spec: { image: string; replicas?: number } };
type Condition = { type: string; status: string; reason: string; message: string };
type EventObject = KubeObject & { type: string; reason: string; message: string; involvedObject: { name: string } };
const readyOf = (o: KubeObject | undefined) =>
  (o?.status as { conditions?: Condition[] } | undefined)?.conditions?.find((c) => c.type === 'Ready');

/** The sum of a metric's samples whose labels include `labels` (Prometheus text), or undefined when none. */
async function metric(url: string, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  const samples = (await res.text())
    .split('\n')
    .filter((l) => l.split(/[{ ]/)[0] === name)
    .filter((l) => Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return samples.length ? samples.reduce((n, l) => n + Number(l.split(' ').pop()), 0) : undefined;
}

describe('the Website operator with code hooks, under the Manager', () => {
  let websiteConfig: ReconcilerConfig;
  let user: Kubeclient;
  let kube: Kubeclient;
  let ns: string;
  let manager: Manager;
  let exit: Promise<ManagerExit>;
  const stop = new AbortController();
  let attempts = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));

  const hooks: ReconcilerHooks = {
    validate: (cr) => {
      const { image } = (cr as Website).spec;
      return image.endsWith(':latest') || !image.includes(':')
        ? `spec.image must name a version (${image} moves under you): use e.g. nginx:1.27`
        : undefined;
    },
    status: (cr, children) => {
      const web = children.deployments?.[`${cr.metadata.name}-web`] as
        | (KubeObject & { spec: { replicas: number } })
        | undefined;
      const count = Object.values(children).reduce((n, byName) => n + Object.keys(byName).length, 0);
      return { summary: `${count} children; ${web?.spec.replicas ?? 0} replicas of ${(cr as Website).spec.image}` };
    },
    finalize: async (cr) => {
      attempts++;
      if (attempts <= 2) throw new Error(`CDN purge for ${cr.metadata.name} failed: 503`);
      await released; // the third attempt succeeds once the test has looked at the CR meanwhile
    },
  };
  const website = (name: string) => user.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name });
  const until = <T>(check: () => Promise<T>, description: string) =>
    cluster.waitFor(check, { timeoutMs: 20_000, intervalMs: 50, description });

  beforeAll(async () => {
    ({ websiteConfig } = (await import(pathToFileURL(exampleFile).href)) as { websiteConfig: ReconcilerConfig });
    user = new Kubeclient(cluster.kubeConfig);
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('website-hooks');
    manager = new Manager({
      kube,
      reconcilers: [{ ...websiteConfig, namespaces: [ns], hooks }],
      httpAddress: '127.0.0.1:0',
      stopTimeoutMs: 5_000,
      leaderElection: {
        namespace: ns,
        name: 'website-operator',
        identity: 'hooks-a',
        leaseDurationMs: 4_000,
        renewDeadlineMs: 3_000,
        retryPeriodMs: 500,
      },
    });
    exit = manager.run(stop.signal);
  });
  afterAll(async () => {
    release();
    stop.abort();
    await exit.catch(() => undefined);
    await kube.close();
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('leads, reconciles with a status field from a hook, refuses a CR by validate, and finalizes after two failures', async () => {
    await until(
      async () =>
        (
          (
            await user.get({
              apiVersion: 'coordination.k8s.io/v1',
              kind: 'Lease',
              namespace: ns,
              name: 'website-operator',
            })
          )?.spec as { holderIdentity?: string } | undefined
        )?.holderIdentity === 'hooks-a',
      'the Lease',
    );
    const url = await until(async () => manager.url, 'the metrics server');

    // Accepted: the children of the example, and the status hook's field beside the templated ones.
    await user.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx:1.27', replicas: 2 },
    });
    const shop = await until(async () => {
      const cr = await website('shop');
      return readyOf(cr)?.status === 'True' && cr;
    }, 'shop Ready');
    expect(shop.status).toMatchObject({
      image: 'nginx:1.27',
      summary: '4 children; 2 replicas of nginx:1.27',
    });
    expect(shop.metadata.finalizers).toEqual(['orkestra.io/finalizer']);

    // Refused by validate: Ready=False with its message, a Warning Event, no child.
    await user.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'moving', namespace: ns },
      spec: { image: 'nginx:latest' },
    });
    const refused = await until(async () => {
      const cr = await website('moving');
      return readyOf(cr)?.status === 'False' && cr;
    }, 'moving refused');
    const refusal = 'spec.image must name a version (nginx:latest moves under you): use e.g. nginx:1.27';
    expect(readyOf(refused)).toMatchObject({ reason: 'Refused', message: refusal });
    const events = async (name: string) =>
      ((await user.list('v1', 'Event', { namespace: ns })).items as EventObject[]).filter(
        (e) => e.involvedObject?.name === name,
      );
    expect((await events('moving')).map((e) => [e.type, e.reason, e.message])).toContainEqual([
      'Warning',
      'Refused',
      refusal,
    ]);
    expect(
      await user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'moving-web' }),
    ).toBeUndefined();

    // Deleted: finalize fails twice (status and Warning Event say so, the finalizer stays), then succeeds.
    await user.delete({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
    await until(async () => attempts === 3, 'the third finalize attempt');
    const deleting = await website('shop');
    expect(deleting?.metadata.finalizers).toEqual(['orkestra.io/finalizer']);
    expect(readyOf(deleting)).toMatchObject({
      status: 'False',
      reason: 'FinalizeFailed',
      message: expect.stringContaining('finalize hook failed: CDN purge for shop failed: 503 (attempt 2;'),
    });
    expect((await events('shop')).map((e) => [e.type, e.reason, e.message])).toContainEqual([
      'Warning',
      'FinalizeFailed',
      'finalize hook failed: CDN purge for shop failed: 503',
    ]);
    release();
    await until(async () => (await website('shop')) === undefined, 'shop gone');
    expect(attempts).toBe(3);

    // The metrics saw it all: the leader, successful, refused and failed reconciles.
    expect(await metric(url, 'orkestra_leader')).toBe(1);
    expect(await metric(url, 'orkestra_reconcile_total', { kind: 'Website', result: 'success' })).toBeGreaterThan(0);
    expect(await metric(url, 'orkestra_reconcile_total', { kind: 'Website', result: 'invalid' })).toBeGreaterThan(0);
    expect(await metric(url, 'orkestra_reconcile_total', { kind: 'Website', result: 'error' })).toBeGreaterThanOrEqual(
      2,
    );

    stop.abort();
    expect(await exit).toEqual({ reason: 'stopped', message: 'stopped' });
  }, 90_000);
});
