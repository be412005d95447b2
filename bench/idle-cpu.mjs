// The idle CPU of `orkestra run`: N Websites converged, then a window of resync periods in which nothing changes;
// the operator's CPU (user + system, per thread) over the window. With N = 0 it is the process's fixed cost.
//   node bench/idle-cpu.mjs [N=100] [--resync 10] [--window 30] [--cpu-prof dir] [--node-flags=--trace-gc] [--keep]
// (--keep leaves the operator's log, printed at the end)
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Kubeclient } from '@orkestra/core/kube';
import { startControlPlane } from './lib/control-plane.mjs';
import { cpuMsOf, fetchText, memoryOf, sumOf } from './lib/process-stats.mjs';
import { pool } from './lib/stats.mjs';
import { CREATE_CONCURRENCY, owner, typedResources, website } from './lib/workload.mjs';

const CLI = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    resync: { type: 'string', default: '10' },
    window: { type: 'string', default: '30' },
    'cpu-prof': { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
    'node-flags': { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
  },
});
const n = Number(positionals[0] ?? 100);
const resyncSeconds = Number(values.resync);
const windowSeconds = Number(values.window);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ms per thread name (comm), from /proc/<pid>/task/<tid>/stat. */
function threadCpu(pid) {
  const out = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out[comm] = (out[comm] ?? 0) + (Number(f[11]) + Number(f[12])) * 10;
    const st = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    out[`${comm} wakeups`] = (out[`${comm} wakeups`] ?? 0) + Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(st)[1]);
  }
  return out;
}

const env = await startControlPlane();
const dir = mkdtempSync(join(tmpdir(), 'orkestra-idle-'));
const user = new Kubeclient(env.kubeConfig);
let child;
try {
  const ns = 'bench-idle';
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  await pool(
    Array.from({ length: n }, (_, i) => i),
    CREATE_CONCURRENCY,
    (i) => user.create(website(ns, `site-${i}`, i)),
  );
  const k = join(dir, 'katalog.yaml');
  const crd = { owner: owner(), resources: typedResources, status: { fields: { image: '{{spec.image}}' } } };
  writeFileSync(
    k,
    JSON.stringify({
      apiVersion: 'orkestra.io/v1alpha1',
      kind: 'Katalog',
      metadata: { name: 'idle' },
      spec: { crds: [{ ...crd, resyncPeriod: `${resyncSeconds}s` }] },
    }),
  );
  const port = 20000 + (process.pid % 20000);
  const nodeFlags = [
    ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : []),
    ...values['node-flags'].split(' ').filter(Boolean),
  ];
  const e = { ...process.env };
  delete e.NODE_OPTIONS;
  delete e.ORKESTRA_RUNTIME_TUNED;
  delete e.MALLOC_ARENA_MAX;
  const out = openSync(join(dir, 'run.log'), 'w');
  child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      CLI,
      'run',
      '--katalog',
      k,
      '--kubeconfig',
      env.kubeconfigPath,
      '-n',
      ns,
      '--no-leader-elect',
      '--http-address',
      `127.0.0.1:${port}`,
      '--log-level',
      values['log-level'],
      '--log-format',
      'json',
    ],
    { env: e, stdio: ['ignore', out, out] },
  );
  const exited = new Promise((r) => child.once('exit', r));
  // converged: every Website Ready (polled before the window only)
  for (;;) {
    await sleep(1000);
    const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
    const ready = items.filter((c) => c.status?.conditions?.some((x) => x.type === 'Synced' && x.status === 'True'));
    if (ready.length >= n) break;
  }
  await sleep(resyncSeconds * 1000);
  const metrics = () => fetchText(`http://127.0.0.1:${port}/metrics`);
  const r0 = sumOf(await metrics(), 'orkestra_reconcile_total');
  const q0 = sumOf(await metrics(), 'orkestra_api_requests_total');
  const c0 = cpuMsOf(child.pid);
  const t0 = threadCpu(child.pid);
  const w0 = performance.now();
  await sleep(windowSeconds * 1000);
  const c1 = cpuMsOf(child.pid);
  const t1 = threadCpu(child.pid);
  const seconds = (performance.now() - w0) / 1000;
  const r1 = sumOf(await metrics(), 'orkestra_reconcile_total');
  const q1 = sumOf(await metrics(), 'orkestra_api_requests_total');
  const resyncs = seconds / resyncSeconds;
  // what one scrape of /metrics costs the operator (the versus scenario scrapes twice inside its window)
  const k0 = cpuMsOf(child.pid);
  for (let i = 0; i < 20; i++) await metrics();
  const scrapeMs = (cpuMsOf(child.pid) - k0) / 20;
  const threads = Object.fromEntries(
    Object.keys(t1)
      .map((c) => [c, t1[c] - (t0[c] ?? 0)])
      .filter(([, v]) => v > 0),
  );
  console.log(
    JSON.stringify({
      n,
      resyncSeconds,
      seconds: +seconds.toFixed(1),
      cpuMs: c1 - c0,
      cpuMsPerSecond: +((c1 - c0) / seconds).toFixed(2),
      cpuMsPerCrPerResync: n ? +((c1 - c0) / (n * resyncs)).toFixed(3) : undefined,
      reconciles: r1 - r0,
      requests: q1 - q0,
      threads,
      rssMiB: +memoryOf(child.pid).rssMiB.toFixed(1),
      scrapeMs,
    }),
  );
  child.kill('SIGTERM');
  await exited;
  if (values.keep) console.log(`operator log: ${join(dir, 'run.log')}`);
  else rmSync(dir, { recursive: true, force: true });
} finally {
  child?.kill('SIGKILL');
  await user.close();
  await env.stop();
}
