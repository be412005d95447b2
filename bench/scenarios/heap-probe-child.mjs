// Run by scenarios/memory.mjs in its own process (node --expose-gc), one per size, so that figures are isolated.
// Input: BENCH_MEMORY = { kubeconfig, ns, n, kinds: [{ kind, plural }] }. Output: one JSON line on stdout.
import { registerHooks } from 'node:module';

// Every module URL the process loads, to report whether @kubernetes/client-node was among them (it costs
// ~80 MB RSS on its own, so a reconciling process must not load it). Registered before anything is imported.
const loadedUrls = new Set();
registerHooks({
  resolve: (specifier, context, next) => {
    const r = next(specifier, context);
    loadedUrls.add(r.url);
    return r;
  },
});
const { Kubeclient } = await import('@orkestra/core/kube');
if (process.env.NO_MEMO) {
  const c = await import('@orkestra/core/internal');
  c.InSyncMemo.prototype.remember = () => {};
}
const { SharedInformerFactory } = await import('@orkestra/reconciler');
const { createWebsites, startReconciler, typedHandlers, typedResources } = await import('../lib/workload.mjs');

const { kubeconfig, ns, n, kinds } = JSON.parse(process.env.BENCH_MEMORY);
const settle = async () => {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 50));
  }
};
// heapTotal is what V8 holds for the heap (used + free pages it keeps); RSS − heapTotal − external is the rest:
// code, the loaded modules' source and bytecode, native buffers and malloc'd memory.
const v8 = await import('node:v8');
const { readFileSync } = await import('node:fs');
/** RSS by mapping: node binary, [heap] (brk malloc), anonymous mmaps (V8 spaces, big malloc chunks), other. */
const rssSplit = () => {
  const by = { binary: 0, brk: 0, anon: 0, other: 0, anonCount: 0 };
  let name = '';
  let size = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1];
      const [a, b] = line
        .split(' ')[0]
        .split('-')
        .map((x) => Number.parseInt(x, 16));
      size = (b - a) / 1024;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kind = name === process.execPath ? 'binary' : name === '[heap]' ? 'brk' : name === '' ? 'anon' : 'other';
    by[kind] += Number(rss[1]) / 1024;
    if (kind === 'anon' && Number(rss[1]) > 0) {
      by.anonCount++;
      (by.top ??= []).push([size, Number(rss[1])]);
    }
  }
  by.top = by.top.sort((x, y) => y[1] - x[1]).slice(0, 12);
  return by;
};
const spaces = () =>
  Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .map((s) => [
        s.space_name,
        [+(s.space_used_size / 2 ** 20).toFixed(2), +(s.physical_space_size / 2 ** 20).toFixed(2)],
      ]),
  );
const mem = () => {
  const m = process.memoryUsage();
  return {
    split: rssSplit(),
    spaces: spaces(),
    rssMB: m.rss / 2 ** 20,
    heapUsedMB: m.heapUsed / 2 ** 20,
    heapTotalMB: m.heapTotal / 2 ** 20,
    externalMB: m.external / 2 ** 20,
    arrayBuffersMB: m.arrayBuffers / 2 ** 20,
  };
};

const kube = Kubeclient.fromFile(kubeconfig);
const reconcilers = [];
for (const { kind, plural } of kinds)
  reconcilers.push({
    kind,
    // The memory target is for 4 children per CR: the four typed ones.
    ...(await startReconciler(kube, ns, {
      kind,
      plural,
      config: { handlers: typedHandlers, resources: typedResources },
    })),
  });
await settle();
const baseline = mem();
let peakRssMB = baseline.rssMB;
const sampler = setInterval(() => {
  peakRssMB = Math.max(peakRssMB, process.memoryUsage.rss() / 2 ** 20);
}, 20);
const t0 = performance.now();
{
  const user = Kubeclient.fromFile(kubeconfig);
  await Promise.all(
    reconcilers.map(async ({ kind, converged }) => {
      await createWebsites(user, ns, n, kind, kind.toLowerCase());
      await converged(n, 300_000);
    }),
  );
  await Promise.all(reconcilers.map(({ reconciler }) => reconciler.whenIdle()));
  await user.close();
}
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
await settle();
const after = mem();
globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
after.released = mem();
if (process.env.SNAP) (await import('node:v8')).writeHeapSnapshot(process.env.SNAP);
// The child informers: the reconcilers of one client share them (its SharedInformerFactory); owner informers select no labels.
const informers = SharedInformerFactory.for(kube).informers.filter((i) => i.options.labelSelector);
let cachedChildren = 0;
for (const i of informers) cachedChildren += i.size;
const clientNodeLoaded = [...loadedUrls].some((u) => u.includes('/@kubernetes/client-node/'));
process.stdout.write(
  `${JSON.stringify({ baseline, after, peakRssMB, seconds, crs: n * kinds.length, children: n * kinds.length * 4, cachedChildren, childInformers: informers.length, clientNodeLoaded, modulesLoaded: loadedUrls.size })}\n`,
);
await Promise.all(reconcilers.map(({ reconciler }) => reconciler.stop()));
await kube.close();
process.exit(0);
