#!/usr/bin/env node
// Kubeclient's two transports side by side: HTTP/1.1 (a pool of TLS connections) and HTTP/2 (one TLS session,
// requests multiplexed). One control plane; per run and HTTP version a fresh `node --expose-gc` process
// (bench/lib/transport-probe-child.mjs) that sends GETs of one ConfigMap, first one after another, then 16 at a time
// (an operator's workers and informers send concurrently), and prints the process's CPU time (user + system) per
// request and its RSS after a full gc. CPU time moves less with the machine's load than wall time. Figures only.
// Needs the packages built.
//
//   node bench/transports.mjs [--runs 3] [--requests 1000]
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { medianRange as span } from './lib/stats.mjs';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, requests: { type: 'string', default: '1000' } },
});
const probe = fileURLToPath(new URL('./lib/transport-probe-child.mjs', import.meta.url));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const env = await start();
try {
  const setup = new Kubeclient(env.kubeConfig);
  await setup.create({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'probe', namespace: 'default' },
    data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key-${i}`, `value-${i}`.repeat(4)])),
  });
  await setup.close();
  console.log(`node ${process.version}, load ${load()}, ${opts.runs} runs per HTTP version, ${opts.requests} requests`);
  const results = { 1.1: [], 2: [] };
  for (let i = 0; i < Number(opts.runs); i++) {
    for (const http of Object.keys(results)) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--expose-gc', probe, env.kubeconfigPath, opts.requests],
        { env: { ...process.env, NODE_OPTIONS: '', ORKESTRA_HTTP: http } },
      );
      results[http].push(JSON.parse(stdout));
    }
  }
  console.log(`load after: ${load()}`);
  console.log('| | HTTP/1.1 | HTTP/2 |\n|---|---|---|');
  for (const [figure, label, digits] of [
    ['sequentialCpuUs', 'CPU µs per GET, one after another', 0],
    ['concurrentCpuUs', 'CPU µs per GET, 16 at a time', 0],
    ['sequentialMs', 'wall ms per GET, one after another', 2],
    ['concurrentMs', 'wall ms per GET, 16 at a time', 2],
    ['connections', 'TCP connections opened', 0],
    ['rssMiB', 'RSS after gc, MiB', 1],
  ])
    console.log(
      `| ${label} | ${span(
        results['1.1'].map((r) => r[figure]),
        digits,
      )} | ${span(
        results[2].map((r) => r[figure]),
        digits,
      )} |`,
    );
} finally {
  await env.stop();
}
