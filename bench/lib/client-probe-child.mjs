// One client in a fresh process, for bench/clients.mjs: imports it, lists namespaces once, then sends 100 more GETs;
// prints JSON with the time and RSS (after a full gc, `--expose-gc`) at each step.
//   node --expose-gc bench/lib/client-probe-child.mjs <kubeconfig> <kubeclient|client-node>
import { performance } from 'node:perf_hooks';

const [kubeconfig, which] = process.argv.slice(2);
const rssMiB = () => {
  globalThis.gc();
  return process.memoryUsage().rss / 2 ** 20;
};
const figures = { client: which, bareRssMiB: rssMiB() };
const t0 = performance.now();
let kube;
if (which === 'kubeclient') {
  const { Kubeclient, loadKubeconfig } = await import('@orkestra/core/kube');
  kube = new Kubeclient(loadKubeconfig({ file: kubeconfig }));
} else {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const { ClientNodeObjectClient } = await import('@orkestra/core/client-node');
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  kube = new ClientNodeObjectClient(kc);
}
figures.importMs = performance.now() - t0;
figures.importRssMiB = rssMiB();
const t1 = performance.now();
await kube.list('v1', 'Namespace');
figures.firstListMs = performance.now() - t1;
figures.firstListRssMiB = rssMiB();
const t2 = performance.now();
for (let i = 0; i < 100; i++) await kube.get({ apiVersion: 'v1', kind: 'Namespace', name: 'default' });
figures.hundredGetsMs = performance.now() - t2;
figures.hundredGetsRssMiB = rssMiB();
figures.requests = kube.requests.count();
await kube.close();
console.log(JSON.stringify(figures));
process.exit(0);
