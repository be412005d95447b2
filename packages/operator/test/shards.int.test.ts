/**
 * Sharded replicas of the Website operator (examples/website/operator.ts), three Managers in this process, each
 * with its own client, on kube-apiserver with the ShardedListAndWatch gate: each holds its share of the shard
 * Leases and caches only its shards' Websites; one whose client dies abruptly loses its shards, which the others
 * take over and converge; a replica that joins gets shards back. Without the gate the same works, filtered on
 * the client, and a warning says so. Lease timings are shortened (3 s lease, 2 s renew deadline).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ControllerClient, LogFields, Logger } from '@orkestra/core';
import { shardOf } from '@orkestra/core/internal';
import { Kubeclient } from '@orkestra/core/kube';
import { SharedInformerFactory } from '@orkestra/reconciler';
import { start } from '@orkestra/testenv';
import type { Manager, ManagerOptions } from '../src/index.js';

const COUNT = 6;
const exampleDir = fileURLToPath(new URL('../../../examples/website/', import.meta.url));
type WebsiteManager = (kube: ControllerClient, options?: Omit<ManagerOptions, 'kube' | 'reconcilers'>) => Manager;

interface Replica {
  name: string;
  manager: Manager;
  kube: Kubeclient;
  stop: AbortController;
  exit: Promise<unknown>;
}

function recordingLogger(warnings: string[]): Logger {
  const none = (_f: LogFields, _m: string) => undefined;
  return { debug: none, info: none, error: none, warn: (_f, message) => warnings.push(message) };
}

/** The Websites in a replica's caches (its informers of the kind, over its own client). */
const cachedWebsites = (r: Replica) =>
  SharedInformerFactory.for(r.kube)
    .informers.filter((i) => i.options.kind === 'Website' && !i.stopped)
    .reduce((n, i) => n + i.size, 0);

async function startEnv(gate: boolean) {
  const env = await start({
    crds: [join(exampleDir, 'crd.yaml')],
    ...(gate ? { featureGates: { ShardedListAndWatch: true } } : {}),
  });
  const { websiteManager } = (await import(pathToFileURL(join(exampleDir, 'operator.ts')).href)) as {
    websiteManager: WebsiteManager;
  };
  const admin = new Kubeclient(env.kubeConfig);
  const leases = await env.newNamespace('leases');
  const sites = await Promise.all(Array.from({ length: 12 }, (_, i) => env.newNamespace(`site-${i}`)));
  for (const namespace of sites)
    await admin.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'site', namespace },
      spec: { image: 'nginx:1.27' },
    });
  const replicas: Replica[] = [];
  /** Every child write of every replica, in order: who wrote which child. */
  const writes: { replica: string; child: string }[] = [];
  const run = (name: string, logger?: Logger): Replica => {
    const kube = new Kubeclient(env.kubeConfig, { retry: { retries: 0 }, timeoutMs: 2_000 });
    const manager = websiteManager(kube, {
      permissions: false,
      heapRelease: false,
      stopTimeoutMs: 3_000,
      ...(logger ? { logger } : {}),
      observer: { childChanged: (c) => writes.push({ replica: name, child: `${c.key} ${c.kind} ${c.name}` }) },
      shards: {
        count: COUNT,
        namespace: leases,
        name: 'website',
        identity: name,
        leaseDurationMs: 3_000,
        renewDeadlineMs: 2_000,
        retryPeriodMs: 300,
      },
    });
    const stop = new AbortController();
    const replica = { name, manager, kube, stop, exit: manager.run(stop.signal) };
    replicas.push(replica);
    return replica;
  };
  const deployment = (namespace: string) =>
    admin.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: 'site-web' });
  const converged = () =>
    env.waitFor(async () => (await Promise.all(sites.map(deployment))).every(Boolean), {
      timeoutMs: 30_000,
      description: 'every Website to have its Deployment',
    });
  const close = async () => {
    for (const r of replicas) r.stop.abort();
    await Promise.all(replicas.map((r) => r.exit.catch(() => undefined)));
    await Promise.all(replicas.map((r) => r.kube.close()));
    await admin.close();
    await env.stop();
  };
  /** Children whose writes came from replicas in turn (A, B, A): a write fought over. None may be. */
  const foughtOver = () => {
    const byChild = new Map<string, string[]>();
    for (const w of writes) {
      const runs = byChild.get(w.child) ?? [];
      if (runs.at(-1) !== w.replica) runs.push(w.replica);
      byChild.set(w.child, runs);
    }
    return [...byChild].filter(([, runs]) => new Set(runs).size < runs.length).map(([child]) => child);
  };
  return { env, admin, sites, run, replicas, deployment, converged, close, writes, foughtOver };
}

describe('with the ShardedListAndWatch gate', () => {
  let t: Awaited<ReturnType<typeof startEnv>>;
  beforeAll(async () => {
    t = await startEnv(true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const holding = (rs: Replica[], each: number) =>
    t.env.waitFor(() => rs.every((r) => r.manager.shards?.shards.length === each) || undefined, {
      timeoutMs: 30_000,
      description: `each replica to hold ${each} shards`,
    });
  /** Each replica caches exactly the Websites of the namespaces of its shards. */
  const expectCachesOfShards = (rs: Replica[]) =>
    t.env.waitFor(
      () =>
        rs.every((r) => {
          const held = r.manager.shards?.shards ?? [];
          return cachedWebsites(r) === t.sites.filter((ns) => held.includes(shardOf(ns, COUNT))).length;
        }) || undefined,
      { timeoutMs: 20_000, description: "each replica's cache to hold its shards' Websites" },
    );

  it('three replicas hold two shards each and cache only their shards; all Websites converge', async () => {
    const rs = ['r0', 'r1', 'r2'].map((name) => t.run(name));
    await holding(rs, 2);
    const all = new Set(rs.flatMap((r) => r.manager.shards?.shards ?? []));
    expect(all.size).toBe(COUNT);
    await expectCachesOfShards(rs);
    expect(rs.reduce((n, r) => n + cachedWebsites(r), 0)).toBe(t.sites.length);
    await t.converged();
  }, 60_000);

  it('a replica whose client dies loses its shards; the others take them over and repair its Websites', async () => {
    const [r0, r1, r2] = t.replicas as [Replica, Replica, Replica];
    const lostShards = r2.manager.shards?.shards ?? [];
    const orphaned = t.sites.filter((ns) => lostShards.includes(shardOf(ns, COUNT)));
    await r2.kube.close(); // every request of r2 fails from now on: no renewal, no write
    await t.env.waitFor(() => r2.manager.shards?.shards.length === 0 || undefined, {
      timeoutMs: 10_000,
      description: 'r2 to drop its shards (fencing: renew deadline)',
    });
    await holding([r0, r1], 3);
    for (const namespace of orphaned)
      await t.admin.delete({ apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: 'site-web' });
    await t.converged();
    await expectCachesOfShards([r0, r1]);
  }, 60_000);

  it('a replica that joins gets shards given back to it', async () => {
    const [r0, r1] = t.replicas as [Replica, Replica];
    const r3 = t.run('r3');
    await holding([r0, r1, r3], 2);
    await expectCachesOfShards([r0, r1, r3]);
    // The shards r3 took: a drift on their Websites is repaired by r3 (alone).
    const moved = t.sites.filter((ns) => r3.manager.shards?.shards.includes(shardOf(ns, COUNT)));
    for (const namespace of moved)
      await t.admin.delete({ apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: 'site-web' });
    await t.converged();
    expect(t.writes.filter((w) => w.replica === 'r3').length).toBeGreaterThanOrEqual(moved.length);
    expect(t.foughtOver()).toEqual([]);
  }, 60_000);
});

describe('without the gate', () => {
  let t: Awaited<ReturnType<typeof startEnv>>;
  beforeAll(async () => {
    t = await startEnv(false);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the shards still split the Websites (filtered on the client) and a warning says every replica pays', async () => {
    const warnings: string[] = [];
    const rs = ['a', 'b'].map((name) => t.run(name, recordingLogger(warnings)));
    await t.env.waitFor(() => rs.every((r) => r.manager.shards?.shards.length === 3) || undefined, {
      timeoutMs: 30_000,
      description: 'each replica to hold 3 shards',
    });
    await t.converged();
    expect(rs.reduce((n, r) => n + cachedWebsites(r), 0)).toBe(t.sites.length);
    expect(warnings.some((w) => /ignored shardSelector.*every replica receives/.test(w))).toBe(true);
  }, 60_000);
});
