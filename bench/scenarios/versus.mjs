// 7. versus: `orkestra run` beside an operator written with controller-runtime (bench/controller-runtime, Go) in
// its two usual styles, each a process of its own on a fresh control plane, measured from outside the same way:
//   start-up     spawn → the first child appears in a watch of the bench (one Website exists before the spawn);
//   convergence  the first of N Website creates → every one of them Ready=True in a watch of the bench;
//   steady       after one settling resync period, K periods with nothing changing: API writes (the API server's
//                apiserver_request_total, the operator's resources only), CPU of the whole operator process and
//                of kube-apiserver + etcd above their idle rate (/proc), reconciles (the operator's own metrics),
//                per CR per resync;
//   memory       RSS of the operator after the steady window (VmRSS; VmHWM its peak);
//   restart      the operator spawned again over the N + 20 converged Websites, one new Website created 0.3 s
//                after the spawn: its latency to its children while the start's re-checks drain, the start-up
//                peak RSS, the writes of the restart (lib/restart-backlog.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { MALLOC_ARENA_MAX, TUNED_MARKER } from '@orkestra/operator/runtime-tuning';
import { startControlPlane } from '../lib/control-plane.mjs';
import { controllerRuntimeOperator } from '../lib/controller-runtime.mjs';
import { cpuMsOf, fetchText, memoryOf, samples, sumOf, tlsFromKubeconfig } from '../lib/process-stats.mjs';
import { restartUnderBacklog } from '../lib/restart-backlog.mjs';
import { pool, summarize } from '../lib/stats.mjs';
import { CONCURRENCY, CREATE_CONCURRENCY, owner, typedResources as resources, website } from '../lib/workload.mjs';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const IDLE_SECONDS = 5;
export const WARM_UP_CRS = 20; // the start-up probe and 19 more, Ready before the timed round (connections, JIT, caches)
const CHILD_KINDS = [
  ['apps/v1', 'Deployment'],
  ['v1', 'Service'],
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
];
/** Resources an operator writes; anything else (the API server's own leases, endpoints) is not its doing. */
const OPERATOR_RESOURCES = new Set(['deployments', 'services', 'configmaps', 'secrets', 'events']);
const WRITE_VERBS = new Set(['POST', 'PUT', 'PATCH', 'APPLY', 'DELETE', 'DELETECOLLECTION']);
const READ_VERBS = new Set(['GET', 'LIST']);
/** The operator's own requests: its children, Events, the CR's status, and writes to the CR itself (orkestra's
 * inventory annotation, finalizers) — but not the CRs' creation, which is the bench's. */
const byOperator = (l) =>
  OPERATOR_RESOURCES.has(l.resource) ||
  (l.resource === 'websites' && (l.subresource === 'status' || (WRITE_VERBS.has(l.verb) && l.verb !== 'POST')));

/** Reconciles that were re-checks nothing asked for: orkestra's `trigger="resync"`; 0 for an operator that does not say. */
const rechecksOf = (key, text) => OPERATORS[key].rechecks?.(text) ?? 0;
const crReconciles = (t) => sumOf(t, 'controller_runtime_reconcile_total', (l) => l.controller === 'website');
const crQueued = (t) => sumOf(t, 'workqueue_depth', (l) => l.name === 'website');
const crFailures = (t) => sumOf(t, 'controller_runtime_reconcile_errors_total', (l) => l.controller === 'website');
export const OPERATORS = {
  orkestra: {
    label: 'orkestra run',
    reconciles: (t) => sumOf(t, 'orkestra_reconcile_total'),
    queued: (t) => sumOf(t, 'orkestra_queue_depth'),
    failures: (t) => sumOf(t, 'orkestra_reconcile_total', (l) => l.result !== 'success'),
    rechecks: (t) => sumOf(t, 'orkestra_reconcile_total', (l) => l.trigger === 'resync'),
  },
  createOrUpdate: {
    label: 'controller-runtime, CreateOrUpdate',
    style: 'create-or-update',
    reconciles: crReconciles,
    queued: crQueued,
    failures: crFailures,
  },
  apply: {
    label: 'controller-runtime, apply always',
    style: 'apply',
    reconciles: crReconciles,
    queued: crQueued,
    failures: crFailures,
  },
};
// `orkestra run` over each HTTP version (ORKESTRA_HTTP in its environment), measured only when asked for
// (`--operators orkestraHttp1,orkestraHttp2`): the comparison behind core's default transport.
for (const [key, http] of [
  ['orkestraHttp1', '1.1'],
  ['orkestraHttp2', '2'],
])
  OPERATORS[key] = { ...OPERATORS.orkestra, label: `orkestra run, HTTP/${http}`, http };

/** The bench workload (lib/workload.mjs) as a katalog for `orkestra run`. */
export function katalog(resyncSeconds) {
  return {
    apiVersion: 'orkestra.io/v1alpha1',
    kind: 'Katalog',
    metadata: { name: 'bench-website' },
    spec: {
      crds: [
        {
          owner: owner(),
          resources,
          status: { fields: { image: '{{spec.image}}' } },
          readiness: 'synced', // no nodes in the bench's control plane: Ready = children written (see workload.mjs)
          resyncPeriod: `${resyncSeconds}s`,
        },
      ],
    },
  };
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns one operator on `ns`; its output goes to a log file (printed when something fails). */
export async function spawnOperator(key, { binary, kubeconfigPath, ns, resyncSeconds, dir, nodeArgs = [] }) {
  const port = await freePort();
  const logFile = join(dir, `${key}.log`);
  const out = openSync(logFile, 'w');
  let cmd, args;
  // `orkestra run` gives itself its memory settings (re-executing itself, same pid), as in production: the
  // bench's own markers are not passed down.
  const env = { ...process.env };
  delete env[TUNED_MARKER];
  if (env.MALLOC_ARENA_MAX === MALLOC_ARENA_MAX) delete env.MALLOC_ARENA_MAX;
  delete env.NODE_OPTIONS;
  if (key === 'orkestra' || OPERATORS[key].http) {
    if (OPERATORS[key].http) env.ORKESTRA_HTTP = OPERATORS[key].http;
    const k = join(dir, 'katalog.yaml');
    writeFileSync(k, JSON.stringify(katalog(resyncSeconds), null, 2));
    cmd = process.execPath;
    args = [
      ...nodeArgs,
      CLI,
      'run',
      '--katalog',
      k,
      '--kubeconfig',
      kubeconfigPath,
      '-n',
      ns,
      '--no-leader-elect',
      '--http-address',
      `127.0.0.1:${port}`,
      '--log-level',
      'warn',
      '--log-format',
      'json',
    ];
  } else {
    cmd = binary;
    args = [
      '--style',
      OPERATORS[key].style,
      '--namespace',
      ns,
      '--sync-period',
      `${resyncSeconds}s`,
      '--max-concurrent-reconciles',
      String(CONCURRENCY),
      '--metrics-bind-address',
      `127.0.0.1:${port}`,
      '--health-probe-bind-address',
      `127.0.0.1:${await freePort()}`,
      '--zap-log-level',
      'error',
    ];
    env.KUBECONFIG = kubeconfigPath;
  }
  const t0 = performance.now();
  const child = spawn(cmd, args, { env, stdio: ['ignore', out, out] });
  // a bench stopped by a signal takes its operator with it (the control plane has testenv's reaper)
  const onSignal = (sig) => {
    child.kill('SIGKILL');
    if (typeof sig === 'string') process.exit(130);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'exit']) process.once(sig, onSignal);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      for (const sig of ['SIGINT', 'SIGTERM', 'exit']) process.off(sig, onSignal);
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid,
    t0,
    logFile,
    exited,
    metrics: () => fetchText(`http://127.0.0.1:${port}/metrics`),
    async stop() {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Watches of the bench (a client of its own): the first child of each kind, and which Websites are Ready. */
export async function startWatches(kube, ns, signal) {
  // childrenAt: when the last of a Website's four children arrived (late-* Websites only: the restart's probe)
  const state = { firstChildAt: undefined, ready: new Set(), waiters: [], errors: [], childrenAt: new Map() };
  const childrenSeen = new Map();
  const check = () => {
    for (const w of [...state.waiters])
      if (w.test()) {
        state.waiters.splice(state.waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  // A watch the API server ends (its timeout, or a watcher it closes for falling behind while an operator writes
  // hard) is listed and watched again, the list's objects replayed as ADDED: the figures never wait on a watch
  // that silently stopped. Each end is recorded in `errors` (printed if a wait then times out).
  const watch = async (apiVersion, kind, onEvent) => {
    const start = async (replay) => {
      const { items, resourceVersion } = await kube.list(apiVersion, kind, { namespace: ns });
      if (replay) for (const object of items) onEvent({ type: 'ADDED', object });
      kube.watch(apiVersion, kind, { namespace: ns, resourceVersion, signal, timeoutSeconds: 3600 }, onEvent).then(
        () => again(`${kind} watch ended by the server`),
        (err) => again(`${kind} watch: ${err.message}`),
      );
    };
    const again = (why) => {
      if (signal.aborted) return;
      state.errors.push(`${why}; watched again`);
      start(true).catch((err) => state.errors.push(`${kind} list: ${err.message}`));
    };
    await start(false);
  };
  for (const [apiVersion, kind] of CHILD_KINDS) {
    await watch(apiVersion, kind, (e) => {
      if (e.type !== 'ADDED') return;
      if (state.firstChildAt === undefined) {
        state.firstChildAt = performance.now();
        check();
      }
      const owner = e.object?.metadata?.ownerReferences?.find((r) => r.controller)?.name;
      if (!owner?.startsWith('late-')) return;
      const seen = childrenSeen.get(owner) ?? new Set();
      childrenSeen.set(owner, seen.add(e.object.metadata.uid));
      if (seen.size === CHILD_KINDS.length && !state.childrenAt.has(owner)) {
        state.childrenAt.set(owner, performance.now());
        check();
      }
    });
  }
  await watch('example.com/v1', 'Website', (e) => {
    const name = e.object?.metadata?.name;
    if (!name || e.type === 'DELETED') return;
    if (e.object.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) state.ready.add(name);
    check();
  });
  state.until = (test, what, timeoutMs) =>
    new Promise((resolve, reject) => {
      if (test()) return resolve();
      const t = setTimeout(
        () =>
          reject(
            new Error(
              `timed out after ${timeoutMs / 1000} s waiting for ${what}${state.errors.length ? ` (${state.errors.join('; ')})` : ''}`,
            ),
          ),
        timeoutMs,
      );
      state.waiters.push({
        test,
        resolve: () => {
          clearTimeout(t);
          resolve();
        },
      });
    });
  return state;
}

/** The API server's request counters, summed by verb, for the operator's resources. */
function requestCounts(text) {
  const writes = {};
  let reads = 0;
  for (const verb of WRITE_VERBS) {
    const n = sumOf(text, 'apiserver_request_total', (l) => l.verb === verb && byOperator(l));
    if (n) writes[verb] = n;
  }
  for (const verb of READ_VERBS)
    reads += sumOf(text, 'apiserver_request_total', (l) => l.verb === verb && byOperator(l));
  // every request by verb and resource, whoever sent it: what a window cost the API server beyond the counts above
  const all = {};
  for (const { labels, value } of samples(text, 'apiserver_request_total')) {
    const k = `${labels.verb} ${labels.resource ?? ''}${labels.subresource ? `/${labels.subresource}` : ''}`;
    all[k] = (all[k] ?? 0) + value;
  }
  return { writes, writesTotal: Object.values(writes).reduce((a, b) => a + b, 0), reads, all };
}
const diffCounts = (a, b) => {
  const byVerb = {};
  for (const v of new Set([...Object.keys(a.writes), ...Object.keys(b.writes)])) {
    const d = (b.writes[v] ?? 0) - (a.writes[v] ?? 0);
    if (d) byVerb[v] = d;
  }
  const all = {};
  for (const [k, v] of Object.entries(b.all)) if (v - (a.all[k] ?? 0) > 0) all[k] = v - (a.all[k] ?? 0);
  return { writes: b.writesTotal - a.writesTotal, byVerb, reads: b.reads - a.reads, all };
};

const PROGRESS_EVERY_MS = 30_000;

/**
 * `waiting` (the wait for convergence), printing every 30 s how far it got — Websites Ready, the operator's
 * reconciles, its queue and its failed reconciles (from its metrics) — and, if it fails, the end of the operator's
 * log with the error: a run that does not converge says where it stands and why.
 */
async function withProgress(waiting, { w, op, key, total, log }) {
  const t0 = performance.now();
  const timer = setInterval(() => {
    op.metrics().then(
      (text) =>
        log(
          `    ${OPERATORS[key].label}, ${((performance.now() - t0) / 1000).toFixed(0)} s: ${w.ready.size} of ${total} Ready; ` +
            `${OPERATORS[key].reconciles(text)} reconciles, ${OPERATORS[key].queued(text)} queued, ${OPERATORS[key].failures(text)} failed`,
        ),
      () => undefined,
    );
  }, PROGRESS_EVERY_MS);
  try {
    return await waiting;
  } catch (err) {
    const tail = readFileSync(op.logFile, 'utf8').slice(-1500).trim();
    throw new Error(`${err.message}${tail ? `; the end of its log: ${tail}` : ''}`);
  } finally {
    clearInterval(timer);
  }
}

/** One measurement: one operator, N CRs, a fresh control plane. */
async function once(key, n, { binary, resyncSeconds, steadyResyncs, log }) {
  const env = await startControlPlane();
  const dir = mkdtempSync(join(tmpdir(), `orkestra-versus-${key}-`));
  const user = new Kubeclient(env.kubeConfig);
  const watcher = new Kubeclient(env.kubeConfig);
  const abort = new AbortController();
  const api = tlsFromKubeconfig(env.kubeconfigPath);
  const apiMetrics = async () => requestCounts(await fetchText(`${api.server}/metrics`, api.tls));
  const serverCpu = () => cpuMsOf(env.pids.kubeApiServer) + cpuMsOf(env.pids.etcd);
  let op;
  const guardFor = (o) => {
    const failed = o.exited.then(({ code, signal }) => {
      throw new Error(
        `${OPERATORS[key].label} exited (${code ?? signal}); log: ${readFileSync(o.logFile, 'utf8').slice(-2000)}`,
      );
    });
    failed.catch(() => undefined); // raced by every wait, or never
    return (p) => Promise.race([p, failed]);
  };
  try {
    const ns = 'bench-versus';
    await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const w = await startWatches(watcher, ns, abort.signal);
    await user.create(website(ns, 'warm-0', 0));

    // start-up: the spawn → the first child of warm-0 in the bench's watch
    const spawn = () => spawnOperator(key, { binary, kubeconfigPath: env.kubeconfigPath, ns, resyncSeconds, dir });
    op = await spawn();
    const guard = guardFor(op);
    await guard(w.until(() => w.firstChildAt !== undefined, 'the first child', 60_000));
    const startSeconds = (w.firstChildAt - op.t0) / 1000;
    await guard(w.until(() => w.ready.has('warm-0'), 'warm-0 Ready', 60_000));
    await pool(
      Array.from({ length: WARM_UP_CRS - 1 }, (_, i) => i + 1),
      CREATE_CONCURRENCY,
      (i) => user.create(website(ns, `warm-${i}`, i)),
    );
    await guard(w.until(() => w.ready.size >= WARM_UP_CRS, `${WARM_UP_CRS} warm-up Websites Ready`, 120_000));

    // convergence: N new Websites, created 16 at a time by the bench's client
    const m0 = await op.metrics();
    const before = {
      api: await apiMetrics(),
      reconciles: OPERATORS[key].reconciles(m0),
      rechecks: rechecksOf(key, m0),
    };
    const cpu0 = { operator: cpuMsOf(op.pid), server: serverCpu() };
    const t1 = performance.now();
    await pool(
      Array.from({ length: n }, (_, i) => i),
      CREATE_CONCURRENCY,
      (i) => user.create(website(ns, `site-${i}`, i)),
    );
    await guard(
      withProgress(
        w.until(() => w.ready.size >= WARM_UP_CRS + n, `${n} Websites Ready`, Math.max(600_000, n * 200)),
        { w, op, key, total: WARM_UP_CRS + n, log },
      ),
    );
    const convergenceSeconds = (performance.now() - t1) / 1000;
    const cpu1 = { operator: cpuMsOf(op.pid), server: serverCpu() };
    const mc = await op.metrics();
    const atConvergence = {
      api: await apiMetrics(),
      reconciles: OPERATORS[key].reconciles(mc),
      rechecks: rechecksOf(key, mc),
    };

    // steady: one resync period to settle, then K periods with no change to any object
    const crs = WARM_UP_CRS + n;
    await guard(sleep(resyncSeconds * 1000));
    const settled = { api: await apiMetrics(), reconciles: OPERATORS[key].reconciles(await op.metrics()) };
    const s0 = {
      cpu: cpuMsOf(op.pid),
      server: serverCpu(),
      t: performance.now(),
      api: await apiMetrics(),
      reconciles: OPERATORS[key].reconciles(await op.metrics()),
    };
    await guard(sleep(steadyResyncs * resyncSeconds * 1000));
    const m1 = await op.metrics();
    const s1 = {
      cpu: cpuMsOf(op.pid),
      server: serverCpu(),
      t: performance.now(),
      api: await apiMetrics(),
      reconciles: OPERATORS[key].reconciles(m1),
      queued: OPERATORS[key].queued(m1),
    };
    const memory = memoryOf(op.pid);
    // the control plane's own work (its leases, the bench's watches) with the same objects and no operator:
    // subtracted from the API server + etcd CPU of the steady window
    await op.stop();
    const idle0 = { cpu: serverCpu(), t: performance.now() };
    await sleep(IDLE_SECONDS * 1000);
    const idleMsPerSecond = (serverCpu() - idle0.cpu) / ((performance.now() - idle0.t) / 1000);
    // restart: the same operator again over the N + 20 converged Websites, one new Website 0.3 s after the spawn
    const restarted = await restartUnderBacklog({
      spawn,
      w,
      user,
      website: (name) => website(ns, name, 0),
      crs,
      metrics: OPERATORS[key],
      apiMetrics,
      diffCounts,
      guard: guardFor,
    });
    op = restarted.op;
    const serverIdleMs = (idleMsPerSecond * (s1.t - s0.t)) / 1000;
    const per = crs * steadyResyncs;
    const steadyRequests = diffCounts(s0.api, s1.api);
    const conv = diffCounts(before.api, atConvergence.api);
    const result = {
      n,
      crs,
      resyncSeconds,
      steadyResyncs,
      startSeconds,
      convergenceSeconds,
      convergence: {
        ...conv,
        reconciles: atConvergence.reconciles - before.reconciles,
        // of which re-checks nothing asked for (orkestra's trigger="resync"; controller-runtime does not tell)
        rechecks: atConvergence.rechecks - before.rechecks,
        // CPU spent from the first create to the last Ready, per new CR: where the convergence time goes
        operatorCpuMsPerCr: (cpu1.operator - cpu0.operator) / n,
        serverCpuMsPerCr: (cpu1.server - cpu0.server) / n,
        reconcilesAfterSettling: settled.reconciles - before.reconciles,
        writesAfterSettling: diffCounts(before.api, settled.api).writes,
      },
      steady: {
        writesPerCrPerResync: steadyRequests.writes / per,
        byVerb: Object.fromEntries(Object.entries(steadyRequests.byVerb).map(([k, v]) => [k, v / per])),
        readsPerCrPerResync: steadyRequests.reads / per,
        cpuMsPerCrPerResync: (s1.cpu - s0.cpu) / per,
        serverCpuMsPerCrPerResync: Math.max(0, s1.server - s0.server - serverIdleMs) / per,
        serverCpuMsRaw: s1.server - s0.server,
        serverIdleMs,
        reconcilesPerCrPerResync: (s1.reconciles - s0.reconciles) / per,
        // CRs still waiting at the end of the window: > 0 means the operator (or the API server it waits on)
        // could not keep up with its resync period, and the figures above count only the work it got done
        queuedAtEnd: s1.queued,
      },
      rssMiB: memory.rssMiB,
      peakRssMiB: memory.peakRssMiB,
      restart: restarted.figures,
    };
    return result;
  } finally {
    abort.abort();
    await op?.stop();
    await watcher.close();
    await user.close();
    await env.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const FIGURES = [
  'writesPerCrPerResync',
  'cpuMsPerCrPerResync',
  'serverCpuMsPerCrPerResync',
  'reconcilesPerCrPerResync',
  'readsPerCrPerResync',
  'queuedAtEnd',
];

export async function run({ sizes, reps, log, steadyResyncs = 3, resync, operators }) {
  const unknown = (operators ?? []).filter((k) => !(k in OPERATORS));
  if (unknown.length > 0)
    throw new Error(`unknown operator ${unknown.join(', ')}; known: ${Object.keys(OPERATORS).join(', ')}`);
  // Every operator but the HTTP variants of orkestra's unless `operators` names them; Go is needed for a `style` one.
  const asked = Object.keys(OPERATORS).filter((k) => (operators ? operators.includes(k) : !OPERATORS[k].http));
  const cr = asked.some((k) => OPERATORS[k].style) ? controllerRuntimeOperator(log) : {};
  if (cr.skipped) log(`  note: ${cr.skipped}`);
  const keys = asked.filter((k) => !cr.skipped || !OPERATORS[k].style);
  const out = {
    operators: Object.fromEntries(keys.map((k) => [k, OPERATORS[k].label])),
    skipped: cr.skipped,
    steadyResyncs,
    warmUpCrs: WARM_UP_CRS,
    concurrency: CONCURRENCY,
    sizes: {},
  };
  for (const n of sizes) {
    const resyncSeconds = resync ?? (n >= 10_000 ? 30 : n >= 1000 ? 15 : 10);
    const row = { n, resyncSeconds };
    const runs = Object.fromEntries(keys.map((k) => [k, []]));
    // repetitions interleave the operators (o1 o2 o3 o1 o2 o3 …), so a change in the machine's load over the
    // run falls on all of them alike
    for (let r = 0; r < reps; r++) {
      for (const key of keys) {
        try {
          const x = await once(key, n, { binary: cr.binary, resyncSeconds, steadyResyncs, log });
          runs[key].push(x);
          log(
            `  N=${n} ${OPERATORS[key].label}: start ${x.startSeconds.toFixed(2)} s, convergence ${x.convergenceSeconds.toFixed(2)} s ` +
              `(${x.convergence.reconciles} reconciles, ${x.convergence.writes} writes, CPU per CR: operator ${x.convergence.operatorCpuMsPerCr.toFixed(1)} ms, API server + etcd ${x.convergence.serverCpuMsPerCr.toFixed(1)} ms), steady per CR per resync: ${x.steady.writesPerCrPerResync.toFixed(2)} writes ${JSON.stringify(x.steady.byVerb)}, ` +
              `${x.steady.cpuMsPerCrPerResync.toFixed(2)} ms CPU (API server + etcd above idle ${x.steady.serverCpuMsPerCrPerResync.toFixed(2)} ms), ${x.steady.reconcilesPerCrPerResync.toFixed(2)} reconciles, ${x.steady.queuedAtEnd} queued at the end; RSS ${x.rssMiB.toFixed(0)} MiB; ` +
              `reconciles per new CR in the burst ${((x.convergence.reconciles - x.convergence.rechecks) / n).toFixed(2)} (+ ${(x.convergence.rechecks / n).toFixed(2)} resync re-checks); restart: new CR's children after ${x.restart.newCrLatencySeconds.toFixed(2)} s ` +
              `(${x.restart.spawnToNewCrSeconds.toFixed(2)} s after the spawn), one created during the drain after ${x.restart.drainingCrLatencySeconds.toFixed(2)} s (${x.restart.queuedAtDrainingCr} queued), backlog drained ${x.restart.drainSeconds?.toFixed(1) ?? 'not'} s after the spawn, ` +
              `peak RSS ${x.restart.peakRssMiB.toFixed(0)} MiB, ${x.restart.writes} writes ${JSON.stringify(x.restart.writesByVerb)}`,
          );
        } catch (err) {
          log(`  N=${n} ${OPERATORS[key].label}: ${err.message}`);
          (out.errors ??= []).push({ n, operator: key, error: err.message });
        }
      }
    }
    for (const key of keys) {
      const rs = runs[key];
      if (rs.length === 0) continue;
      row[key] = {
        startSeconds: summarize(rs.map((x) => x.startSeconds)),
        convergenceSeconds: summarize(rs.map((x) => x.convergenceSeconds)),
        convergenceReconciles: summarize(rs.map((x) => x.convergence.reconciles)),
        convergenceWrites: summarize(rs.map((x) => x.convergence.writes)),
        convergenceOperatorCpuMsPerCr: summarize(rs.map((x) => x.convergence.operatorCpuMsPerCr)),
        convergenceServerCpuMsPerCr: summarize(rs.map((x) => x.convergence.serverCpuMsPerCr)),
        rssMiB: summarize(rs.map((x) => x.rssMiB)),
        convergenceReconcilesPerCr: summarize(rs.map((x) => (x.convergence.reconciles - x.convergence.rechecks) / n)),
        convergenceRechecksPerCr: summarize(rs.map((x) => x.convergence.rechecks / n)),
        restartNewCrLatencySeconds: summarize(rs.map((x) => x.restart.newCrLatencySeconds)),
        restartSpawnToNewCrSeconds: summarize(rs.map((x) => x.restart.spawnToNewCrSeconds)),
        restartDrainingCrLatencySeconds: summarize(rs.map((x) => x.restart.drainingCrLatencySeconds)),
        restartQueuedAtDrainingCr: summarize(rs.map((x) => x.restart.queuedAtDrainingCr)),
        restartDrainSeconds: summarize(rs.map((x) => x.restart.drainSeconds ?? Number.NaN)),
        restartPeakRssMiB: summarize(rs.map((x) => x.restart.peakRssMiB)),
        restartWrites: summarize(rs.map((x) => x.restart.writes)),
        ...Object.fromEntries(FIGURES.map((f) => [f, summarize(rs.map((x) => x.steady[f]))])),
        runs: rs,
      };
    }
    out.sizes[n] = row;
  }
  return out;
}
