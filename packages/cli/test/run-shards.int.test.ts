/**
 * Two real `orkestra run --shards 4` processes (the built dist/bin.js) on the test control plane, which runs without
 * the ShardedListAndWatch gate: the replicas split the shard Leases, every Website converges, and a warning says the
 * shards are filtered on the client. A SIGTERM gives the shards back (exit 0).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import { example } from './helpers.js';
import { website } from './test-files.js';

const cluster = testCluster();
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

function replica(identity: string, leases: string, namespaces: readonly string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      bin,
      'run',
      '--katalog',
      example('katalog.yaml'),
      '--kubeconfig',
      cluster.kubeconfigPath!,
      ...namespaces.flatMap((ns) => ['--namespace', ns]),
      '--shards',
      '4',
      '--leader-election-namespace',
      leases,
      '--identity',
      identity,
      '--http-address',
      '127.0.0.1:0',
      '--log-format',
      'json',
      '--lease-duration',
      '6s',
      '--renew-deadline',
      '4s',
      '--retry-period',
      '500ms',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

describe('orkestra run --shards', () => {
  let user: Kubeclient;
  let leases: string;
  let sites: string[];
  const replicas: ReturnType<typeof replica>[] = [];

  beforeAll(async () => {
    user = new Kubeclient(cluster.kubeConfig);
    leases = await cluster.newNamespace('run-shards');
    sites = await Promise.all(Array.from({ length: 6 }, (_, i) => cluster.newNamespace(`shard-site-${i}`)));
    for (const ns of sites) await user.create(website(ns, 'shop', { image: 'nginx:1.27' }));
  });
  afterAll(async () => {
    for (const r of replicas) r.child.kill('SIGKILL');
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('two replicas split the shard Leases and converge every Website; the fallback says so; SIGTERM exits 0', async () => {
    replicas.push(replica('a', leases, sites), replica('b', leases, sites));
    const holders = async () => {
      const { items } = await user.list('coordination.k8s.io/v1', 'Lease', { namespace: leases });
      return items
        .filter((l) => l.metadata.name?.startsWith('orkestra-website-shard-'))
        .map((l) => (l.spec as { holderIdentity?: string }).holderIdentity);
    };
    await cluster.waitFor(
      async () => {
        const h = await holders();
        return h.filter((x) => x === 'a').length === 2 && h.filter((x) => x === 'b').length === 2 ? h : undefined;
      },
      { timeoutMs: 30_000, description: 'each replica to hold 2 of the 4 shard Leases' },
    );
    await cluster.waitFor(
      async () => {
        const found = await Promise.all(
          sites.map((namespace) =>
            user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: 'shop-web' }),
          ),
        );
        return found.every(Boolean) || undefined;
      },
      { timeoutMs: 30_000, description: 'every Website to have its Deployment' },
    );
    const all = replicas.map((r) => r.output()).join('\n');
    expect(all).toContain('the API server ignored shardSelector');
    for (const r of replicas) r.child.kill('SIGTERM');
    expect(await Promise.all(replicas.map((r) => r.exited))).toEqual([0, 0]);
    expect((await holders()).every((h) => !h)).toBe(true); // given back
  }, 90_000);
});
