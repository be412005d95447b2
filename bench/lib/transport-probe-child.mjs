// One Kubeclient in a fresh process, for bench/transports.mjs, over the HTTP version of ORKESTRA_HTTP: N GETs of
// one ConfigMap one after another, then N more 16 at a time; prints JSON with the CPU time (user + system) and
// wall time per GET of each, the TCP connections it opened, and the RSS after a full gc.
//   ORKESTRA_HTTP=2 node --expose-gc bench/lib/transport-probe-child.mjs <kubeconfig> <N>
import { subscribe } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { Kubeclient, loadKubeconfig } from '@orkestra/core/kube';

const [kubeconfig, count] = process.argv.slice(2);
const n = Number(count);
let connections = 0;
subscribe('net.client.socket', () => connections++);
const kube = new Kubeclient(loadKubeconfig({ file: kubeconfig }));
const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'probe' };
const get = () => kube.get(ref);
for (let i = 0; i < 50; i++) await get(); // warm-up: connection, JIT
/** CPU µs and wall ms per request of `fn`, which sends `n`. */
async function measure(fn) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / n, ms: (performance.now() - t) / n };
}
const sequential = await measure(async () => {
  for (let i = 0; i < n; i++) await get();
});
const concurrent = await measure(async () => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < n) await get();
    }),
  );
});
globalThis.gc();
console.log(
  JSON.stringify({
    http: kube.httpVersion,
    sequentialCpuUs: sequential.cpuUs,
    sequentialMs: sequential.ms,
    concurrentCpuUs: concurrent.cpuUs,
    concurrentMs: concurrent.ms,
    connections,
    rssMiB: process.memoryUsage().rss / 2 ** 20,
    requests: kube.requests.count(),
  }),
);
await kube.close();
process.exit(0);
