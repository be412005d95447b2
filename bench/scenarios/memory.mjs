// 5. Memory: RSS and heap after convergence, each size in its own `node --expose-gc` process; heap and RSS are
// read after gc() at convergence and compared with the same process's figures before the first CR existed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { newNamespace, websiteCrd } from '../lib/workload.mjs';

const CHILD = fileURLToPath(new URL('./memory-child.mjs', import.meta.url));

function child(input) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', CHILD], { env: { ...process.env, BENCH_MEMORY: JSON.stringify(input) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`memory child exited with ${code}: ${out}`))));
  });
}

export async function run({ env, user, sizes, crdCount, crdSize, log }) {
  const out = { sizes: {}, multiCrd: undefined };
  const row = (label, r) => {
    const d = { rssMB: r.after.rssMB - r.baseline.rssMB, heapUsedMB: r.after.heapUsedMB - r.baseline.heapUsedMB };
    const perChildKB = { rss: (d.rssMB * 1024) / r.children, heapUsed: (d.heapUsedMB * 1024) / r.children };
    log(`  ${label}: RSS ${r.after.rssMB.toFixed(1)} MB (baseline ${r.baseline.rssMB.toFixed(1)}, peak ${r.peakRssMB.toFixed(1)}), heap used/total ${r.after.heapUsedMB.toFixed(1)}/${r.after.heapTotalMB.toFixed(1)} MB ` +
      `(baseline ${r.baseline.heapUsedMB.toFixed(1)}/${r.baseline.heapTotalMB.toFixed(1)}); per child ${perChildKB.heapUsed.toFixed(2)} KB heap, ${perChildKB.rss.toFixed(2)} KB RSS (CR share included); ` +
      `cached children ${r.cachedChildren} in ${r.childInformers} informers; client-node loaded: ${r.clientNodeLoaded}; converged in ${r.seconds.toFixed(1)} s`);
    return { ...r, delta: d, perChildKB };
  };
  for (const n of sizes) {
    const ns = await newNamespace(user, 'mem');
    try {
      out.sizes[n] = row(`1 CRD × ${n} CRs`, await child({ kubeconfig: env.kubeconfigPath, ns, n, kinds: [{ kind: 'Website', plural: 'websites' }] }));
    } catch (err) { log(`  1 CRD × ${n}: ${err.message}`); (out.errors ??= []).push({ n, error: err.message }); }
  }
  if (crdCount > 0) {
    const kinds = Array.from({ length: crdCount }, (_, i) => ({ kind: `Site${i}`, plural: `sites${i}` }));
    await env.installCRDs(kinds.map(({ kind, plural }) => websiteCrd(kind, plural)));
    const ns = await newNamespace(user, 'mem15');
    try {
      out.multiCrd = { crds: crdCount, crsPerCrd: crdSize, ...row(`${crdCount} CRDs × ${crdSize} CRs`, await child({ kubeconfig: env.kubeconfigPath, ns, n: crdSize, kinds })) };
    } catch (err) { log(`  ${crdCount} CRDs × ${crdSize}: ${err.message}`); (out.errors ??= []).push({ multiCrd: true, error: err.message }); }
  }
  return out;
}
