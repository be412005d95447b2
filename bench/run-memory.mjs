#!/usr/bin/env node
// `orkestra run` (packages/cli/dist) alone on a fresh control plane, measured from outside (issue 18's memory and
// start-up figures, issue 14 item 17's realistic one): start to the first child written and the API server's
// requests meanwhile (apiserver_request_total, less this script's own polling GETs), then N CRs converged, then
// after 15 s the operator's RSS split into the node binary's shared pages and its own anonymous memory
// (/proc/<pid>/smaps). Figures only, nothing asserted.
//
//   node bench/run-memory.mjs [N=100]                                # the website example's katalog and CRD
//   node bench/big-katalog.mjs big.yaml && KATALOG=big.yaml node bench/run-memory.mjs 1
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { fetchText, memoryOf, sumOf, tlsFromKubeconfig } from './lib/process-stats.mjs';

const N = Number(process.argv[2] ?? 100);
const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI = at('../packages/cli/dist/bin.js');
const big = process.env.KATALOG !== undefined;
const KATALOG = process.env.KATALOG ?? at('../examples/website/katalog.yaml');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const site = (ns, i) => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: `s${i}`, namespace: ns },
  spec: { image: 'nginx:1.27', replicas: 1, greeting: `hello ${i}` },
});

/** RSS by mapping: the node binary's pages (shared with every node process), anonymous memory, the rest. */
function rssSplit(pid) {
  const by = { binary: 0, anonymous: 0, other: 0 };
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1];
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kind = name === process.execPath ? 'binary' : name === '' || name === '[heap]' ? 'anonymous' : 'other';
    by[kind] += Number(rss[1]) / 1024;
  }
  return by;
}

const env = await start({ crds: [at('../examples/website/crd.yaml')] });
const user = new Kubeclient(env.kubeConfig);
const ns = 'memory';
try {
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  await user.create(site(ns, 0));
  const api = tlsFromKubeconfig(env.kubeconfigPath);
  const requests = async () =>
    sumOf(
      await fetchText(`${api.server}/metrics`, api.tls),
      'apiserver_request_total',
      (l) => !(l.verb === 'GET' && (l.resource === 'deployments' || l.resource === 'configmaps')),
    );
  const before = await requests();
  const t0 = performance.now();
  const args = ['run', '--katalog', KATALOG, '--kubeconfig', env.kubeconfigPath, '-n', ns, '--no-leader-elect'];
  const child = spawn(process.execPath, [CLI, ...args, '--http-address', '127.0.0.1:0', '--log-level', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const first = big
    ? { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 's0-page-0' }
    : { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 's0-web' };
  while (!(await user.get(first).catch(() => undefined))) await sleep(25);
  const startup = (performance.now() - t0) / 1000;
  console.log(`start to first child written: ${startup.toFixed(2)} s, ${(await requests()) - before} API requests`);
  for (let i = 1; i < N; i += 16)
    await Promise.all(Array.from({ length: Math.min(16, N - i) }, (_, j) => user.create(site(ns, i + j))));
  for (;;) {
    const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
    const ready = items.filter((w) => w.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    if (ready.length >= N) break;
    await sleep(500);
  }
  console.log(`${N} CRs Ready ${((performance.now() - t0) / 1000).toFixed(1)} s after the spawn`);
  await sleep(15_000);
  const { rssMiB, peakRssMiB } = memoryOf(child.pid);
  const split = rssSplit(child.pid);
  console.log(
    `RSS ${rssMiB.toFixed(1)} MiB (peak ${peakRssMiB.toFixed(1)}): node binary ${split.binary.toFixed(1)}, ` +
      `anonymous ${split.anonymous.toFixed(1)}, other ${split.other.toFixed(1)}; load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
} finally {
  await user.close();
  await env.stop();
}
