#!/usr/bin/env node
// `orkestra run` (packages/cli/dist) alone on a fresh control plane, measured from outside (issue 18's memory and
// start-up figures, issue 14 item 17's realistic one): start to the first child written and the API server's
// requests meanwhile (apiserver_request_total, less this script's own polling GETs), then N CRs converged, then
// after WAIT_S (default 15) s the operator's RSS split into the node binary's shared pages and its own anonymous memory
// (/proc/<pid>/smaps: code and read-only data of the binary, anonymous memory, the rest) and its CPU time (/proc),
// beside a bare node process of the same binary measured right then (lib/operator-memory.mjs).
// Figures only, nothing asserted.
//
//   node bench/run-memory.mjs [N=100]                                # the website example's katalog and CRD
//   node bench/big-katalog.mjs big.yaml && KATALOG=big.yaml node bench/run-memory.mjs 1
//   NODE_FLAGS='--optimize-for-size' node bench/run-memory.mjs 100   # node/V8 flags for the operator process
//   node bench/run-memory.mjs 100 --probe   # + V8's heap spaces and the modules `run` loaded (lib/memory-probe.mjs)
//   CONSOLE_STREAMS=100 node bench/run-memory.mjs 100   # with --console, and that many instance pages open (one
//                                                       # event stream each) from convergence to the measurement
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { bareNodeMemory, describeSplit, OVER_BARE_GOAL_MIB, rssSplit } from './lib/operator-memory.mjs';
import { cpuMsOf, fetchText, memoryOf, sumOf, tlsFromKubeconfig } from './lib/process-stats.mjs';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100);
const probe = process.argv.includes('--probe');
/** Seconds after convergence before measuring: the Manager's heap release runs at most once a minute. */
const waitS = Number(process.env.WAIT_S ?? 15);
const nodeFlags = process.env.NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const CLI = at('../packages/cli/dist/bin.js');
const big = process.env.KATALOG !== undefined;
const KATALOG = process.env.KATALOG ?? at('../examples/website/katalog.yaml');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const consoleStreams = Number(process.env.CONSOLE_STREAMS ?? 0);
/** A free loopback port for the console. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Opens `n` instance pages' event streams (s0 … s<n-1>); returns the count of messages each received, and a stop. */
function openStreams(url, n) {
  const abort = new AbortController();
  const received = Array.from({ length: n }, () => 0);
  for (let i = 0; i < n; i++)
    fetch(`${url}/api/stream?kind=websites.example.com&namespace=${ns}&name=s${i}`, { signal: abort.signal })
      .then(async (res) => {
        for await (const chunk of res.body) received[i] += String(Buffer.from(chunk)).split('\n\n').length - 1;
      })
      .catch(() => undefined);
  return { received, stop: () => abort.abort() };
}
const site = (ns, i) => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: `s${i}`, namespace: ns },
  spec: { image: 'nginx:1.27', replicas: 1, greeting: `hello ${i}` },
});

/** Prints what lib/memory-probe.mjs wrote: V8's spaces, the builtin modules, the module files by package. */
function printProbe(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const { heapTotal, heapUsed, external, arrayBuffers } = r.memoryUsage;
  console.log(`V8 heap: total ${heapTotal} MiB, used ${heapUsed}; external ${external}, array buffers ${arrayBuffers}`);
  for (const s of r.spaces)
    console.log(`  ${s.space.padEnd(24)} size ${s.size}  used ${s.used}  physical ${s.physical}`);
  console.log(`builtins (${r.builtins.length}): ${r.builtins.filter((b) => !b.startsWith('internal/')).join(' ')}`);
  const byPackage = new Map();
  for (const m of r.modules) {
    if (m.url.startsWith('node:')) continue;
    const path = fileURLToPath(m.url);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? /packages\/([^/]+)/.exec(path)?.[1] ?? path;
    const e = byPackage.get(pkg) ?? { files: 0, kb: 0 };
    e.files += 1;
    e.kb += m.size / 1024;
    byPackage.set(pkg, e);
  }
  console.log('module files by package (count, source KB):');
  for (const [pkg, e] of [...byPackage].sort((a, b) => b[1].kb - a[1].kb))
    console.log(`  ${pkg.padEnd(40)} ${String(e.files).padStart(4)} ${e.kb.toFixed(0).padStart(6)}`);
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
  const probeOut = probe ? join(mkdtempSync(join(tmpdir(), 'memory-probe-')), 'probe.json') : undefined;
  const probeEnv = probe
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${at('./lib/memory-probe.mjs')}`,
        MEMORY_PROBE_OUT: probeOut,
      }
    : {};
  const consoleUrl = consoleStreams > 0 ? `http://127.0.0.1:${await freePort()}` : undefined;
  if (consoleUrl) args.push('--console', consoleUrl.slice('http://'.length));
  const cliArgs = [CLI, ...args, '--http-address', '127.0.0.1:0', '--log-level', 'warn'];
  const child = spawn(process.execPath, [...nodeFlags, ...cliArgs], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...probeEnv },
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
    const ready = items.filter((w) => w.status?.conditions?.some((c) => c.type === 'Synced' && c.status === 'True'));
    if (ready.length >= N) break;
    await sleep(500);
  }
  const readyCpuMs = cpuMsOf(child.pid);
  console.log(
    `${N} CRs Synced ${((performance.now() - t0) / 1000).toFixed(1)} s after the spawn; operator CPU ${readyCpuMs} ms`,
  );
  const streams = consoleUrl ? openStreams(consoleUrl, consoleStreams) : undefined;
  await sleep(waitS * 1000);
  const { rssMiB, peakRssMiB } = memoryOf(child.pid);
  if (streams) {
    streams.stop();
    const got = streams.received.filter((x) => x > 0).length;
    console.log(`console: ${consoleStreams} instance pages open (event streams), ${got} of them received their tree`);
  }
  const split = rssSplit(child.pid);
  const f = (x) => x.toFixed(1);
  console.log(
    `RSS ${f(rssMiB)} MiB (peak ${f(peakRssMiB)}): node binary ${f(split.binary)} (code ${f(split.binaryCode)}, ` +
      `data ${f(split.binaryData)}), anonymous ${f(split.anonymous)} (brk ${f(split.brk)}), other ${f(split.other)}; ` +
      `operator CPU ${cpuMsOf(child.pid)} ms; load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  const bare = await bareNodeMemory();
  console.log(
    `bare node (same binary, measured now): ${describeSplit(bare.rssMiB, bare.split)}; ` +
      `orkestra run over bare: ${f(rssMiB - bare.rssMiB)} MiB (goal at N = 100: ≤ ${OVER_BARE_GOAL_MIB})`,
  );
  if (probeOut) {
    process.kill(child.pid, 'SIGUSR2');
    await sleep(process.env.MEMORY_PROBE_SNAPSHOT ? 10_000 : 2000);
    const after = rssSplit(child.pid);
    console.log(
      `after one memory-reducing collection: RSS ${f(memoryOf(child.pid).rssMiB)} MiB: node binary ${f(after.binary)} ` +
        `(code ${f(after.binaryCode)}, data ${f(after.binaryData)}), anonymous ${f(after.anonymous)} (brk ${f(after.brk)}), ` +
        `other ${f(after.other)}`,
    );
    printProbe(probeOut);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
} finally {
  await user.close();
  await env.stop();
}
