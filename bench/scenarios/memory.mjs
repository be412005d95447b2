// 5. Memory: RSS and heap after convergence, each size in its own `node --expose-gc` process; heap and RSS are
// read after gc() at convergence and compared with the same process's figures before the first CR existed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MALLOC_ARENA_MAX, SEMI_SPACE_FLAG } from '@orkestra/operator/runtime-tuning';
import { orkestraRunOverBare } from '../lib/operator-memory.mjs';
import { newNamespace, websiteCrd } from '../lib/workload.mjs';

const CHILD = fileURLToPath(new URL('./memory-child.mjs', import.meta.url));

/**
 * One measurement process. `tuned` (the default): with the memory settings `orkestra run` gives itself
 * (@orkestra/operator's runtime-tuning: a V8 semi-space cap and glibc's MALLOC_ARENA_MAX), so the figures are the
 * operator's; otherwise with Node's and glibc's defaults, for comparison.
 */
function child(input, { tuned = true } = {}) {
  return new Promise((resolve, reject) => {
    const flags = tuned ? [SEMI_SPACE_FLAG] : [];
    const env = { ...process.env, BENCH_MEMORY: JSON.stringify(input) };
    if (tuned) env.MALLOC_ARENA_MAX = MALLOC_ARENA_MAX;
    else delete env.MALLOC_ARENA_MAX;
    const p = spawn(process.execPath, [...flags, '--expose-gc', CHILD], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`memory child exited with ${code}: ${out}`)),
    );
  });
}

export async function run({ env, user, sizes, crdCount, crdSize, reps, log }) {
  const out = { sizes: {}, multiCrd: undefined };
  // issue 28: `orkestra run` itself at N = 100, over a bare node of the same binary measured in the same run
  try {
    out.orkestraRun = await orkestraRunOverBare({ env, user, reps, log });
  } catch (err) {
    log(`  orkestra run over a bare node: ${err.message}`);
    (out.errors ??= []).push({ orkestraRun: true, error: err.message });
  }
  const row = (label, r) => {
    const d = { rssMB: r.after.rssMB - r.baseline.rssMB, heapUsedMB: r.after.heapUsedMB - r.baseline.heapUsedMB };
    const perChildKB = { rss: (d.rssMB * 1024) / r.children, heapUsed: (d.heapUsedMB * 1024) / r.children };
    log(
      `  ${label}: RSS ${r.after.rssMB.toFixed(1)} MB (baseline ${r.baseline.rssMB.toFixed(1)}, peak ${r.peakRssMB.toFixed(1)}), heap used/total ${r.after.heapUsedMB.toFixed(1)}/${r.after.heapTotalMB.toFixed(1)} MB ` +
        `(baseline ${r.baseline.heapUsedMB.toFixed(1)}/${r.baseline.heapTotalMB.toFixed(1)}); per child ${perChildKB.heapUsed.toFixed(2)} KB heap, ${perChildKB.rss.toFixed(2)} KB RSS (CR share included); ` +
        `after the Manager's heap release: RSS ${r.afterRelease ? `${r.afterRelease.rssMB.toFixed(1)} MB, heap total ${r.afterRelease.heapTotalMB.toFixed(1)} MB (${r.released ? 'released' : 'not due'})` : '?'}; ` +
        `cached children ${r.cachedChildren} in ${r.childInformers} informers; client-node loaded: ${r.clientNodeLoaded}; converged in ${r.seconds.toFixed(1)} s`,
    );
    return { ...r, delta: d, perChildKB };
  };
  for (const n of sizes) {
    const ns = await newNamespace(user, 'mem');
    try {
      out.sizes[n] = row(
        `1 CRD × ${n} CRs`,
        await child({ kubeconfig: env.kubeconfigPath, ns, n, kinds: [{ kind: 'Website', plural: 'websites' }] }),
      );
    } catch (err) {
      log(`  1 CRD × ${n}: ${err.message}`);
      (out.errors ??= []).push({ n, error: err.message });
    }
  }
  if (crdCount > 0) {
    const kinds = Array.from({ length: crdCount }, (_, i) => ({ kind: `Site${i}`, plural: `sites${i}` }));
    await env.installCRDs(kinds.map(({ kind, plural }) => websiteCrd(kind, plural)));
    for (const tuned of [true, false]) {
      const ns = await newNamespace(user, 'mem15');
      const label = `${crdCount} CRDs × ${crdSize} CRs${tuned ? '' : ' (Node and glibc defaults)'}`;
      try {
        const r = {
          crds: crdCount,
          crsPerCrd: crdSize,
          tuned,
          ...row(label, await child({ kubeconfig: env.kubeconfigPath, ns, n: crdSize, kinds }, { tuned })),
        };
        if (tuned) out.multiCrd = r;
        else out.multiCrdUntuned = r;
      } catch (err) {
        log(`  ${label}: ${err.message}`);
        (out.errors ??= []).push({ multiCrd: true, tuned, error: err.message });
      }
    }
  }
  return out;
}
