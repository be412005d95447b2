// 2. Steady state: N CRs × 5 children (4 typed, 1 manifest) converged, then M forced resyncs; API requests per reconcile (by verb)
// and CPU time per reconcile. Beside it two reference strategies, implemented here only, over the same CRs
// with the same number of resyncs and the same concurrency:
//   - createOrUpdate: GET every child from the API server, merge the desired fields into the live object, and
//     PUT when the merged object is not deep-equal (node:util isDeepStrictEqual) to the live one;
//   - ssaAlways: a server-side apply of every child on every reconcile (kro / pepr style).
import { isDeepStrictEqual } from 'node:util';
import { desiredBuilder } from '../lib/desired.mjs';
import { cpuMicros, pool, summarize } from '../lib/stats.mjs';
import {
  assertAllReady,
  CHILDREN_PER_CR,
  CONCURRENCY,
  createWebsites,
  newNamespace,
  startReconciler,
} from '../lib/workload.mjs';

/**
 * The mutate function a controller-runtime user typically writes: set the fields you own onto the object
 * you read. Objects merge key by key; a list of objects merges item by item (by `name` when items have one,
 * else by index) so that server-defaulted fields inside containers and ports survive; scalars are set.
 * Secret `stringData` is written as `data` (a Go user sets `Data`; the server never returns stringData, so
 * comparing it would always be unequal).
 */
function mergeInto(live, desired) {
  if (Array.isArray(desired)) {
    if (!Array.isArray(live)) return structuredClone(desired);
    return desired.map((d, i) => {
      const match = d && typeof d === 'object' && 'name' in d ? live.find((l) => l?.name === d.name) : live[i];
      return match === undefined ? structuredClone(d) : mergeInto(match, d);
    });
  }
  if (desired && typeof desired === 'object') {
    const out = live && typeof live === 'object' && !Array.isArray(live) ? { ...live } : {};
    for (const [k, v] of Object.entries(desired)) out[k] = mergeInto(out[k], v);
    return out;
  }
  return desired;
}

function mutate(live, desired) {
  const d = structuredClone(desired);
  if (d.kind === 'Secret' && d.stringData) {
    d.data = { ...(d.data ?? {}) };
    for (const [k, v] of Object.entries(d.stringData)) d.data[k] = Buffer.from(String(v)).toString('base64');
    delete d.stringData;
  }
  return mergeInto(live, d);
}

const ref = (o) => ({ apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name });

const strategies = {
  async createOrUpdate(kube, desired) {
    const live = await kube.get(ref(desired));
    if (!live) return kube.create(desired, { fieldManager: 'bench-create-or-update' });
    const merged = mutate(live, desired);
    if (!isDeepStrictEqual(merged, live)) await kube.update(merged, { fieldManager: 'bench-create-or-update' });
  },
  async ssaAlways(kube, desired) {
    await kube.apply(desired, { fieldManager: 'bench-ssa', force: true });
  },
};

function perReconcile(snapshot, reconciles) {
  const byVerb = {};
  for (const [k, v] of Object.entries(snapshot)) {
    const verb = k.split(' ')[0];
    byVerb[verb] = (byVerb[verb] ?? 0) + v;
  }
  const total = Object.values(byVerb).reduce((a, b) => a + b, 0);
  return {
    total: total / reconciles,
    byVerb: Object.fromEntries(Object.entries(byVerb).map(([k, v]) => [k, v / reconciles])),
    raw: snapshot,
  };
}

export async function run({ kube, user, sizes, reps, resyncs, log }) {
  const out = { resyncs, reps, concurrency: CONCURRENCY, childrenPerCr: CHILDREN_PER_CR, sizes: {} };
  for (const n of sizes) {
    try {
      const ns = await newNamespace(user, 'steady');
      const { reconciler, converged } = await startReconciler(kube, ns);
      await createWebsites(user, ns, n);
      await converged(n);
      await reconciler.whenIdle();
      await assertAllReady(user, ns, n);
      const row = { n, orkestra: { cpuUsPerReconcile: [], requestsPerReconcile: [] } };
      for (let r = 0; r < reps; r++) {
        kube.requests.reset();
        const reconciles0 = [...reconciler.lastReports.values()].length;
        let count = 0;
        const cpu0 = process.cpuUsage();
        for (let m = 0; m < resyncs; m++) {
          reconciler.enqueueAll();
          count += reconciler.queueDepth;
          await reconciler.whenIdle();
        }
        const cpu = cpuMicros(cpu0);
        void reconciles0;
        const reconciles = n * resyncs;
        row.orkestra.cpuUsPerReconcile.push(cpu / reconciles);
        row.orkestra.requestsPerReconcile.push(perReconcile(kube.requests.snapshot(), reconciles));
        row.orkestra.queuedPerResync = count / resyncs;
      }
      await reconciler.stop();

      // The reference strategies over the same CRs (read once, as an informer cache would hold them).
      const { items: crs } = await user.list('example.com/v1', 'Website', { namespace: ns });
      const desiredOf = desiredBuilder();
      for (const [name, strategy] of Object.entries(strategies)) {
        row[name] = { cpuUsPerReconcile: [], requestsPerReconcile: [] };
        // one untimed pass first, so the objects carry this strategy's field manager (the first pass writes)
        await pool(crs, CONCURRENCY, async (cr) => Promise.all((await desiredOf(cr)).map((d) => strategy(kube, d))));
        for (let r = 0; r < reps; r++) {
          kube.requests.reset();
          const cpu0 = process.cpuUsage();
          for (let m = 0; m < resyncs; m++)
            await pool(crs, CONCURRENCY, async (cr) =>
              Promise.all((await desiredOf(cr)).map((d) => strategy(kube, d))),
            );
          const cpu = cpuMicros(cpu0);
          row[name].cpuUsPerReconcile.push(cpu / (n * resyncs));
          row[name].requestsPerReconcile.push(perReconcile(kube.requests.snapshot(), n * resyncs));
        }
      }
      for (const k of ['orkestra', ...Object.keys(strategies)]) {
        row[k].cpu = summarize(row[k].cpuUsPerReconcile);
        row[k].requests = summarize(row[k].requestsPerReconcile.map((x) => x.total));
        row[k].byVerb = row[k].requestsPerReconcile.at(-1).byVerb;
      }
      out.sizes[n] = row;
      log(
        `  N=${n}: orkestra ${row.orkestra.requests.median} req/reconcile, ${row.orkestra.cpu.median.toFixed(0)} µs CPU/reconcile; ` +
          `createOrUpdate ${row.createOrUpdate.requests.median.toFixed(2)} req (${JSON.stringify(row.createOrUpdate.byVerb)}), ${row.createOrUpdate.cpu.median.toFixed(0)} µs; ` +
          `ssaAlways ${row.ssaAlways.requests.median.toFixed(2)} req, ${row.ssaAlways.cpu.median.toFixed(0)} µs`,
      );
    } catch (err) {
      log(`  N=${n}: ${err.message}`);
      (out.errors ??= []).push({ n, error: err.message });
    }
  }
  return out;
}
