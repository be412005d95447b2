/**
 * Fairness between Katalogs on the real API server: a busy Katalog (hundreds of instances queued by an edit, and a
 * kind that asks to reconcile them all at once) does not hold back another Katalog's new instance, nor do its first
 * lists after a restart; and a stop that cuts a Katalog's status write short is no error (the demo's stderr showed it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { Impersonation, KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster, waitFor } from '@orkestra/testenv';
import { Manager } from '../src/index.js';
import { allVerbs, deleteKatalogs, kindResources, teamAccount } from './katalog-fixtures.js';

const cluster = testCluster();
const GROUP = 'fair.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };
const BUSY = 300;

type Status = { revision?: number; conditions?: { type: string; status: string }[] };

/** A kind with four ConfigMap children; `page` is the first one's data. */
function entry(kind: string, plural: string, page: string) {
  const child = (suffix: string, data: Record<string, string>) => ({ name: `{{metadata.name}}-${suffix}`, data });
  return {
    owner: { group: GROUP, version: 'v1', kind, plural },
    // Asks for every instance at once: the runtime gives it at most its cap (katalogs.concurrency, default 4).
    concurrency: BUSY,
    api: { spec: { title: { type: 'string', required: true } } },
    resources: {
      configmaps: {
        onReconcile: [
          child('page', { page }),
          child('about', { about: '{{spec.title}}' }),
          child('menu', { menu: 'home' }),
          child('footer', { footer: 'bye' }),
        ],
      },
    },
  };
}

/**
 * A client whose impersonations of `user` have their lists held until `held` settles: the first lists of a Katalog
 * with thousands of instances (seconds), at the size of a test.
 */
class ListsHeldFor extends Kubeclient {
  constructor(
    config: ConstructorParameters<typeof Kubeclient>[0],
    private readonly user: string,
    private readonly held: Promise<void>,
  ) {
    super(config);
  }

  override impersonate(identity: Impersonation): Kubeclient {
    const client = super.impersonate(identity);
    if (identity.user !== this.user) return client;
    const list = client.list.bind(client);
    client.list = (async (...args: Parameters<typeof list>) => {
      await this.held;
      return list(...args);
    }) as typeof client.list;
    return client;
  }
}

/** A client whose status writes never answer: they end only when their signal aborts. */
class StatusWritesHang extends Kubeclient {
  readonly waiting: string[] = [];

  override patchStatus(
    ref: Parameters<Kubeclient['patchStatus']>[0],
    _patch: unknown,
    options: { signal?: AbortSignal } = {},
  ) {
    this.waiting.push(`${ref.kind} ${ref.namespace}/${ref.name}`);
    return new Promise<never>((_, reject) =>
      options.signal?.addEventListener('abort', () => reject(new Error(`patch ${ref.kind} ${ref.name} was aborted`))),
    );
  }
}

describe('Katalogs are served fairly', () => {
  let kube: Kubeclient;
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let teamA: string;
  let teamB: string;

  const account = (namespace: string, plural: string) =>
    teamAccount(kube, namespace, 'katalog', [
      allVerbs(GROUP, kindResources(plural)),
      allVerbs('', ['configmaps', 'events']),
    ]);
  const apply = (namespace: string, crds: unknown[]) =>
    kube.apply(
      {
        ...KATALOG,
        metadata: { name: 'site', namespace },
        spec: { serviceAccountName: 'katalog', crds },
      } as KubeObject,
      { fieldManager: 'team', force: true },
    );
  const served = (namespace: string, revision: number) =>
    waitFor(
      async () => {
        const k = (await kube.get({ ...KATALOG, namespace, name: 'site' })) as { status?: Status } | undefined;
        const ready = k?.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
        return ready && k?.status?.revision === revision;
      },
      { description: `Katalog ${namespace}/site serving revision ${revision}`, timeoutMs: 30_000 },
    );
  /** How many of `namespace`'s `-page` ConfigMaps hold `page`. */
  const pagesAt = async (namespace: string, page: string) =>
    (await kube.list('v1', 'ConfigMap', { namespace })).items.filter(
      (cm) => (cm as { data?: Record<string, string> }).data?.page === page,
    ).length;

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    teamA = await cluster.newNamespace('fair-a');
    teamB = await cluster.newNamespace('fair-b');
    await account(teamA, 'bulks');
    await account(teamB, 'solos');
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    manager = new Manager({
      kube: runtimeKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    await manager.start();
  });
  afterAll(async () => {
    if (kube) await deleteKatalogs(kube, manager, [teamA, teamB]);
    await manager?.stop();
    for (const plural of ['bulks', 'solos'])
      await kube
        .delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `${plural}.${GROUP}` })
        .catch(() => false);
    await kube?.close();
    await runtimeKube?.close();
  });

  it(`serves a new instance of Katalog B while an edit of Katalog A re-reconciles its ${BUSY} instances`, async () => {
    await apply(teamA, [entry('Bulk', 'bulks', 'v1')]);
    await apply(teamB, [entry('Solo', 'solos', 'v1')]);
    await served(teamA, 1);
    await served(teamB, 1);
    const names = Array.from({ length: BUSY }, (_, i) => `bulk-${i}`);
    for (let i = 0; i < names.length; i += 25)
      await Promise.all(
        names.slice(i, i + 25).map((name) =>
          kube.create({
            apiVersion: `${GROUP}/v1`,
            kind: 'Bulk',
            metadata: { name, namespace: teamA },
            spec: { title: name },
          } as KubeObject),
        ),
      );
    await waitFor(async () => (await pagesAt(teamA, 'v1')) === BUSY, {
      description: `the ${BUSY} instances of A served`,
      timeoutMs: 120_000,
      intervalMs: 500,
    });

    await apply(teamA, [entry('Bulk', 'bulks', 'v2')]);
    // A's new revision is re-reconciling its instances (its queue holds nearly all of them): B gets a new instance.
    await waitFor(async () => (await pagesAt(teamA, 'v2')) > 0, {
      description: 'A rolling out',
      intervalMs: 20,
      timeoutMs: 60_000,
    });
    await kube.create({
      apiVersion: `${GROUP}/v1`,
      kind: 'Solo',
      metadata: { name: 'solo', namespace: teamB },
      spec: { title: 'solo' },
    } as KubeObject);
    await waitFor(async () => (await pagesAt(teamB, 'v1')) === 1, { description: 'B served', intervalMs: 20 });
    const aDoneThen = await pagesAt(teamA, 'v2');
    // B's one instance was served while A's rollout had moved by a fraction of its instances (measured in A's
    // progress, not in seconds: the machine's load changes both alike). Without the cap, A reconciles every instance
    // at once and B's reconcile waits behind them: A was 35–66% through when B was served (under 20% with it).
    expect(aDoneThen).toBeLessThan(BUSY / 5);
    expect(manager.katalogs?.reconcilers.map((r) => r.config.concurrency)).toEqual([4, 4]);
    await waitFor(async () => (await pagesAt(teamA, 'v2')) === BUSY, {
      description: `the ${BUSY} instances of A at v2`,
      timeoutMs: 120_000,
      intervalMs: 500,
    });
  });
  it("after a restart, a Katalog is served while another's first lists are still coming in", async () => {
    await manager.stop();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let aHeld = true;
    const timer = setTimeout(() => {
      aHeld = false;
      release();
    }, 15_000);
    const restartedKube = new ListsHeldFor(cluster.kubeConfig, `system:serviceaccount:${teamA}:katalog`, held);
    const restarted = new Manager({
      kube: restartedKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    try {
      await restarted.start();
      // fair-a loads first (the Katalogs come in namespace order); its instances' lists are held for 15 s.
      await kube.create({
        apiVersion: `${GROUP}/v1`,
        kind: 'Solo',
        metadata: { name: 'after-restart', namespace: teamB },
        spec: { title: 'after-restart' },
      } as KubeObject);
      await waitFor(
        async () =>
          Boolean(
            await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: teamB, name: 'after-restart-page' }),
          ),
        {
          description: "B's new instance served after the restart",
          timeoutMs: 12_000,
        },
      );
      expect(aHeld).toBe(true);
      expect(restarted.katalogs?.revisions().get(`${teamB}/site`)).toBe(1);
    } finally {
      clearTimeout(timer);
      release();
      await restarted.stop();
      await restartedKube.close();
    }
  });
  it('stops without an error while a Katalog status write is in flight', async () => {
    const errors: string[] = [];
    const hangingKube = new StatusWritesHang(cluster.kubeConfig);
    const runtime = new Manager({
      kube: hangingKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
      logger: { debug() {}, info() {}, warn() {}, error: (f, m) => void errors.push(`${m} ${JSON.stringify(f)}`) },
    });
    try {
      await runtime.start();
      await kube.create({
        apiVersion: `${GROUP}/v1`,
        kind: 'Solo',
        metadata: { name: 'one-more', namespace: teamB },
        spec: { title: 'one-more' },
      } as KubeObject);
      // The instance count changed: the Katalog's status is written, and that write hangs.
      await waitFor(() => hangingKube.waiting.some((w) => w === `Katalog ${teamB}/site`), {
        description: 'a status write of Katalog B in flight',
      });
    } finally {
      await runtime.stop();
      await hangingKube.close();
    }
    expect(errors).toEqual([]);
  });
});
