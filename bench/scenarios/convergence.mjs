// 3. Convergence: time from creating N CRs to all of them reconciled successfully (children applied, status
// Ready written), and the API writes; vs. the floor: the same CR creates and the same writes (4 child applies
// and 1 status patch per CR) sent straight to the API server, at the reconciler's concurrency (4 CRs at a time,
// the children of one CR in parallel, as the reconciler does).
// Every measurement runs on a control plane of its own: the API server's write throughput falls as etcd fills
// (floor, N=1000: 9.6 s on a fresh control plane, 21 s after the other scenarios had stored ~40 000 objects),
// which would make later, larger N look worse than linear for a reason that is not the reconciler's.

import { onFreshControlPlane } from '../lib/control-plane.mjs';
import { desiredBuilder } from '../lib/desired.mjs';
import { cpuMicros, pool, summarize } from '../lib/stats.mjs';
import {
  assertAllReady,
  CHILDREN_PER_CR,
  CONCURRENCY,
  CREATE_CONCURRENCY,
  createWebsites,
  newNamespace,
  startReconciler,
  website,
} from '../lib/workload.mjs';

const WARM_UP_CRS = 20;

async function orkestraOnce(kube, user, n) {
  const ns = await newNamespace(user, 'conv');
  const { reconciler, converged } = await startReconciler(kube, ns);
  kube.requests.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await createWebsites(user, ns, n);
  await converged(n);
  const seconds = (performance.now() - t0) / 1000;
  const cpuUs = cpuMicros(cpu0);
  await reconciler.whenIdle();
  const writes = kube.requests.writes();
  const snapshot = kube.requests.snapshot();
  await reconciler.stop();
  await assertAllReady(user, ns, n);
  return { seconds, writes, reads: kube.requests.reads(), snapshot, cpuMsOfController: cpuUs / 1000 };
}

function limiter(max) {
  let active = 0;
  const waiting = [];
  const next = () => {
    if (active < max && waiting.length) {
      active++;
      const { fn, resolve, reject } = waiting.shift();
      fn()
        .then(resolve, reject)
        .finally(() => {
          active--;
          next();
        });
    }
  };
  return (fn) =>
    new Promise((resolve, reject) => {
      waiting.push({ fn, resolve, reject });
      next();
    });
}

async function floorOnce(kube, user, n, desiredOf) {
  const ns = await newNamespace(user, 'floor');
  kube.requests.reset();
  const t0 = performance.now();
  // The user's creates feed a limiter of CONCURRENCY slots, as the reconciler's work queue does.
  const limit = limiter(CONCURRENCY);
  const work = [];
  await pool(
    Array.from({ length: n }, (_, i) => i),
    CREATE_CONCURRENCY,
    async (i) => {
      const cr = await user.create(website(ns, `site-${i}`, i));
      work.push(
        limit(async () => {
          const children = await desiredOf(cr);
          await Promise.all(children.map((d) => kube.apply(d, { fieldManager: 'bench-floor', force: false })));
          await kube.patchStatus(
            { apiVersion: cr.apiVersion, kind: cr.kind, namespace: ns, name: cr.metadata.name },
            {
              observedGeneration: 1,
              conditions: [
                {
                  type: 'Ready',
                  status: 'True',
                  reason: 'Reconciled',
                  message: '',
                  lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
                  observedGeneration: 1,
                },
              ],
            },
          );
        }),
      );
    },
  );
  await Promise.all(work);
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, writes: kube.requests.writes(), snapshot: kube.requests.snapshot() };
}

export async function run({ sizes, reps, log }) {
  const out = {
    reps,
    concurrency: CONCURRENCY,
    createConcurrency: CREATE_CONCURRENCY,
    childrenPerCr: CHILDREN_PER_CR,
    sizes: {},
  };
  const desiredOf = desiredBuilder();
  // Each measurement: a fresh control plane, one untimed round of the same kind at a small N (it pays for JIT
  // compilation, discovery and TLS connections, which is not what is measured), then the timed round.
  const measured = (once, n) =>
    onFreshControlPlane(async (k, u) => {
      await once(k, u, WARM_UP_CRS, desiredOf);
      return once(k, u, n, desiredOf);
    });
  for (const n of sizes) {
    try {
      const runs = { orkestra: [], floor: [] };
      for (let r = 0; r < reps; r++) {
        runs.orkestra.push(await measured(orkestraOnce, n));
        runs.floor.push(await measured(floorOnce, n));
      }
      const o = summarize(runs.orkestra.map((x) => x.seconds));
      const f = summarize(runs.floor.map((x) => x.seconds));
      const row = {
        n,
        orkestraSeconds: o,
        floorSeconds: f,
        ratio: o.median / f.median,
        writes: summarize(runs.orkestra.map((x) => x.writes)),
        // children + the status write + the inventory annotation (orkestra.io/managed-kinds) per new CR
        writeBudget: n * (CHILDREN_PER_CR + 2),
        reads: summarize(runs.orkestra.map((x) => x.reads)),
        runs,
      };
      out.sizes[n] = row;
      log(
        `  N=${n}: orkestra ${o.median.toFixed(2)} s (${o.min.toFixed(2)}–${o.max.toFixed(2)}), floor ${f.median.toFixed(2)} s, ratio ${row.ratio.toFixed(2)}; writes ${row.writes.median} (budget ${row.writeBudget}); ${JSON.stringify(runs.orkestra.at(-1).snapshot)}`,
      );
    } catch (err) {
      log(`  N=${n}: ${err.message}`);
      (out.errors ??= []).push({ n, error: err.message });
    }
  }
  return out;
}
