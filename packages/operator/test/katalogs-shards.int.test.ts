/**
 * Katalogs as units of work of sharded replicas, on kube-apiserver with the ShardedListAndWatch gate: two teams'
 * Katalogs in namespaces of different shards are each served by the replica holding that shard (and only there);
 * when that replica stops, the other takes its shard and serves its Katalog too, its instances converging.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { shardOf } from '@orkestra/core/internal';
import { Kubeclient } from '@orkestra/core/kube';
import { start, type TestEnvironment } from '@orkestra/testenv';
import { Manager } from '../src/index.js';
import { allVerbs, kindResources, teamAccount } from './katalog-fixtures.js';

const COUNT = 2;
const GROUP = 'sharded.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

interface Replica {
  name: string;
  manager: Manager;
  kube: Kubeclient;
  stop: AbortController;
  exit: Promise<unknown>;
}

let env: TestEnvironment;
let admin: Kubeclient;
const replicas: Replica[] = [];
/** One team namespace per shard: `teams[s]` hashes to shard `s`. */
const teams: string[] = [];

/** A ServiceAccount `team` of `namespace` with every verb on its kind and on configmaps and events there. */
const account = (namespace: string, plural: string) =>
  teamAccount(admin, namespace, 'team', [
    allVerbs(GROUP, kindResources(plural)),
    allVerbs('', ['configmaps', 'events']),
  ]);

/** The Katalog of a team: one kind with one ConfigMap child `<name>-page`. */
const katalog = (namespace: string, kind: string, plural: string): KubeObject =>
  ({
    ...KATALOG,
    metadata: { name: plural, namespace },
    spec: {
      serviceAccountName: 'team',
      // Deleting: a shard's runtime that took another shard's Katalog for an orphan would delete its instances.
      removalPolicy: { instances: 'Delete' },
      crds: [
        {
          owner: { group: GROUP, version: 'v1', kind, plural },
          api: { spec: { title: { type: 'string' } } },
          resources: {
            configmaps: { onReconcile: [{ name: '{{metadata.name}}-page', data: { page: '{{spec.title}}' } }] },
          },
        },
      ],
    },
  }) as KubeObject;

const KINDS = [
  { kind: 'Website', plural: 'websites' },
  { kind: 'Shop', plural: 'shops' },
];

function run(name: string): Replica {
  const kube = new Kubeclient(env.kubeConfig, { retry: { retries: 0 }, timeoutMs: 2_000 });
  const manager = new Manager({
    kube,
    reconcilers: [],
    katalogs: { handlers: [configmaps.handler] as never },
    permissions: false,
    crdCheck: false,
    heapRelease: false,
    stopTimeoutMs: 3_000,
    shards: {
      count: COUNT,
      namespace: 'leases',
      name: 'katalogs',
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
}

const page = (namespace: string, name: string) =>
  admin.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name: `${name}-page` });
const served = (r: Replica) => [...(r.manager.katalogs?.revisions().keys() ?? [])].sort();
const holderOf = (shard: number) => replicas.find((r) => r.manager.shards?.shards.includes(shard));

beforeAll(async () => {
  env = await start({ featureGates: { ShardedListAndWatch: true } });
  admin = new Kubeclient(env.kubeConfig);
  await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'leases' } });
  // Names that differ at their start spread over the server's hash (see the operator README's Sharding section).
  for (let i = 0; Array.from({ length: COUNT }, (_, s) => teams[s]).some((t) => !t); i++) {
    const name = `${i}-team`;
    const shard = shardOf(name, COUNT);
    if (!teams[shard]) teams[shard] = name;
    if (i > 200) throw new Error('no namespace name for every shard');
  }
  for (const [s, namespace] of teams.entries()) {
    await admin.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    await account(namespace, KINDS[s]!.plural);
  }
}, 120_000);

afterAll(async () => {
  for (const r of replicas) r.stop.abort();
  await Promise.all(replicas.map((r) => r.exit.catch(() => undefined)));
  await Promise.all(replicas.map((r) => r.kube.close()));
  await admin?.close();
  await env?.stop();
});

it('each replica serves the Katalogs of its shard only; a stopped replica’s Katalogs move with its shard', async () => {
  const [r0, r1] = [run('r0'), run('r1')];
  await env.waitFor(
    () => (r0.manager.shards?.shards.length === 1 && r1.manager.shards?.shards.length === 1) || undefined,
    {
      timeoutMs: 30_000,
      description: 'each replica to hold one shard',
    },
  );
  for (const [s, namespace] of teams.entries()) {
    const { kind, plural } = KINDS[s]!;
    await admin.apply(katalog(namespace, kind, plural), { fieldManager: 'team', force: true });
  }
  const expected = (s: number) => `${teams[s]}/${KINDS[s]!.plural}`;
  await env.waitFor(
    () =>
      (holderOf(0) && holderOf(1) && served(holderOf(0)!).length === 1 && served(holderOf(1)!).length === 1) ||
      undefined,
    {
      timeoutMs: 30_000,
      description: 'each holder to serve one Katalog',
    },
  );
  expect(served(holderOf(0)!)).toEqual([expected(0)]);
  expect(served(holderOf(1)!)).toEqual([expected(1)]);
  for (const [s, namespace] of teams.entries())
    await admin.create({
      apiVersion: `${GROUP}/v1`,
      kind: KINDS[s]!.kind,
      metadata: { name: 'first', namespace },
      spec: { title: `team ${s}` },
    } as KubeObject);
  for (const namespace of teams)
    await env.waitFor(() => page(namespace, 'first'), { timeoutMs: 30_000, description: `first-page in ${namespace}` });

  // The holder of shard 0 stops (gives its shard back): the other serves both Katalogs.
  const leaving = holderOf(0)!;
  const staying = leaving === r0 ? r1 : r0;
  leaving.stop.abort();
  await leaving.exit;
  await env.waitFor(() => (served(staying).length === 2 ? true : undefined), {
    timeoutMs: 30_000,
    description: 'the remaining replica to serve both Katalogs',
  });
  expect(served(staying)).toEqual([expected(0), expected(1)].sort());
  await admin.create({
    apiVersion: `${GROUP}/v1`,
    kind: KINDS[0]!.kind,
    metadata: { name: 'second', namespace: teams[0] },
    spec: { title: 'after the move' },
  } as KubeObject);
  const moved = (await env.waitFor(() => page(teams[0]!, 'second'), {
    timeoutMs: 30_000,
    description: 'second-page in the moved shard',
  })) as KubeObject & { data?: Record<string, string> };
  expect(moved.data).toEqual({ page: 'after the move' });
  // The other shard's Katalog was never taken for an orphan by the runtime of the shard that moved.
  await staying.manager.katalogs?.idle();
  const kept = await admin.get({ apiVersion: `${GROUP}/v1`, kind: KINDS[1]!.kind, namespace: teams[1], name: 'first' });
  expect(kept).toBeDefined();
  expect(kept?.metadata.deletionTimestamp).toBeUndefined();
}, 150_000);
