// Where `orkestra run` spends its CPU while N new Websites converge (issue 18): the versus scenario's setup (a
// fresh control plane, the bench's Website katalog, 20 warm-up CRs Ready), then, over exactly the window from the
// first of N creates to the last Ready: the operator's CPU per new CR (/proc, as versus) split by thread, its
// reconciles and the API requests per CR, its GC pauses by kind (perf_hooks) and the Manager's heap releases, and
// a V8 CPU profile taken through its inspector (self time by package and by function; the .cpuprofile opens in
// Chrome DevTools). See the README ("Operator CPU per new CR during convergence, profiled").
//
//   node bench/profile-convergence.mjs [N=100] [--resync 10] [--no-profile] [--interval 1000] [--top 40]
//     [--out /tmp/conv.cpuprofile] [--node-arg=--max-semi-space-size=16]…
//
// Figures only, never asserted. The profiler's own thread costs CPU (counted apart in the thread split): compare
// CPU per CR from --no-profile runs. Profiles weigh samples by wall time: read them from a quiet machine only.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Kubeclient } from '@orkestra/core/kube';
import { startControlPlane } from './lib/control-plane.mjs';
import { cpuMsOf, fetchText, memoryOf, samples, sumOf, tlsFromKubeconfig } from './lib/process-stats.mjs';
import { pool } from './lib/stats.mjs';
import { CREATE_CONCURRENCY, website } from './lib/workload.mjs';
import { freePort, spawnOperator, startWatches, WARM_UP_CRS } from './scenarios/versus.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    out: { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    interval: { type: 'string', default: '1000' },
    resync: { type: 'string' },
    'no-profile': { type: 'boolean', default: false },
  },
});
const n = Number(positionals[0] ?? 100);

/** CPU ms (user, system) of each thread of a process, summed by thread name (/proc/<pid>/task). */
function threadCpu(pid) {
  const tick = 10; // USER_HZ = 100 on Linux
  const by = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const t = (by[name] ??= { user: 0, sys: 0 });
      t.user += Number(f[11]) * tick;
      t.sys += Number(f[12]) * tick;
    } catch {} // a thread gone meanwhile
  }
  return by;
}
const threadDiff = (a, b) =>
  Object.entries(b)
    .map(([k, v]) => [k, v.user - (a[k]?.user ?? 0), v.sys - (a[k]?.sys ?? 0)])
    .filter(([, u, s]) => u + s > 0)
    .map(([k, u, s]) => `${k} ${u}+${s}`)
    .join(', ');

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspector(port) {
  let list;
  for (let i = 0; i < 100 && !list?.length; i++) {
    list = await fetch(`http://127.0.0.1:${port}/json/list`)
      .then((r) => r.json())
      .catch(() => undefined);
    if (!list?.length) await new Promise((r) => setTimeout(r, 100));
  }
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(msg.error.message));
    else p.resolve(msg.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression) =>
    (await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })).result.value;
  return { send, evaluate, close: () => ws.close() };
}

// installed in the operator: GC pauses by kind while `__benchGc.on`, and the Manager's heap releases (its
// HeapRelease calls a global `gc` when there is one: wrapped here to count and time them)
const GC_PROBE = `(() => {
  const { PerformanceObserver, constants } = process.getBuiltinModule('node:perf_hooks');
  const kinds = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks' };
  const g = (globalThis.__benchGc = { on: false, by: {}, heapReleases: { count: 0, ms: 0 } });
  new PerformanceObserver((list) => {
    if (!g.on) return;
    for (const e of list.getEntries()) {
      const k = kinds[e.detail?.kind] ?? String(e.detail?.kind);
      const s = (g.by[k] ??= { count: 0, ms: 0 });
      s.count++; s.ms += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  if (typeof globalThis.gc !== 'function') {
    process.getBuiltinModule('node:v8').setFlagsFromString('--expose-gc');
    const real = process.getBuiltinModule('node:vm').runInNewContext('gc');
    globalThis.gc = (options) => {
      const t = performance.now();
      real(options);
      if (g.on) { g.heapReleases.count++; g.heapReleases.ms += performance.now() - t; }
    };
  }
  return true;
})()`;

/** Self time by function and by package, from a V8 CPU profile. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const fns = new Map();
  const pkgs = new Map();
  let total = 0;
  for (const [nodeId, us] of self) {
    const { callFrame: f } = byId.get(nodeId);
    if (f.functionName === '(idle)') continue;
    total += us;
    const where = f.url
      ? `${f.url.replace(/^file:\/\/.*?\/(node_modules|packages)\//, '$1/')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg =
      f.url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ??
      f.url.match(/packages\/([^/]+)\//)?.[1]?.replace(/^/, '@orkestra/') ??
      (f.url.startsWith('node:') ? `node:${f.url.slice(5).split('/')[0]}` : f.url ? 'other' : f.functionName);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(
        ([name, us]) =>
          `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`,
      );
  return { totalMs: total / 1000, packages: top(pkgs, 25), functions: top(fns, Number(values.top)) };
}

/** The API server's requests by verb and resource (apiserver_request_total). */
async function requests(api) {
  const all = {};
  for (const { labels, value } of samples(
    await fetchText(`${api.server}/metrics`, api.tls),
    'apiserver_request_total',
  )) {
    const k = `${labels.verb} ${labels.resource ?? ''}${labels.subresource ? `/${labels.subresource}` : ''}`;
    all[k] = (all[k] ?? 0) + value;
  }
  return all;
}

const env = await startControlPlane();
const api = tlsFromKubeconfig(env.kubeconfigPath);
const dir = mkdtempSync(join(tmpdir(), 'orkestra-profile-'));
const user = new Kubeclient(env.kubeConfig);
const watcher = new Kubeclient(env.kubeConfig);
const abort = new AbortController();
let op;
let session;
try {
  const ns = 'bench-versus';
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const w = await startWatches(watcher, ns, abort.signal);
  const port = await freePort();
  op = await spawnOperator('orkestra', {
    kubeconfigPath: env.kubeconfigPath,
    ns,
    resyncSeconds: Number(values.resync ?? (n >= 1000 ? 15 : 10)),
    dir,
    nodeArgs: [`--inspect=127.0.0.1:${port}`, ...values['node-arg']],
  });
  await pool(
    Array.from({ length: WARM_UP_CRS }, (_, i) => i),
    CREATE_CONCURRENCY,
    (i) => user.create(website(ns, `warm-${i}`, i)),
  );
  await w.until(() => w.ready.size >= WARM_UP_CRS, `${WARM_UP_CRS} warm-up Websites Ready`, 120_000);
  await new Promise((r) => setTimeout(r, 2000));
  session = await inspector(port);
  await session.evaluate(GC_PROBE);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: Number(values.interval) });
  const requests0 = await requests(api);
  const reconciles = async () => sumOf(await op.metrics(), 'orkestra_reconcile_total');
  const reconciles0 = await reconciles();
  if (!values['no-profile']) await session.send('Profiler.start');
  await session.evaluate('globalThis.__benchGc.on = true');
  const cpu0 = cpuMsOf(op.pid);
  const threads0 = threadCpu(op.pid);
  const t0 = performance.now();
  await pool(
    Array.from({ length: n }, (_, i) => i),
    CREATE_CONCURRENCY,
    (i) => user.create(website(ns, `site-${i}`, i)),
  );
  await w.until(() => w.ready.size >= WARM_UP_CRS + n, `${n} Websites Ready`, 600_000);
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = cpuMsOf(op.pid) - cpu0;
  const threads = threadDiff(threads0, threadCpu(op.pid));
  const { profile } = values['no-profile'] ? {} : await session.send('Profiler.stop');
  const gc = await session.evaluate(
    '(globalThis.__benchGc.on = false, { ...globalThis.__benchGc.by, "heap releases (Manager)": globalThis.__benchGc.heapReleases })',
  );
  const requests1 = await requests(api);
  const reconcilesPerCr = ((await reconciles()) - reconciles0) / n;
  const memory = memoryOf(op.pid);
  const perCr = Object.entries(requests1)
    .map(([k, v]) => [k, (v - (requests0[k] ?? 0)) / n])
    .filter(([k, v]) => v > 0 && !/^(WATCH|GET) (leases|endpoints|endpointslices)/.test(k))
    .map(([k, v]) => `${k} ${v.toFixed(2)}`);
  const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2));
  console.log(
    `N=${n}: convergence ${seconds.toFixed(2)} s; operator CPU ${cpuMs} ms = ${(cpuMs / n).toFixed(2)} ms per CR (load ${load.join(' ')})`,
  );
  console.log(
    `reconciles per new CR ${reconcilesPerCr.toFixed(2)}; RSS at the end ${memory.rssMiB.toFixed(1)} MiB (peak ${memory.peakRssMiB.toFixed(1)})`,
  );
  console.log(`API requests per new CR (the bench's POST websites included): ${perCr.join(', ')}`);
  console.log(`CPU ms by thread (user+system): ${threads}`);
  console.log(`GC pauses in the window: ${JSON.stringify(gc)}`);
  if (profile) {
    const out = values.out ?? join(tmpdir(), `orkestra-convergence-${n}-${Date.now()}.cpuprofile`);
    writeFileSync(out, JSON.stringify(profile));
    const s = summarize(profile);
    console.log(`profile: ${out} (${s.totalMs.toFixed(0)} ms sampled, not idle)\n\nself time by package:`);
    console.log(s.packages.join('\n'));
    console.log('\nself time by function:');
    console.log(s.functions.join('\n'));
  }
} catch (err) {
  console.error(err.message);
  if (op) console.error(readFileSync(op.logFile, 'utf8').slice(-3000));
  process.exitCode = 1;
} finally {
  session?.close();
  abort.abort();
  await op?.stop();
  await watcher.close();
  await user.close();
  await env.stop();
  rmSync(dir, { recursive: true, force: true });
}
