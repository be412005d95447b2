// API server + etcd CPU of creating children: core's createChild with a plain POST (the client's `create`)
// against a create-only server-side apply (the same client with `create` hidden), on one control plane, in
// alternating rounds so that a change of the machine's load falls on both alike. Figures only.
//   node bench/create-cost.mjs [sets per round, default 150] [rounds per mode, default 3]
// A set is the four children of a bench Website: a ConfigMap, a Secret, a Service and a Deployment.
import { loadavg } from 'node:os';
import { createChild, createContext } from '@orkestra/core';
import { startControlPlane } from './lib/control-plane.mjs';
import { cpuMsOf } from './lib/process-stats.mjs';
import { pool } from './lib/stats.mjs';

const sets = Number(process.argv[2] ?? 150);
const rounds = Number(process.argv[3] ?? 3);
const ctx = createContext({ fieldManager: 'orkestra' });

const children = (ns, name) => [
  {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns },
    data: { 'index.html': `<h1>${name}</h1>` },
  },
  { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: ns }, stringData: { password: name } },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: ns },
    spec: { selector: { app: name }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] },
      },
    },
  },
];

/** `kube` without `create`: the lifecycle then creates with a create-only apply. */
const withoutCreate = (kube) =>
  new Proxy(kube, { get: (t, p, r) => (p === 'create' ? undefined : Reflect.get(t, p, r)) });

const env = await startControlPlane();
const { Kubeclient } = await import('@orkestra/core/kube');
const kube = new Kubeclient(env.kubeConfig);
const serverCpu = () => cpuMsOf(env.pids.kubeApiServer) + cpuMsOf(env.pids.etcd);
const perSet = { post: [], apply: [] };
try {
  const ns = 'create-cost';
  await kube.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const owner = await kube.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: ns } });
  for (let r = 0; r < rounds * 2; r++) {
    const mode = r % 2 === 0 ? 'post' : 'apply';
    const client = mode === 'post' ? kube : withoutCreate(kube);
    kube.requests.reset();
    const cpu0 = serverCpu();
    await pool(
      Array.from({ length: sets }, (_, i) => i),
      16,
      (i) => Promise.all(children(ns, `r${r}-${i}`).map((c) => createChild(ctx, client, owner, c))),
    );
    const ms = (serverCpu() - cpu0) / sets;
    perSet[mode].push(ms);
    console.log(
      `round ${r} ${mode}: ${ms.toFixed(2)} ms per set of 4 ${JSON.stringify(kube.requests.snapshot())} load ${loadavg()[0].toFixed(1)}`,
    );
  }
} finally {
  await kube.close();
  await env.stop();
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `API server + etcd CPU per set of 4 children: POST ${mean(perSet.post).toFixed(2)} ms [${perSet.post.map((x) => x.toFixed(1))}], ` +
    `create-only apply ${mean(perSet.apply).toFixed(2)} ms [${perSet.apply.map((x) => x.toFixed(1))}]; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
);
