// Run by scenarios/memory.mjs in its own process (node --expose-gc), one per size, so that figures are isolated.
// Input: BENCH_MEMORY = { kubeconfig, ns, n, kinds: [{ kind, plural }] }. Output: one JSON line on stdout.
import { Kubeclient } from '@orkestra/core';
import { createWebsites, startReconciler } from '../lib/workload.mjs';

const { kubeconfig, ns, n, kinds } = JSON.parse(process.env.BENCH_MEMORY);
const settle = async () => { for (let i = 0; i < 4; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); } };
const mem = () => { const m = process.memoryUsage(); return { rssMB: m.rss / 2 ** 20, heapUsedMB: m.heapUsed / 2 ** 20, externalMB: m.external / 2 ** 20, arrayBuffersMB: m.arrayBuffers / 2 ** 20 }; };

const kube = Kubeclient.fromFile(kubeconfig);
const reconcilers = [];
for (const { kind, plural } of kinds) reconcilers.push({ kind, ...(await startReconciler(kube, ns, { kind, plural })) });
await settle();
const baseline = mem();
const t0 = performance.now();
{
  const user = Kubeclient.fromFile(kubeconfig);
  await Promise.all(reconcilers.map(async ({ kind, converged }) => { await createWebsites(user, ns, n, kind, kind.toLowerCase()); await converged(n, 180_000); }));
  await Promise.all(reconcilers.map(({ reconciler }) => reconciler.whenIdle()));
  await user.close();
}
const seconds = (performance.now() - t0) / 1000;
await settle();
const after = mem();
let cachedChildren = 0;
for (const { reconciler } of reconcilers) for (const i of reconciler.childInformers ?? []) cachedChildren += i.size;
process.stdout.write(JSON.stringify({ baseline, after, seconds, crs: n * kinds.length, children: n * kinds.length * 4, cachedChildren }) + '\n');
await Promise.all(reconcilers.map(({ reconciler }) => reconciler.stop()));
await kube.close();
process.exit(0);
