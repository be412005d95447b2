#!/usr/bin/env node
// Sharded replicas against one (issue 36): `orkestra run --shards S` processes on a control plane with the
// ShardedListAndWatch gate, over N Websites spread across M namespaces. For 1 replica, then R replicas, on a fresh
// control plane each: convergence time, RSS per replica, steady-state writes (apiserver_request_total, leases
// aside), drift repair; with R > 1 also a replica killed (SIGKILL) — time until a drift on its CRs is repaired —
// and a replica added — time until it holds a shard. Figures only; keep N small on a shared machine and write
// the load (`uptime`) beside any figure.
//
//   node bench/shards.mjs [--sites 60] [--namespaces 12] [--replicas 3] [--shards 12] [--suffix-names]
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { shardOf } from '@orkestra/core/internal';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { fetchText, memoryOf, sumOf, tlsFromKubeconfig } from './lib/process-stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SITES = arg('sites', 60);
const NAMESPACES = arg('namespaces', 12);
const REPLICAS = arg('replicas', 3);
const SHARDS = arg('shards', 12);
const SUFFIX_NAMES = process.argv.includes('--suffix-names');
const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI = at('../packages/cli/dist/bin.js');
const KATALOG = at('../examples/website/katalog.yaml');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

// Convergence is API-server-bound (~30 ms per Website on 2 cores): allow a minute per 1,000, at least 5 minutes.
async function until(check, timeoutMs = Math.max(300_000, SITES * 60)) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error('timed out');
}

async function scenario(replicas) {
  const env = await start({ crds: [at('../examples/website/crd.yaml')], featureGates: { ShardedListAndWatch: true } });
  const user = new Kubeclient(env.kubeConfig);
  const api = tlsFromKubeconfig(env.kubeconfigPath);
  const writes = async () =>
    sumOf(
      await fetchText(`${api.server}/metrics`, api.tls),
      'apiserver_request_total',
      (l) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(l.verb) && l.resource !== 'leases' && l.resource !== 'events',
    );
  const children = new Map();
  try {
    await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'leases' } });
    // `<i>-team`: names that differ at their start spread over the shards; `team-<i>` (--suffix-names) do not (FNV-1a).
    const namespaces = Array.from({ length: NAMESPACES }, (_, i) => (SUFFIX_NAMES ? `team-${i}` : `${i}-team`));
    for (const name of namespaces) await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const sites = Array.from({ length: SITES }, (_, i) => ({ ns: namespaces[i % NAMESPACES], name: `s${i}` }));
    // Created 16 at a time, by the bench's own client.
    for (let i = 0; i < sites.length; i += 16)
      await Promise.all(
        sites.slice(i, i + 16).map((s) =>
          user.create({
            apiVersion: 'example.com/v1',
            kind: 'Website',
            metadata: { name: s.name, namespace: s.ns },
            spec: { image: 'nginx:1.27' },
          }),
        ),
      );
    const deployments = async () => (await user.list('apps/v1', 'Deployment')).items.length;
    const spawnReplica = (identity) => {
      const child = spawn(
        process.execPath,
        [
          CLI,
          'run',
          '--katalog',
          KATALOG,
          '--kubeconfig',
          env.kubeconfigPath,
          '--shards',
          String(SHARDS),
          '--leader-election-namespace',
          'leases',
          '--identity',
          identity,
          '--lease-duration',
          '6s',
          '--renew-deadline',
          '4s',
          '--retry-period',
          '1s',
          '--http-address',
          '127.0.0.1:0',
          '--log-level',
          'error',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      children.set(identity, child);
      return child;
    };
    const t0 = performance.now();
    for (let i = 0; i < replicas; i++) spawnReplica(`r${i}`);
    await until(async () => (await deployments()) >= SITES);
    console.log(
      `${replicas} replica(s), ${SITES} Websites in ${NAMESPACES} namespaces, ${SHARDS} shards: converged in ${seconds(t0)} s (load ${load()})`,
    );
    await sleep(5_000);
    const rss = [...children.values()].map((c) => memoryOf(c.pid).rssMiB.toFixed(1));
    const w0 = await writes();
    await sleep(10_000);
    console.log(`  RSS per replica (MiB): ${rss.join(', ')}; writes in 10 s of steady state: ${(await writes()) - w0}`);
    const drift = async (victims, label) => {
      const t = performance.now();
      for (const s of victims)
        await user.delete({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: s.ns, name: `${s.name}-web` });
      await until(async () =>
        (
          await Promise.all(
            victims.map((s) =>
              user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: s.ns, name: `${s.name}-web` }),
            ),
          )
        ).every(Boolean),
      );
      console.log(`  ${label}: ${victims.length} deleted Deployments back in ${seconds(t)} s (load ${load()})`);
    };
    await drift(
      sites.filter((_, i) => i % NAMESPACES === 0),
      'drift repair',
    );
    if (replicas < 2) return;
    const holders = async () => {
      const { items } = await user.list('coordination.k8s.io/v1', 'Lease', { namespace: 'leases' });
      return items
        .filter((l) => l.metadata.name.includes('-shard-'))
        .map((l) => ({ shard: Number(l.metadata.name.split('-').pop()), holder: l.spec?.holderIdentity }));
    };
    const all = await holders();
    const perReplica = (id) =>
      sites.filter((s) => all.some((h) => h.holder === id && h.shard === shardOf(s.ns, SHARDS))).length;
    console.log(`  Websites per replica: ${[...children.keys()].map((id) => `${id} ${perReplica(id)}`).join(', ')}`);
    const held = all.filter((h) => h.holder === 'r0').map((h) => h.shard);
    children.get('r0').kill('SIGKILL');
    children.delete('r0');
    const orphaned = sites.filter((s) => held.includes(shardOf(s.ns, SHARDS)));
    console.log(`  r0 killed (SIGKILL) holding shards ${held.join(',')}: ${orphaned.length} Websites`);
    if (orphaned.length) await drift(orphaned, "drift on the killed replica's Websites");
    const t = performance.now();
    spawnReplica('r-new');
    await until(async () => (await holders()).some((h) => h.holder === 'r-new'));
    console.log(`  a replica added holds a shard after ${seconds(t)} s`);
  } finally {
    for (const c of children.values()) c.kill('SIGTERM');
    await Promise.all(
      [...children.values()].map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))),
    );
    await user.close();
    await env.stop();
  }
}

await scenario(1);
await scenario(REPLICAS);
