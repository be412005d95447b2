// Start-up time and memory of @orkestra/testenv, as reported in the README.
//
//   npm run build -w packages/testenv && node packages/testenv/bench/startup.mjs [runs] [--controllers] [--nodes]
//
// --nodes: 2 simulated nodes (kube-scheduler, kwok, the workload controllers, simulated storage).
// Each run starts an environment, records start()'s timings and the resident memory (VmRSS) of
// every process right after start and after creating 200 ConfigMaps, then stops it and records how
// long stop() took. Prints one line per run and the medians.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { CoreV1Api } from '@kubernetes/client-node';
import { start } from '../dist/index.js';

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const controllers = process.argv.includes('--controllers') ? ['garbagecollector', 'namespace'] : [];
const nodes = process.argv.includes('--nodes') ? 2 : undefined;

const rssMiB = (pid) => {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};
const memory = (env) => ({
  etcd: rssMiB(env.pids.etcd),
  apiserver: rssMiB(env.pids.kubeApiServer),
  kcm: rssMiB(env.pids.kubeControllerManager),
  scheduler: rssMiB(env.pids.kubeScheduler),
  kwok: rssMiB(env.pids.kwok),
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `${cpus()[0]?.model} ×${availableParallelism()}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
);
console.log(`controllers: ${controllers.join(',') || 'none'}, nodes: ${nodes ?? 0}, runs: ${runs}`);
const rows = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const env = await start({ controllers, ...(nodes ? { nodes } : {}) });
  const startMs = Math.round(performance.now() - t0);
  const idle = memory(env);
  const core = env.kubeConfig.makeApiClient(CoreV1Api);
  const ns = await env.newNamespace('bench');
  for (let j = 0; j < 200; j++) {
    await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name: `cm-${j}` }, data: { j: String(j) } },
    });
  }
  const loaded = memory(env);
  const t1 = performance.now();
  await env.stop();
  const stopMs = Math.round(performance.now() - t1);
  const row = { startMs, ...env.timings, stopMs, idle, loaded, version: env.version.gitVersion };
  rows.push(row);
  console.log(JSON.stringify(row));
}
const sum = (m) => m.etcd + m.apiserver + m.kcm + m.scheduler + m.kwok;
console.log(
  JSON.stringify({
    medianStartMs: median(rows.map((r) => r.startMs)),
    medianEtcdMs: median(rows.map((r) => r.etcdMs)),
    medianApiServerMs: median(rows.map((r) => r.apiServerMs)),
    medianControllerManagerMs: median(rows.map((r) => r.controllerManagerMs)),
    medianNodesMs: median(rows.map((r) => r.nodesMs)),
    medianStopMs: median(rows.map((r) => r.stopMs)),
    medianIdleRssMiB: median(rows.map((r) => sum(r.idle))),
    medianLoadedRssMiB: median(rows.map((r) => sum(r.loaded))),
  }),
);
