/**
 * A Katalog object's spec, compiled as a katalog file is (`loadKatalog`: structure, each child against its
 * handler's schema, the templates, literal values, cluster scopes), plus what a Katalog loaded from the cluster
 * may not do: load code (hook, conversion or admission modules), make a cluster-scoped kind, or serve instances
 * outside its own namespace. Pure: no request.
 */

import type { ControllerClient, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { ValidationError } from '@orkestra/core';
import { ConfigurationError, loadKatalog, type OwnerKind, type ReconcilerConfig } from '@orkestra/reconciler';
import { YamlLocator } from '@orkestra/reconciler/internal';
import { KATALOG_API_VERSION } from './katalog-crd.js';
import { parseRemovalPolicy, type RemovalPolicy } from './removal-policy.js';

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** One problem of a Katalog, as its status lists it. */
export interface KatalogProblem {
  /** Where in the Katalog object: `spec.crds[0].resources.deployments.onReconcile[0].image`. */
  path: string;
  message: string;
  /** How to fix it; a did-you-mean when the analysis has one. */
  hint?: string | undefined;
}

/** A Katalog object as the runtime reads it. */
export interface KatalogObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace: string;
    uid?: string;
    generation?: number;
    deletionTimestamp?: string;
    annotations?: Record<string, string>;
  };
  spec?: { serviceAccountName?: string; crds?: unknown[]; removalPolicy?: unknown };
}

/** A compiled Katalog: one reconciler configuration per owner kind, namespaced to the Katalog's namespace. */
export interface CompiledKatalog {
  configs: Omit<ReconcilerConfig, 'logger' | 'observer'>[];
  owners: OwnerKind[];
  /** What becomes of a kind's instances and CRD when it stops being served (`spec.removalPolicy`). */
  removalPolicy: RemovalPolicy;
}

/** The status field each instance gets: the revision of its Katalog it was last reconciled with. */
export const INSTANCE_REVISION_FIELD = 'katalogRevision';

const CODE_HINT =
  'Katalogs loaded from the cluster carry templates and CEL only and never load code into the shared runtime: ' +
  'express the logic with templates (when, forEach, readyWhen) and CEL rules, or run this katalog as a file ' +
  '(`orkestra run --katalog`)';

/** The problems of what a cluster Katalog may not do, for entry `i` as written. */
function clusterProblems(raw: Record<string, unknown>, i: number): KatalogProblem[] {
  const at = (field: string) => `spec.crds[${i}].${field}`;
  const problems: KatalogProblem[] = [];
  if (raw.hooks !== undefined)
    problems.push({ path: at('hooks'), message: `loads a code module (${String(raw.hooks)})`, hint: CODE_HINT });
  if (raw.webhooks !== undefined)
    problems.push({ path: at('webhooks'), message: 'admission hooks run code in the runtime', hint: CODE_HINT });
  const api = raw.api as { versions?: { conversion?: unknown }[] } | undefined;
  api?.versions?.forEach((v, j) => {
    if (v?.conversion !== undefined)
      problems.push({
        path: at(`api.versions[${j}].conversion`),
        message: 'loads a conversion module',
        hint: CODE_HINT,
      });
  });
  if (raw.api === undefined)
    problems.push({
      path: at('api'),
      message: 'is required in a Katalog: the runtime installs the kind’s CRD from it',
      hint: 'add api.spec, the OpenAPI schema of the spec (see `orkestra generate crd`)',
    });
  if ((raw.owner as { namespaced?: unknown } | undefined)?.namespaced === false)
    problems.push({
      path: at('owner.namespaced'),
      message: 'a Katalog serves namespaced kinds only: its instances and children live in its namespace',
      hint: 'remove owner.namespaced',
    });
  if (raw.namespaces !== undefined)
    problems.push({
      path: at('namespaces'),
      message: 'a Katalog serves instances of its own namespace only',
      hint: 'remove namespaces',
    });
  return problems;
}

/**
 * Children a Katalog entry places outside `namespace` (a `namespace` or `metadata.namespace` other than it): a
 * Katalog's children live in its namespace. The write would be refused anyway (core never writes a namespaced
 * owner's child elsewhere); this says so before anything is served.
 */
function elsewhereProblems(raw: Record<string, unknown>, i: number, namespace: string): KatalogProblem[] {
  const problems: KatalogProblem[] = [];
  const resources = (raw.resources ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, lists] of Object.entries(resources))
    for (const list of ['onCreate', 'onReconcile', 'onDelete'])
      (Array.isArray(lists?.[list]) ? (lists[list] as Record<string, unknown>[]) : []).forEach((t, j) => {
        const metadata = t?.metadata as { namespace?: unknown } | undefined;
        const [field, value] =
          t?.namespace !== undefined ? ['namespace', t.namespace] : ['metadata.namespace', metadata?.namespace];
        if (value === undefined || value === namespace) return;
        problems.push({
          path: `spec.crds[${i}].resources.${key}.${list}[${j}].${field}`,
          message:
            `places a child in namespace ${JSON.stringify(value)}: ` +
            `a Katalog's children live in its own namespace (${namespace})`,
          hint: `remove ${field}`,
        });
      });
  return problems;
}

/** Problems of a `ValidationError`/`ConfigurationError` as Katalog problems (paths already the object's). */
function problemsOf(error: ValidationError): KatalogProblem[] {
  return error.problems.map((p) => ({ path: p.path, message: p.message, ...(p.hint ? { hint: p.hint } : {}) }));
}

/**
 * Compiles `katalog` with `handlers` (the runtime's resource packages): its configurations, or every problem.
 * `scopes` (the client's kind registry) tells cluster-scoped kinds, which a namespaced owner may not make.
 */
export function compileKatalog(
  katalog: KatalogObject,
  handlers: readonly Handler[],
  scopes: ControllerClient['resources'],
): { compiled: CompiledKatalog; problems: [] } | { compiled?: undefined; problems: KatalogProblem[] } {
  const { name, namespace } = katalog.metadata;
  const spec = katalog.spec ?? {};
  const rawEntries = (Array.isArray(spec.crds) ? spec.crds : []) as Record<string, unknown>[];
  const removal = parseRemovalPolicy(spec.removalPolicy);
  const own = [
    ...removal.problems,
    ...rawEntries.flatMap((raw, i) =>
      raw && typeof raw === 'object' ? [...clusterProblems(raw, i), ...elsewhereProblems(raw, i, namespace)] : [],
    ),
  ];
  const data = { apiVersion: KATALOG_API_VERSION, kind: 'Katalog', metadata: { name }, spec: { crds: spec.crds } };
  const file = `Katalog ${namespace}/${name}`;
  let loaded: ReturnType<typeof loadKatalog>;
  try {
    // No text: the object came from the API server, so a problem names the Katalog rather than a line.
    loaded = loadKatalog({ text: '', file, data, locator: new YamlLocator('', file) }, { handlers, scopes });
  } catch (e) {
    if (e instanceof ConfigurationError || e instanceof ValidationError)
      return { problems: [...own, ...problemsOf(e)] };
    throw e;
  }
  if (own.length) return { problems: own };
  const byKey = new Map(handlers.map((h) => [h.key, h]));
  const configs = loaded.entries.map(({ hooksModule: _, ...entry }) => ({
    ...entry,
    handlers: Object.keys(entry.resources).flatMap((key) => byKey.get(key) ?? []),
    namespaces: [namespace],
  }));
  return {
    compiled: { configs, owners: configs.map((c) => c.owner), removalPolicy: removal.policy },
    problems: [],
  };
}
