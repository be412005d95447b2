#!/usr/bin/env node
// What the console costs a running operator (issue 35): `orkestra run` (packages/cli/dist) with the Website
// katalog on a fresh control plane with simulated nodes (each Website's Pod runs), N Websites converged (Ready),
// then STREAMS instance pages open (one event stream each, as a browser tab holds), and after SETTLE_S seconds
// the operator's RSS (/proc), V8 heap (its own /metrics: nodejs_heap_size_used_bytes) and the API requests it
// sends per minute at steady state (its orkestra_api_requests_total over WINDOW_S seconds, by verb and kind of
// request as the client counts them), with the load average beside each figure. STREAMS=0 is the console off
// (no --console): the baseline. Figures only, nothing asserted.
//
//   node bench/console-cost.mjs                    # N=100 Websites, STREAMS=100
//   STREAMS=0 node bench/console-cost.mjs          # the same operator without a console
//   N=20 STREAMS=20 WINDOW_S=30 node bench/console-cost.mjs   # smaller, for a busy machine
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { cpuMsOf, fetchText, memoryOf, samples, sumOf } from './lib/process-stats.mjs';

const N = Number(process.env.N ?? 100);
const STREAMS = Number(process.env.STREAMS ?? 100);
const SETTLE_S = Number(process.env.SETTLE_S ?? 20);
const WINDOW_S = Number(process.env.WINDOW_S ?? 60);
const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const site = (ns, i) => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: `s${i}`, namespace: ns },
  spec: { image: 'nginx:1.27', replicas: 1 },
});

/** Opens `n` instance pages' event streams; returns the messages each received, and a stop. */
function openStreams(url, ns, n) {
  const abort = new AbortController();
  const received = Array.from({ length: n }, () => 0);
  for (let i = 0; i < n; i++)
    fetch(`${url}/api/stream?kind=websites.example.com&namespace=${ns}&name=s${i % N}`, { signal: abort.signal })
      .then(async (res) => {
        for await (const chunk of res.body) received[i] += String(Buffer.from(chunk)).split('\n\n').length - 1;
      })
      .catch(() => undefined);
  return { received, stop: () => abort.abort() };
}

const env = await start({ crds: [at('../examples/website/crd.yaml')], nodes: { count: 2, podStartDelayMs: 200 } });
const user = new Kubeclient(env.kubeConfig);
const ns = 'console-cost';
try {
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const metricsUrl = `http://127.0.0.1:${await freePort()}`;
  const consoleUrl = STREAMS > 0 ? `http://127.0.0.1:${await freePort()}` : undefined;
  const args = ['run', '--katalog', at('../examples/website/katalog.yaml'), '--kubeconfig', env.kubeconfigPath];
  args.push('-n', ns, '--no-leader-elect', '--http-address', metricsUrl.slice(7), '--log-level', 'warn');
  if (consoleUrl) args.push('--console', consoleUrl.slice(7));
  const child = spawn(process.execPath, [at('../packages/cli/dist/bin.js'), ...args], { stdio: 'inherit' });
  for (let i = 0; i < N; i += 16)
    await Promise.all(Array.from({ length: Math.min(16, N - i) }, (_, j) => user.create(site(ns, i + j))));
  for (;;) {
    const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
    const ready = items.filter((w) => w.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    if (ready.length >= N) break;
    await sleep(1000);
  }
  console.log(`${N} Websites Ready (their Pods running on simulated nodes); load ${load()}`);
  const streams = consoleUrl ? openStreams(consoleUrl, ns, STREAMS) : undefined;
  await sleep(SETTLE_S * 1000);
  const metrics = () => fetchText(`${metricsUrl}/metrics`);
  const before = await metrics();
  const cpuBefore = cpuMsOf(child.pid);
  await sleep(WINDOW_S * 1000);
  const after = await metrics();
  const perMinute = (n) => ((n * 60) / WINDOW_S).toFixed(0);
  const sent = sumOf(after, 'orkestra_api_requests_total') - sumOf(before, 'orkestra_api_requests_total');
  const byVerb = samples(after, 'orkestra_api_requests_total').map((s) => {
    const was = samples(before, 'orkestra_api_requests_total').find((b) => b.labels.verb === s.labels.verb);
    return `${s.labels.verb} ${perMinute(s.value - (was?.value ?? 0))}`;
  });
  const { rssMiB, peakRssMiB } = memoryOf(child.pid);
  const mib = (name) => (sumOf(after, name) / 2 ** 20).toFixed(1);
  const what = consoleUrl ? `console on, ${STREAMS} instance pages open` : 'console off';
  console.log(
    `${what}: RSS ${rssMiB.toFixed(1)} MiB (peak ${peakRssMiB.toFixed(1)}), V8 heap used ${mib('nodejs_heap_size_used_bytes')} ` +
      `of ${mib('nodejs_heap_size_total_bytes')} MiB; API requests at steady state ${perMinute(sent)}/min ` +
      `(${byVerb.join(', ') || 'none'}); operator CPU ${((cpuMsOf(child.pid) - cpuBefore) / WINDOW_S / 10).toFixed(1)} % ` +
      `over ${WINDOW_S} s; load ${load()}`,
  );
  if (streams) {
    streams.stop();
    console.log(`${streams.received.filter((x) => x > 0).length} of ${STREAMS} pages received their tree`);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
} finally {
  await user.close();
  await env.stop();
}
