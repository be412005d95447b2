/**
 * The analysis of a configuration: every check that needs no CR, in one place, whichever way the operator was
 * configured — a katalog (`loadKatalog`), `defineOperator`, a `GenericReconciler` built directly, the Manager's
 * start and `orkestra validate` / `run` all call {@link analyzeConfiguration}. In order: each child against its
 * handler's schema; the order between children; the templates (syntax, helpers, clauses, and the CR paths they
 * read against the owner CRD when one is given); the owner against its CRD; literal values (the handler's own
 * `resolve`, names no value can make valid, where a child may live); native manifests against their kinds'
 * schemas; fields read of other children and by `readyWhen` against their kinds' schemas.
 */

import type { ControllerClient } from '@orkestra/core';
import { NotFoundError, type ResolvedSpec, type ResourceHandler } from '@orkestra/core';
import { createTemplateEngine, defaultTemplateEngine, type TemplateEngine } from '@orkestra/template';
import { childSource } from '../child-source.js';
import { childTemplates } from '../child-templates.js';
import type { HandlerTemplates, OwnerKind } from '../config.js';
import type { KindScopes } from '../plan.js';
import { checkChildReferences } from './child-references.js';
import { checkChildSchemas, childOrderProblems } from './child-schemas.js';
import {
  checkManifestSchemas,
  type KindSchema,
  type KindSchemas,
  kindSchemaOf,
  literalKindOf,
  type SchemaLookup,
  type UnservedKind,
} from './kind-schemas.js';
import { checkLiteralValues } from './literal-values.js';
import { checkOwnerCrd, type FoundCrd, readOwnerCrd } from './owner-crds.js';
import { type ConfigurationProblem, type ConfigurationSource, ProblemList } from './problems.js';
import { checkTemplates } from './templates.js';
import { webhookSettingsProblems } from './webhook-settings.js';

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** What the analysis reads of a configuration: a `ReconcilerConfig`, or a katalog entry with its handlers. */
export interface AnalyzedConfiguration {
  owner: OwnerKind;
  handlers: readonly Handler[];
  resources: Readonly<Record<string, HandlerTemplates>>;
  status?: { fields?: Readonly<Record<string, string>> } | undefined;
  namespaces?: readonly string[] | undefined;
  /** The hooks served at admission, as written (checked: hooks, settings, their ranges). */
  webhooks?: unknown;
}

/** Options of {@link analyzeConfiguration}: what is at hand besides the configuration. */
export interface AnalysisOptions {
  /** Where the configuration came from: its paths as the user wrote them, and their lines in a file. */
  source?: ConfigurationSource | undefined;
  /** The engine the reconciler compiles with (its helpers); default the process-wide one. */
  engine?: TemplateEngine | undefined;
  /**
   * Owner CRDs (files, or read from the cluster): the owner is checked against its CRD, and the CR paths the
   * templates read against its version's schema. Absent: neither is checked.
   */
  crds?: { crds: readonly FoundCrd[]; from: readonly string[] } | undefined;
  /** Schemas of child kinds, found ahead by {@link collectKindSchemas}: manifests' values, fields read of children. */
  kindSchemas?: KindSchemas | undefined;
  /** Which kinds are cluster-scoped (a client's registry): a cluster-scoped manifest under a namespaced owner. */
  scopes?: KindScopes | undefined;
}

/**
 * Every problem of `config` the analysis finds with what `options` holds; an empty list when it is fine. Pure:
 * no request (find kind schemas ahead with {@link collectKindSchemas}, owner CRDs with `readOwnerCrd`).
 *
 * @example
 * const problems = analyzeConfiguration(config, { crds: { crds: [found], from: ['crd.yaml'] } });
 * const object = { kind: 'Operator', name: config.owner.kind };
 * if (problems.length) throw new ConfigurationError(problems, { object });
 */
export function analyzeConfiguration(
  config: AnalyzedConfiguration,
  options: AnalysisOptions = {},
): ConfigurationProblem[] {
  const engine = options.engine ?? defaultTemplateEngine();
  const handlers = new Map(config.handlers.map((h) => [h.key, h]));
  const list = new ProblemList(options.source);
  for (const p of webhookSettingsProblems(config.webhooks)) list.add(p);
  checkChildSchemas(config.resources, handlers, list);
  for (const p of childOrderProblems(config.resources, 'resources', engine)) list.add(p);
  const schema = options.crds && checkOwnerCrd(config.owner, options.crds.crds, options.crds.from, list);
  checkTemplates(config, handlers, engine, schema, list);
  checkLiteralValues(config, handlers, options.scopes, list, list.reported());
  const kindSchemas = options.kindSchemas ?? new Map();
  checkManifestSchemas(config.resources, handlers, kindSchemas, list, list.reported());
  checkChildReferences(config, handlers, engine, kindSchemas, list);
  return list.problems;
}

/**
 * The schemas of the kinds the analysis reads, each looked up once: native manifests' (their literal values),
 * and those of children that other templates read (`children.<key>.<id>`) or that have a `readyWhen`.
 */
export async function collectKindSchemas(
  configs: readonly Pick<AnalyzedConfiguration, 'resources' | 'handlers'>[],
  lookup: SchemaLookup,
  engine: TemplateEngine = defaultTemplateEngine(),
): Promise<Map<string, KindSchema | UnservedKind>> {
  const out = new Map<string, KindSchema | UnservedKind>();
  const asked = new Set<string>();
  for (const config of configs)
    for (const { apiVersion, kind } of kindsRead(config, engine)) {
      const id = `${apiVersion}/${kind}`;
      if (asked.has(id)) continue;
      asked.add(id);
      const found = await lookup(apiVersion, kind);
      if (found) out.set(id, found);
    }
  return out;
}

/**
 * The literal kinds of `config`'s child templates whose schema the analysis reads: every child of a handler of
 * any kind (its literal values), and each child that has a `readyWhen` or that another template reads.
 */
function kindsRead(
  config: Pick<AnalyzedConfiguration, 'resources' | 'handlers'>,
  engine: TemplateEngine,
): { apiVersion: string; kind: string }[] {
  const handlers = new Map(config.handlers.map((h) => [h.key, h]));
  const read = childrenRead(config.resources, engine);
  const kinds: { apiVersion: string; kind: string }[] = [];
  for (const { handlerKey, template } of childTemplates(config.resources)) {
    const handler = handlers.get(handlerKey);
    if (!handler) continue;
    const wanted =
      handler.kindOf !== undefined ||
      template.readyWhen !== undefined ||
      (typeof template.id === 'string' && read.has(`${handlerKey}.${template.id}`));
    const kind = wanted ? literalKindOf(handler, childSource(template).source) : undefined;
    if (kind) kinds.push(kind);
  }
  return kinds;
}

/** The children whose fields other templates read (`{{children.<key>.<id>.<field>}}`), as `<key>.<id>`. */
function childrenRead(resources: AnalyzedConfiguration['resources'], engine: TemplateEngine): Set<string> {
  const read = new Set<string>();
  for (const { field, template } of childTemplates(resources))
    for (const r of engine.reads(childSource(template).source, { field }))
      if (r.path[0] === 'children' && r.path.length > 3) read.add(`${r.path[1]}.${r.path[2]}`);
  return read;
}

/**
 * Finds a kind's schema: in the CRDs given (that version), else — with a client — in the cluster's OpenAPI
 * (one read per group-version); a kind the cluster does not serve is said so. Failures to read are thrown.
 */
export function schemaLookup(crds: readonly FoundCrd[], kube?: ControllerClient, signal?: AbortSignal): SchemaLookup {
  const documents = new Map<string, ReturnType<ControllerClient['openApiDocument']>>();
  const options = signal ? { signal } : {};
  return async (apiVersion, kind) => {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    for (const { crd, file } of crds) {
      if (crd.spec?.group !== group || crd.spec?.names?.kind !== kind) continue;
      const schema = crd.spec.versions?.find((v) => v.name === version)?.schema?.openAPIV3Schema;
      if (schema) return { schema: schema as KindSchema['schema'], source: file };
    }
    if (!kube) return undefined;
    let doc = documents.get(apiVersion);
    if (!doc) documents.set(apiVersion, (doc = kube.openApiDocument(apiVersion, options)));
    const found = await doc;
    const schema = found ? kindSchemaOf(found, apiVersion, kind, "the cluster's OpenAPI") : undefined;
    if (schema) return schema;
    // No schema: discovery tells whether the cluster serves the kind at all (a reconciler refuses a kind it does not).
    return kube.resourceFor(apiVersion, kind, options).then(
      () => undefined,
      (e: unknown) => {
        if (e instanceof NotFoundError) return { unserved: 'the cluster' };
        throw e;
      },
    );
  };
}

/**
 * The analysis against the cluster: the owner against its installed CRD (and the CR paths the templates read
 * against its schema), child kinds' schemas from the cluster's OpenAPI. Reads only (a GET of the CRD, one
 * OpenAPI document per group-version the analysis needs); the checks that need no cluster run too. Without an
 * `engine`, a throw-away one reads the templates (nothing stays in the process-wide engine's cache).
 */
export async function analyzeAgainstCluster(
  kube: ControllerClient,
  config: AnalyzedConfiguration,
  options: Omit<AnalysisOptions, 'crds' | 'kindSchemas' | 'scopes'> & { signal?: AbortSignal } = {},
): Promise<ConfigurationProblem[]> {
  const crd = await readOwnerCrd(kube, config.owner, options.signal);
  const crds = crd ? [crd] : [];
  const engine = options.engine ?? createTemplateEngine();
  const kindSchemas = await collectKindSchemas([config], schemaLookup(crds, kube, options.signal), engine);
  return analyzeConfiguration(config, {
    ...options,
    engine,
    crds: { crds, from: ['the cluster'] },
    kindSchemas,
    scopes: kube.resources,
  });
}
