// The restart under a backlog (versus, every N): the operator, stopped over its N + 20 converged Websites (four
// children each), is spawned again, and 0.3 s after the spawn the bench creates one new Website, `late-0`. While
// the new process lists everything and re-checks the N + 20 CRs nothing changed, how long does the one change wait?
//   newCrLatencySeconds  late-0's create → its four children in the bench's watch;
//   spawnToNewCrSeconds  the spawn → the same;
//   drainingCrLatencySeconds  a second new Website, `late-1`, created the moment late-0's children appear (the
//                        caches are synced and the re-checks are draining): its create → its four children, i.e.
//                        the queue's priority alone, without the process start and the first lists;
//   queuedAtDrainingCr   the operator's queue depth when late-1 was created (0: the backlog had already drained);
//   drainSeconds         the spawn → every CR reconciled by the new process (its reconcile counter ≥ N + 22) and
//                        its queue empty (polled every 0.5 s from its /metrics);
//   peakRssMiB           VmHWM of the new process at that point: its start-up peak (first lists, caches, backlog);
//   rssMiB               VmRSS then;
//   writes               the operator's writes from the spawn to the drain (late-0's own included), by verb.
import { memoryOf } from './process-stats.mjs';

const LATE_AFTER_MS = 300;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param spawn starts the operator again (spawnOperator's result)
 * @param w the bench's watches (startWatches: `childrenAt`, `until`)
 * @param metrics of the operator: `reconciles(text)`, `queued(text)`
 * @param apiMetrics the API server's request counts; `diffCounts(before, after)`
 */
export async function restartUnderBacklog({ spawn, w, user, website, crs, metrics, apiMetrics, diffCounts, guard }) {
  const api0 = await apiMetrics();
  const op = await spawn();
  try {
    return {
      op,
      figures: await measure({ op, g: guard(op), w, user, website, crs, metrics, apiMetrics, diffCounts, api0 }),
    };
  } catch (err) {
    await op.stop(); // the caller's finally knows only the operator it had
    throw err;
  }
}

async function measure({ op, g, w, user, website, crs, metrics, apiMetrics, diffCounts, api0 }) {
  await sleep(Math.max(0, op.t0 + LATE_AFTER_MS - performance.now()));
  const createdAt = performance.now();
  await user.create(website('late-0'));
  await g(w.until(() => w.childrenAt.has('late-0'), 'the children of late-0 after the restart', 120_000 + crs * 20));
  const servedAt = w.childrenAt.get('late-0');
  const queuedAtDrainingCr = metrics.queued(await op.metrics());
  const drainingCreatedAt = performance.now();
  await user.create(website('late-1'));
  await g(w.until(() => w.childrenAt.has('late-1'), 'the children of late-1 during the drain', 120_000 + crs * 20));
  const drainingServedAt = w.childrenAt.get('late-1');
  const drainTimeoutMs = 120_000 + crs * 30;
  let drainedAt;
  const deadline = performance.now() + drainTimeoutMs;
  while (drainedAt === undefined && performance.now() < deadline) {
    try {
      const text = await op.metrics();
      if (metrics.reconciles(text) >= crs + 2 && metrics.queued(text) === 0) drainedAt = performance.now();
    } catch {
      // its metrics server is not up yet
    }
    if (drainedAt === undefined) await g(sleep(500));
  }
  const memory = memoryOf(op.pid);
  const requests = diffCounts(api0, await apiMetrics());
  return {
    newCrLatencySeconds: (servedAt - createdAt) / 1000,
    spawnToNewCrSeconds: (servedAt - op.t0) / 1000,
    drainingCrLatencySeconds: (drainingServedAt - drainingCreatedAt) / 1000,
    queuedAtDrainingCr,
    drainSeconds: drainedAt === undefined ? undefined : (drainedAt - op.t0) / 1000,
    drainTimedOut: drainedAt === undefined,
    peakRssMiB: memory.peakRssMiB,
    rssMiB: memory.rssMiB,
    writes: requests.writes,
    writesByVerb: requests.byVerb,
  };
}
