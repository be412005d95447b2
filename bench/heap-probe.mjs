// Heap probe (issue 18): per-CR retained heap after convergence, KINDS CRDs x SIZES CRs (4 typed children), one
// process per size as the memory scenario; NO_MEMO variant disables core InSyncMemo; SNAPDIR writes heap snapshots.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { startControlPlane } from './lib/control-plane.mjs';
import { newNamespace, websiteCrd } from './lib/workload.mjs';

const CHILD = fileURLToPath(new URL('./scenarios/heap-probe-child.mjs', import.meta.url));
const child = (input, extraEnv) =>
  new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['--max-semi-space-size=4', ...(process.env.FLAGS?.split(' ').filter(Boolean) ?? []), '--expose-gc', CHILD],
      {
        env: { MALLOC_ARENA_MAX: '2', ...process.env, ...extraEnv, BENCH_MEMORY: JSON.stringify(input) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (c) => (c === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(out))));
  });
const env = await startControlPlane();
const user = new Kubeclient(env.kubeConfig);
const K = Number(process.env.KINDS ?? 3);
const kinds = Array.from({ length: K }, (_, i) => ({ kind: `Site${i}`, plural: `sites${i}` }));
await env.installCRDs(kinds.map(({ kind, plural }) => websiteCrd(kind, plural)));
const sizes = (process.env.SIZES ?? '10,60').split(',').map(Number);
const variants = (process.env.VARIANTS ?? 'main,nomemo').split(',');
for (const v of variants)
  for (const n of sizes) {
    const ns = await newNamespace(user, 'hp');
    const r = await child(
      { kubeconfig: env.kubeconfigPath, ns, n, kinds },
      {
        ...(v === 'nomemo' ? { NO_MEMO: '1' } : {}),
        ...(process.env.SNAPDIR ? { SNAP: `${process.env.SNAPDIR}/${v}-${n}.heapsnapshot` } : {}),
      },
    );
    console.log(
      JSON.stringify({
        v,
        n,
        crs: r.crs,
        heapUsedMB: r.after.heapUsedMB.toFixed(2),
        baseHeapMB: r.baseline.heapUsedMB.toFixed(2),
        rssMB: r.after.rssMB.toFixed(1),
        heapTotalMB: r.after.heapTotalMB.toFixed(1),
        externalMB: r.after.externalMB.toFixed(1),
        peakRssMB: r.peakRssMB.toFixed(1),
        baseRssMB: r.baseline.rssMB.toFixed(1),
        released: {
          rssMB: r.after.released.rssMB.toFixed(1),
          heapTotalMB: r.after.released.heapTotalMB.toFixed(1),
          split: r.after.released.split,
        },
        split: { baseline: r.baseline.split, after: r.after.split },
        spaces: { baseline: r.baseline.spaces, after: r.after.spaces },
      }),
    );
  }
await user.close();
await env.stop();
process.exit(0);
