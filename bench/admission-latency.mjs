// Admission latency (issue 37): a burst of N Website creates (CREATE_CONCURRENCY at a time) with no webhook, then
// with the `validate` hook, the `default` hook, and both served as webhooks by the operator's webhook server (in
// this process, on loopback, the configurations calling https://127.0.0.1:<port>); per variant the p50/p99/max
// of each create's round trip as the client sees it, and of the hooks' own time in the server. One control plane,
// a fresh namespace per variant; no reconciler runs (admission alone is measured).
//   node bench/admission-latency.mjs [N=1000]        (smoke check: node bench/admission-latency.mjs 50)
// Needs the packages built (npm run build). Figures only; read them with the load printed beside them.
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { Kubeclient } from '@orkestra/core/kube';
import { createCertificate } from '@orkestra/core/x509';
import { Webhooks, webhookConfigurations } from '@orkestra/operator';
import { startControlPlane } from './lib/control-plane.mjs';
import { pool, quantile } from './lib/stats.mjs';
import { CREATE_CONCURRENCY, owner, website } from './lib/workload.mjs';

const n = Number(process.argv[2] ?? 1000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ca = createCertificate({ subject: { commonName: 'bench-admission-ca' }, isCA: true, days: 1 });
const leaf = createCertificate({ subject: { commonName: 'webhook' }, usages: ['server'], hosts: ['127.0.0.1'] }, ca);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The hooks of a variant, each timed (ms) into `spent`. */
function hooksOf(variant, spent) {
  const timed = (fn) => (cr, ctx) => {
    const t = performance.now();
    try {
      return fn(cr, ctx);
    } finally {
      spent.push(performance.now() - t);
    }
  };
  const hooks = {};
  if (variant.validate) hooks.validate = timed((cr) => (cr.spec.image ? undefined : 'spec.image is required'));
  if (variant.default)
    hooks.default = timed((cr) => {
      cr.spec.greeting ??= `Welcome to ${cr.metadata.name}`;
      cr.metadata.labels = { ...cr.metadata.labels, tier: 'web' };
    });
  return hooks;
}

const p = (xs, q) => quantile(xs, q).toFixed(1);
const VARIANTS = [
  { name: 'no webhook' },
  { name: 'validate', validate: true },
  { name: 'default', default: true },
  { name: 'validate + default', validate: true, default: true },
];

const env = await startControlPlane();
const kube = new Kubeclient(env.kubeConfig);
console.log(`admission latency: N = ${n} creates, ${CREATE_CONCURRENCY} at a time; load ${load()}`);
try {
  for (const variant of VARIANTS) {
    const ns = `bench-admission-${VARIANTS.indexOf(variant)}`;
    await kube.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const spent = [];
    const config = {
      owner: owner(),
      namespaces: [ns],
      hooks: hooksOf(variant, spent),
      webhooks: { ...(variant.validate ? { validate: true } : {}), ...(variant.default ? { default: true } : {}) },
    };
    const port = await freePort();
    const url = `https://127.0.0.1:${port}`;
    let webhooks;
    let configurations = [];
    if (variant.validate || variant.default) {
      webhooks = new Webhooks(
        {
          name: 'bench-admission',
          clientConfig: { url },
          address: `127.0.0.1:${port}`,
          certificates: {
            start: async () => ({ certPem: leaf.certPem, keyPem: leaf.keyPem }),
            caBundle: () => undefined, // written into the configurations below
            onCaBundle: () => undefined,
          },
        },
        { kube, namespace: 'default', logger: silent, reconcilers: [config] },
      );
      await webhooks.start();
      configurations = webhookConfigurations([config], {
        name: 'bench-admission',
        clientConfig: { url },
        caBundle: ca.certPem,
      });
      for (const c of configurations) await kube.create(c);
      // Enforced once a dry-run create reaches a hook.
      for (let i = 0; spent.length === 0; i++) {
        await kube.create(website(ns, `probe-${i}`, 0), { dryRun: true });
        if (spent.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
    }
    // Warm: the client's discovery of the kind, the API server's first write of the namespace.
    await kube.create(website(ns, 'warm-up', 0), { dryRun: true });
    spent.length = 0;
    const latencies = [];
    const before = load();
    const started = performance.now();
    await pool(
      Array.from({ length: n }, (_, i) => i),
      CREATE_CONCURRENCY,
      async (i) => {
        const t = performance.now();
        await kube.create(website(ns, `site-${i}`, i));
        latencies.push(performance.now() - t);
      },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${variant.name.padEnd(20)} create p50 ${p(latencies, 0.5)} ms, p99 ${p(latencies, 0.99)} ms, max ${p(latencies, 1)} ms; ` +
        `${(n / seconds).toFixed(0)} creates/s` +
        (spent.length
          ? `; hooks in the server p50 ${quantile(spent, 0.5).toFixed(3)} ms, p99 ${quantile(spent, 0.99).toFixed(3)} ms (${spent.length} calls)`
          : '') +
        `; load ${before} → ${load()}`,
    );
    for (const c of configurations)
      await kube.delete({ apiVersion: c.apiVersion, kind: c.kind, name: c.metadata.name });
    await webhooks?.stop();
  }
} finally {
  await kube.close();
  await env.stop();
}
