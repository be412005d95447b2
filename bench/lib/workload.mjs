// The workload every cluster scenario uses: a Website CR with five children (Deployment, Service, ConfigMap,
// Secret, and a PodDisruptionBudget as a native manifest), all `onReconcile`, through the GenericReconciler and
// the resource packages. The comparison with controller-runtime (versus) uses the four typed ones, as its Go
// operator makes those four.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as configmaps from '@orkestra/configmaps';
import * as deployments from '@orkestra/deployments';
import * as manifests from '@orkestra/manifests';
import { GenericReconciler } from '@orkestra/reconciler';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';
import { parse } from 'yaml';
import { pool } from './stats.mjs';

export const CRD_PATH = fileURLToPath(new URL('../website.crd.yaml', import.meta.url));

/** The four typed packages' handlers (versus and the memory scenario use these only). */
export const typedHandlers = [deployments.handler, services.handler, configmaps.handler, secrets.handler];
export const handlers = [...typedHandlers, manifests.handler];
export const CHILDREN_PER_CR = 5;
/** Concurrency used by the reconciler and by the floor / reference strategies. */
export const CONCURRENCY = 4;
/** Concurrency of the "user" creating CRs (the client's connection pool is 16). */
export const CREATE_CONCURRENCY = 16;

export const owner = (kind = 'Website', plural = 'websites') => ({ group: 'example.com', version: 'v1', kind, plural });

/** The four typed child templates: 6 templated strings (names, image, replicas, greeting, password). */
export const typedResources = {
  deployments: {
    onReconcile: [
      { name: '{{metadata.name}}-web', image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}', port: 8080 },
    ],
  },
  services: { onReconcile: [{ name: '{{metadata.name}}-web', port: 80, targetPort: 8080 }] },
  configmaps: { onReconcile: [{ data: { greeting: '{{spec.greeting}}' } }] },
  secrets: { onReconcile: [{ stringData: { password: '{{spec.password}}' } }] },
};

/** The typed four and a PodDisruptionBudget written as a native manifest (any kind, watched by discovery). */
export const resources = {
  ...typedResources,
  manifests: {
    onReconcile: [
      {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: '{{metadata.name}}-web' },
        spec: { maxUnavailable: 1, selector: { matchLabels: { app: '{{metadata.name}}-web' } } },
      },
    ],
  },
};

export function websiteConfig(ns, overrides = {}) {
  return {
    owner: owner(overrides.kind, overrides.plural),
    handlers,
    resources,
    status: { fields: { image: '{{spec.image}}' } },
    namespaces: [ns],
    concurrency: CONCURRENCY,
    resyncPeriodMs: 3_600_000, // no periodic resync during a run: the bench forces them
    // The bench's control plane has no nodes, so no Deployment becomes available: Ready means in sync here, as
    // the controller-runtime operators it is compared with report it (children written).
    readiness: 'synced',
    ...overrides.config,
  };
}

export const website = (ns, name, i, kind = 'Website') => ({
  apiVersion: 'example.com/v1',
  kind,
  metadata: { name, namespace: ns },
  spec: { image: 'nginx:1.27', replicas: 2, greeting: `hello ${i}`, password: `s3cret-${i}` },
});

/** The CRD object of the Website, under another kind and plural (for the 15-CRD memory scenario). */
export function websiteCrd(kind = 'Website', plural = 'websites') {
  const crd = parse(readFileSync(CRD_PATH, 'utf8'));
  crd.metadata.name = `${plural}.example.com`;
  crd.spec.names = { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` };
  return crd;
}

/**
 * Starts a reconciler and returns it with `converged(n)`: resolves once `n` distinct CRs have had a
 * successful reconcile (children applied and status written) — known from the observer, so the API server is
 * not polled while it is being measured.
 */
export async function startReconciler(kube, ns, overrides = {}) {
  const ok = new Set();
  let waiter;
  const config = websiteConfig(ns, overrides);
  const r = new GenericReconciler(kube, {
    ...config,
    observer: {
      reconciled: ({ key, result }) => {
        if (result === 'success') ok.add(key);
        else if (result === 'error' || result === 'invalid') overrides.onError?.(key, result);
        if (waiter && ok.size >= waiter.n) waiter.resolve();
      },
    },
  });
  await r.start();
  const converged = (n, timeoutMs = 120_000) =>
    new Promise((resolve, reject) => {
      if (ok.size >= n) return resolve();
      const t = setTimeout(() => {
        const notOk = [...r.lastReports.values()].filter((rep) => !ok.has(rep.key)).slice(0, 3);
        reject(
          new Error(
            `only ${ok.size} of ${n} CRs converged after ${timeoutMs} ms; queue depth ${r.queueDepth}; ` +
              `reports seen ${r.lastReports.size}; not converged e.g. ${JSON.stringify(notOk)}`,
          ),
        );
      }, timeoutMs);
      waiter = {
        n,
        resolve: () => {
          clearTimeout(t);
          waiter = undefined;
          resolve();
        },
      };
    });
  return { reconciler: r, converged, ok };
}

export function createWebsites(user, ns, n, kind = 'Website', prefix = 'site') {
  return pool(
    Array.from({ length: n }, (_, i) => i),
    CREATE_CONCURRENCY,
    (i) => user.create(website(ns, `${prefix}-${i}`, i, kind)),
  );
}

/** Checks, after the fact (not timed), that every CR of the namespace reports Ready=True. */
export async function assertAllReady(user, ns, n, kind = 'Website') {
  const { items } = await user.list('example.com/v1', kind, { namespace: ns });
  const ready = items.filter((c) =>
    c.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True'),
  ).length;
  if (ready !== n) throw new Error(`${ready} of ${n} ${kind}s are Ready in ${ns}`);
}

let nsCounter = 0;
export async function newNamespace(user, prefix) {
  const name = `bench-${prefix}-${process.pid}-${nsCounter++}`;
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  return name;
}
