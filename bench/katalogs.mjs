#!/usr/bin/env node
// Katalogs from the cluster (issue 34): one `orkestra run --katalogs-from-cluster` serving K Katalogs (each in its
// namespace, as its ServiceAccount) × I instances × 4 ConfigMap children, against one `orkestra run --katalog file`
// process per katalog. On one control plane (testenv), in order:
//   1. runtime: each Katalog applied in turn, the time from its apply to its first instance's children (the CRD is
//      the runtime's to install, so the instance is created as soon as the API server takes it); then every
//      instance; the writes of 10 s of steady state (0 expected); the runtime's RSS;
//   2. an edit of every Katalog (one child of 4 changes): the time until all K × I instances follow, and the writes
//      it cost, by resource (only the changed ConfigMap and the instance's status are expected);
//   3. a restart of the runtime: the time until a new instance of the last Katalog gets its children, and RSS;
//   4. one process per katalog (the runtime stopped): the time until all K serve (a new instance each gets its
//      children), their RSS summed;
//   5. with --busy N: fairness — a Katalog with N instances edited; a new instance of another Katalog while the
//      N are re-reconciled: its time to children, and how far the busy one had got.
// Figures only; run it small on a shared machine (e.g. --katalogs 3 --instances 5 --busy 100) and write the load
// (`uptime`) beside any figure. Full size (the figure): defaults, and --busy 5000.
//
//   node bench/katalogs.mjs [--katalogs 50] [--instances 20] [--busy 0] [--skip-processes]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { stringify } from 'yaml';
import { fetchText, memoryOf, samples, tlsFromKubeconfig } from './lib/process-stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const KATALOGS = arg('katalogs', 50);
const INSTANCES = arg('instances', 20);
const BUSY = arg('busy', 0);
const SKIP_PROCESSES = process.argv.includes('--skip-processes');
const CLI = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const GROUP = 'bench.katalogs.example.com';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (t0) => Math.round(performance.now() - t0);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function until(check, timeoutMs = 600_000, intervalMs = 100) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(intervalMs);
  }
  throw new Error('timed out');
}

const kindOf = (i) => `Kind${i}`;
const pluralOf = (i) => `kind${i}s`;
const namespaceOf = (i) => `team-${i}`;

/** The entry of katalog `i`: 4 ConfigMap children, the first holding `page`. */
function entry(i, page) {
  const child = (suffix, data) => ({ name: `{{metadata.name}}-${suffix}`, data });
  return {
    owner: { group: GROUP, version: 'v1', kind: kindOf(i), plural: pluralOf(i) },
    api: { spec: { title: { type: 'string', required: true } } },
    resources: {
      configmaps: {
        onReconcile: [
          child('page', { page }),
          child('about', { about: '{{spec.title}}' }),
          child('menu', { menu: 'home' }),
          child('footer', { footer: 'bye' }),
        ],
      },
    },
  };
}

const katalog = (i, page) => ({
  apiVersion: 'orkestra.io/v1alpha1',
  kind: 'Katalog',
  metadata: { name: 'site', namespace: namespaceOf(i) },
  spec: { serviceAccountName: 'katalog', crds: [entry(i, page)] },
});

async function team(user, i) {
  const namespace = namespaceOf(i);
  const name = 'katalog';
  const plural = pluralOf(i);
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await user.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
  await user.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name, namespace },
    rules: [
      { apiGroups: [GROUP], resources: [plural, `${plural}/status`, `${plural}/finalizers`], verbs: ['*'] },
      { apiGroups: [''], resources: ['configmaps', 'events'], verbs: ['*'] },
    ],
  });
  await user.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name, namespace },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
    subjects: [{ kind: 'ServiceAccount', name, namespace }],
  });
}

const instance = (i, name) => ({
  apiVersion: `${GROUP}/v1`,
  kind: kindOf(i),
  metadata: { name, namespace: namespaceOf(i) },
  spec: { title: name },
});

function spawnOperator(args, kubeconfig) {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'run',
      ...args,
      '--kubeconfig',
      kubeconfig,
      '--no-leader-elect',
      '--http-address',
      '127.0.0.1:0',
      '--log-level',
      'error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return child;
}

const stopped = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function main() {
  const env = await start({});
  const user = new Kubeclient(env.kubeConfig);
  const api = tlsFromKubeconfig(env.kubeconfigPath);
  /** Writes the API server counted (server-side apply is its own verb), by resource; leases and access checks aside. */
  const writes = async () => {
    const byResource = {};
    for (const s of samples(await fetchText(`${api.server}/metrics`, api.tls), 'apiserver_request_total'))
      if (
        ['POST', 'PUT', 'PATCH', 'APPLY', 'DELETE'].includes(s.labels.verb) &&
        s.labels.resource !== 'leases' &&
        !s.labels.resource.endsWith('reviews') // access checks: POSTs that store nothing
      )
        byResource[s.labels.resource] = (byResource[s.labels.resource] ?? 0) + s.value;
    return byResource;
  };
  const since = (before, after) =>
    Object.fromEntries(
      Object.entries(after)
        .map(([k, v]) => [k, v - (before[k] ?? 0)])
        .filter(([, v]) => v > 0),
    );
  const pages = async (i, page) =>
    (await user.list('v1', 'ConfigMap', { namespace: namespaceOf(i) })).items.filter(
      (cm) => cm.data?.page === page && cm.metadata.name.endsWith('-page'),
    ).length;
  const children = (i, name) =>
    user.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: namespaceOf(i), name: `${name}-footer` });
  const createWhenServed = (i, name) => until(async () => Boolean(await user.create(instance(i, name))), 60_000, 50);
  const apply = (object) => user.apply(object, { fieldManager: 'team', force: true });
  const all = Array.from({ length: KATALOGS }, (_, i) => i);
  const work = mkdtempSync(join(tmpdir(), 'orkestra-bench-katalogs-'));
  const processes = [];
  console.log(`${KATALOGS} Katalogs × ${INSTANCES} instances × 4 children (load ${load()})`);
  try {
    for (const i of all) await team(user, i);
    let runtime = spawnOperator(['--katalogs-from-cluster'], env.kubeconfigPath);
    processes.push(runtime);
    await until(async () =>
      Boolean(
        await user.get({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: 'katalogs.orkestra.io',
        }),
      ),
    );
    await sleep(500);

    // 1. each Katalog applied: its first instance's children
    const firsts = [];
    for (const i of all) {
      const t = performance.now();
      await until(async () => Boolean(await apply(katalog(i, 'v1'))), 60_000, 50);
      await createWhenServed(i, 'i0');
      await until(async () => Boolean(await children(i, 'i0')), 60_000, 20);
      firsts.push(ms(t));
    }
    console.log(
      `  apply of a Katalog → its first instance's children: median ${median(firsts)} ms, max ${Math.max(...firsts)} ms (load ${load()})`,
    );
    const t1 = performance.now();
    for (const i of all)
      for (let n = 1; n < INSTANCES; n += 10)
        await Promise.all(
          Array.from({ length: Math.min(10, INSTANCES - n) }, (_, k) => user.create(instance(i, `i${n + k}`))),
        );
    for (const i of all) await until(async () => (await pages(i, 'v1')) === INSTANCES, 600_000, 250);
    console.log(`  ${KATALOGS * INSTANCES} instances served in ${ms(t1)} ms (load ${load()})`);
    await sleep(5_000);
    let w0 = await writes();
    await sleep(10_000);
    console.log(
      `  runtime RSS ${memoryOf(runtime.pid).rssMiB.toFixed(1)} MiB; writes in 10 s of steady state: ${JSON.stringify(since(w0, await writes()))}`,
    );

    // 2. an edit of every Katalog
    w0 = await writes();
    const t2 = performance.now();
    for (const i of all) await apply(katalog(i, 'v2'));
    for (const i of all) await until(async () => (await pages(i, 'v2')) === INSTANCES, 600_000, 250);
    const edit = ms(t2);
    await sleep(3_000);
    console.log(
      `  edit of ${KATALOGS} Katalogs → all ${KATALOGS * INSTANCES} instances follow in ${edit} ms; writes: ${JSON.stringify(since(w0, await writes()))} (load ${load()})`,
    );

    // 3. restart
    await stopped(runtime);
    const t3 = performance.now();
    runtime = spawnOperator(['--katalogs-from-cluster'], env.kubeconfigPath);
    processes.push(runtime);
    const last = KATALOGS - 1;
    await user.create(instance(last, 'after-restart'));
    await until(async () => Boolean(await children(last, 'after-restart')), 600_000, 50);
    const restart = ms(t3);
    await sleep(5_000);
    console.log(
      `  runtime restart → a new instance of the last Katalog served in ${restart} ms; RSS ${memoryOf(runtime.pid).rssMiB.toFixed(1)} MiB (load ${load()})`,
    );

    // 5. fairness (before the per-process mode stops the runtime)
    if (BUSY > 0) await fairness(user, apply, pages, children, createWhenServed);
    await stopped(runtime);

    // 4. one process per katalog
    if (!SKIP_PROCESSES) {
      const t4 = performance.now();
      const perKatalog = all.map((i) => {
        const file = join(work, `katalog-${i}.yaml`);
        const { spec } = katalog(i, 'v2');
        writeFileSync(
          file,
          stringify({
            apiVersion: 'orkestra.io/v1alpha1',
            kind: 'Katalog',
            metadata: { name: `site-${i}` },
            spec: { crds: spec.crds },
          }),
        );
        const child = spawnOperator(['--katalog', file, '-n', namespaceOf(i)], env.kubeconfigPath);
        processes.push(child);
        return child;
      });
      for (const i of all) await user.create(instance(i, 'per-process'));
      for (const i of all) await until(async () => Boolean(await children(i, 'per-process')), 600_000, 50);
      const startup = ms(t4);
      await sleep(5_000);
      const rss = perKatalog.map((c) => memoryOf(c.pid).rssMiB);
      console.log(
        `  ${KATALOGS} processes, one per katalog: all serving in ${startup} ms; RSS ${rss.reduce((a, b) => a + b, 0).toFixed(1)} MiB in all (${median(rss).toFixed(1)} each) (load ${load()})`,
      );
      await Promise.all(perKatalog.map(stopped));
    }
  } finally {
    await Promise.all(processes.map(stopped));
    rmSync(work, { recursive: true, force: true });
    await user.close();
    await env.stop();
  }
}

/** Katalog `busy` with BUSY instances, edited; a new instance of katalog 0 meanwhile. */
async function fairness(user, apply, pages, children, createWhenServed) {
  const busy = KATALOGS; // a Katalog of its own, after the others
  await team(user, busy);
  await apply(katalog(busy, 'v1'));
  await createWhenServed(busy, 'b0');
  for (let n = 1; n < BUSY; n += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, BUSY - n) }, (_, k) => user.create(instance(busy, `b${n + k}`))),
    );
  await until(async () => (await pages(busy, 'v1')) === BUSY, 1_800_000, 1_000);
  const t = performance.now();
  await apply(katalog(busy, 'v2'));
  await until(async () => (await pages(busy, 'v2')) > 0, 600_000, 50);
  const created = performance.now();
  await user.create(instance(0, 'while-busy'));
  await until(async () => Boolean(await children(0, 'while-busy')), 600_000, 20);
  const latency = ms(created);
  const done = await pages(busy, 'v2');
  await until(async () => (await pages(busy, 'v2')) === BUSY, 1_800_000, 500);
  console.log(
    `  fairness: ${BUSY} instances of one Katalog re-reconciled in ${ms(t)} ms; a new instance of another served in ${latency} ms, when ${done} of the ${BUSY} were done (load ${load()})`,
  );
}

await main();
