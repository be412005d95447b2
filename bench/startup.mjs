#!/usr/bin/env node
// `orkestra run`'s start-up, measured from outside (issue 18: start to first child written ≤ 0.4 s): one control
// plane; per run a namespace with one Website, `orkestra run` spawned on it as in production (it re-executes
// itself with its memory settings), and the time from the spawn to
//   - its first log line ("orkestra run starting": modules loaded, katalog read and checked),
//   - the first child in a watch of this script (any of the four kinds),
// with the process's CPU time (user + system, /proc) at that moment. The median of the runs is printed beside
// the load average. Figures only, nothing asserted.
//
//   node bench/startup.mjs [--runs 5] [--cli packages/cli/dist/bin.js] [--katalog examples/website/katalog.yaml]
//                          [--cpu-prof <dir>]   # node --cpu-prof of each run's operator process into <dir>
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { cpuMsOf } from './lib/process-stats.mjs';

const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    cli: { type: 'string', default: at('../packages/cli/dist/bin.js') },
    katalog: { type: 'string', default: at('../examples/website/katalog.yaml') },
    'cpu-prof': { type: 'string' },
  },
});
const CHILD_KINDS = [
  ['apps/v1', 'Deployment'],
  ['v1', 'Service'],
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** This process's environment without the memory settings, so the operator gives itself its own as in production. */
function productionEnv() {
  const { ORKESTRA_RUNTIME_TUNED: _tuned, MALLOC_ARENA_MAX: _arenas, ...rest } = process.env;
  return rest;
}

/** One run: spawn → first log line, spawn → first child in the watch, CPU ms of the operator at the first child. */
async function once(env, user, i) {
  const ns = `startup-${i}`;
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  await user.create({
    apiVersion: 'example.com/v1',
    kind: 'Website',
    metadata: { name: 's0', namespace: ns },
    spec: { image: 'nginx:1.27', replicas: 1 },
  });
  const abort = new AbortController();
  let firstChild;
  const seen = new Promise((resolveSeen) => {
    firstChild = resolveSeen;
  });
  for (const [apiVersion, kind] of CHILD_KINDS) {
    const { resourceVersion } = await user.list(apiVersion, kind, { namespace: ns });
    user
      .watch(apiVersion, kind, { namespace: ns, resourceVersion, signal: abort.signal, timeoutSeconds: 600 }, (e) => {
        if (e.type === 'ADDED') firstChild(performance.now());
      })
      .catch(() => undefined);
  }
  const nodeArgs = opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(opts['cpu-prof'])] : [];
  const args = ['run', '--katalog', opts.katalog, '--kubeconfig', env.kubeconfigPath, '-n', ns, '--no-leader-elect'];
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, opts.cli, ...args, '--http-address', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: productionEnv(),
  });
  let firstLog;
  child.stdout.once('data', () => {
    firstLog ??= performance.now();
  });
  child.stdout.on('data', (d) => process.env.STARTUP_LOG && process.stderr.write(d));
  const exited = new Promise((r) => child.once('exit', r));
  const t1 = await Promise.race([seen, exited.then(() => Promise.reject(new Error(`run ${i}: the operator exited`)))]);
  const cpuMs = cpuMsOf(child.pid);
  abort.abort();
  child.kill('SIGTERM');
  await exited;
  return { firstLogS: (firstLog - t0) / 1000, firstChildS: (t1 - t0) / 1000, cpuMs };
}

const env = await start({ crds: [at('../examples/website/crd.yaml')] });
const user = new Kubeclient(env.kubeConfig);
try {
  console.log(`cli ${opts.cli}; load before ${load()}`);
  const runs = [];
  for (let i = 0; i < Number(opts.runs); i++) {
    const r = await once(env, user, i);
    runs.push(r);
    console.log(
      `run ${i}: first log line ${r.firstLogS.toFixed(3)} s, first child ${r.firstChildS.toFixed(3)} s, ` +
        `CPU ${r.cpuMs.toFixed(0)} ms; load ${load()}`,
    );
  }
  console.log(
    `median of ${runs.length}: first log line ${median(runs.map((r) => r.firstLogS)).toFixed(3)} s, first child ` +
      `${median(runs.map((r) => r.firstChildS)).toFixed(3)} s, CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms; ` +
      `load ${load()}`,
  );
} finally {
  await user.close();
  await env.stop();
}
