// 4. Drift correction latency: a second client ("someone else", field manager kubectl-edit) patches the image
// of a converged Deployment; the latency is from just before that patch is sent until a watch opened by a
// third client (not the reconciler's) delivers the Deployment with the image restored. Edits are sequential,
// round-robin over the CRs, each after the previous one was corrected and the reconciler is idle.
import { Kubeclient } from '@orkestra/core/kube';
import { quantile, summarize } from '../lib/stats.mjs';
import { assertAllReady, createWebsites, newNamespace, startReconciler } from '../lib/workload.mjs';

export async function run({ env, kube, user, edits, crs = 10, log }) {
  const ns = await newNamespace(user, 'drift');
  const { reconciler, converged } = await startReconciler(kube, ns);
  await createWebsites(user, ns, crs);
  await converged(crs);
  await reconciler.whenIdle();
  await assertAllReady(user, ns, crs);

  const watcher = new Kubeclient(env.kubeConfig);
  const abort = new AbortController();
  let pending; // { name, since, resolve }
  const { resourceVersion } = await watcher.list('apps/v1', 'Deployment', { namespace: ns });
  const watching = watcher
    .watch(
      'apps/v1',
      'Deployment',
      { namespace: ns, resourceVersion, signal: abort.signal, timeoutSeconds: 3600 },
      (e) => {
        if (!pending || e.type !== 'MODIFIED' || e.object.metadata.name !== pending.name) return;
        const image = e.object.spec?.template?.spec?.containers?.[0]?.image;
        if (image === 'nginx:1.27') pending.resolve(performance.now() - pending.since);
      },
    )
    .catch((err) => {
      if (!abort.signal.aborted) log(`  watch ended: ${err.message}`);
    });

  // the container's name (the patch merges containers by name), read once per Deployment, before timing
  const containerOf = new Map();
  const latencies = [];
  kube.requests.reset();
  for (let i = 0; i < edits; i++) {
    const name = `site-${i % crs}-web`;
    const refd = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name };
    if (!containerOf.has(name)) containerOf.set(name, (await user.get(refd)).spec.template.spec.containers[0].name);
    const container = containerOf.get(name);
    const restored = new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`edit ${i} of ${name} not corrected within 10 s`)), 10_000);
      pending = {
        name,
        since: performance.now(),
        resolve: (ms) => {
          clearTimeout(t);
          resolve(ms);
        },
      };
    });
    await user.patch(
      refd,
      { spec: { template: { spec: { containers: [{ name: container, image: `evil:${i}` }] } } } },
      { type: 'strategic', fieldManager: 'kubectl-edit' },
    );
    try {
      latencies.push(await restored);
    } catch (err) {
      log(`  ${err.message}`);
      if (process.env.BENCH_DEBUG) {
        const inf = reconciler.childInformers.find((x) => x.options.kind === 'Deployment');
        log(
          '   cached image',
          inf?.get(ns, name)?.spec?.template?.spec?.containers?.map((c) => c.image),
          'stats',
          JSON.stringify(inf?.stats),
          'report',
          JSON.stringify(reconciler.lastReports.get(`${ns}/site-${i % crs}`)),
        );
      }
      latencies.push(NaN);
    }
    pending = undefined;
    await reconciler.whenIdle();
  }
  abort.abort();
  await watching;
  await watcher.close();
  const controllerRequests = kube.requests.snapshot();
  await reconciler.stop();
  const s = summarize(latencies);
  const out = {
    edits,
    crs,
    watchedBy: "a separate client's watch on Deployments (no polling)",
    msLatency: s,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed: latencies.filter((x) => Number.isNaN(x)).length,
    controllerRequests,
  };
  log(
    `  ${edits} edits over ${crs} CRs: p50 ${out.p50.toFixed(1)} ms, p99 ${out.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms; controller requests ${JSON.stringify(controllerRequests)}`,
  );
  return out;
}
