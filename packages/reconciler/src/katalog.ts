/**
 * Katalogs: the YAML form of a reconciler configuration, Orkestra's zero-code path. A katalog declares one
 * or more owner kinds and, per resource handler, the children of each. Loading validates the whole file and
 * reports every problem with its field path and line, before anything runs:
 *
 * ```yaml
 * apiVersion: orkestra.io/v1alpha1
 * kind: Katalog
 * metadata: { name: website }
 * spec:
 *   crds:
 *     - owner: { group: example.com, version: v1, kind: Website, plural: websites }
 *       resources:
 *         deployments:
 *           onReconcile:
 *             - image: "{{spec.image}}"
 *               replicas: "{{default spec.replicas 1}}"
 *       status:
 *         fields:
 *           image: "{{spec.image}}"
 *       resyncPeriod: 10m
 * ```
 *
 * YAML is read with js-yaml, and `yaml` (eemeli/yaml: keeps source positions) locates a problem's line; the
 * structure and each child against its handler's JSON Schema are checked by code generated ahead of time (Ajv
 * standalone), and only what that code refuses is compiled and explained by Ajv, with every error.
 */

import { type FieldProblem, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import type { TemplateEngine } from '@orkestra/template';
import type { ErrorObject } from 'ajv';
import { katalogAccepts } from '../generated/schema-check.js';
import type { AdmissionWebhooks } from './admission-webhooks.js';
import { type AnalysisOptions, analyzeConfiguration } from './analysis/analyze.js';
import { ajvProblems, childOrderProblems } from './analysis/child-schemas.js';
import { ConfigurationError, type ConfigurationProblem, type ConfigurationSource } from './analysis/problems.js';
import { webhookSettingsProblems } from './analysis/webhook-settings.js';
import { readOwnerApi } from './api-schema.js';
import type { HandlerTemplates, OwnerKind, ReconcilerConfig } from './config.js';
import type { ReconcilerHooks } from './hooks.js';
import { KATALOG_SCHEMA } from './katalog-schema.js';
import { schemaExplainer } from './schema-checks.js';
import type { YamlLocator } from './yaml-locator.js';
import { readYaml, type YamlSource } from './yaml-source.js';

/**
 * One owner kind of a katalog, before handlers are attached; `hooksModule` is its `hooks:` — the path of a module
 * whose default export is the {@link ReconcilerHooks} (the CLI imports it, relative to the katalog file).
 */
export type KatalogEntry = Omit<
  ReconcilerConfig,
  'handlers' | 'logger' | 'observer' | 'templateEngine' | 'informers'
> & {
  hooksModule?: string;
};

/** A loaded katalog. */
export interface Katalog {
  name: string;
  /** Where it was read from, for messages. */
  file: string | undefined;
  entries: KatalogEntry[];
  /** Every handler key the katalog uses, in order of first use: what to load before running it. */
  keys: string[];
}

/** `10m` → 600000. */
export function parseDuration(text: string): number {
  const m = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
}

/** Where a field is, for a message: `katalog.yaml:12:3`, or the file alone when the document is empty. */
function where(locator: YamlLocator, path: string): string {
  return locator.locate(path) ?? locator.file ?? 'line 1:1';
}

function problemsOf(errors: readonly ErrorObject[] | null | undefined, locator: YamlLocator): FieldProblem[] {
  return ajvProblems(errors, []).map((p) => ({ ...p, message: `${p.message} (${where(locator, p.path)})` }));
}

/** A katalog entry's paths (`resources.…` → `spec.crds[0].resources.…`) and their lines in the file. */
export function katalogSource(locator: YamlLocator, entryIndex: number): ConfigurationSource {
  return { pathOf: (path) => `spec.crds[${entryIndex}].${path}`, locate: (path) => where(locator, path) };
}

/**
 * Parses and validates a katalog: its text, or a {@link YamlSource} already read with {@link readYaml} (so a
 * caller that loads twice — for the keys, then with handlers — parses once). With `handlers`, each child is also
 * checked against its handler's source
 * schema and an unknown handler key is reported; without, only the katalog's own structure is checked (read
 * {@link Katalog.keys} to know which handler packages to load, then load again with them).
 * Throws a {@link ValidationError} listing every problem, each with its field path and `file:line:column`.
 *
 * @example
 * const katalog = loadKatalog(readFileSync('katalog.yaml', 'utf8'), {
 *   file: 'katalog.yaml',
 *   handlers: [deployments.handler],
 * });
 * const configs = katalog.entries.map((entry) => ({ ...entry, handlers: [deployments.handler] }));
 */
export function loadKatalog(
  input: string | YamlSource,
  options: {
    file?: string;
    handlers?: readonly ResourceHandler<unknown, ResolvedSpec>[];
    /**
     * The engine that reads the templates for their order (default: the process-wide one). Pass the engine the
     * reconcilers will compile with: each template is then prepared once, and its prepared tree kept once.
     */
    templateEngine?: TemplateEngine;
    /**
     * The owner CRDs (files, or the cluster's): the owners and the CR paths templates read are checked against them.
     */
    crds?: AnalysisOptions['crds'];
    /** Child kinds' schemas (see `collectKindSchemas`): manifests' literal values, fields read of other children. */
    kindSchemas?: AnalysisOptions['kindSchemas'];
    /** Which kinds are cluster-scoped (a client's registry): cluster-scoped manifests under a namespaced owner. */
    scopes?: AnalysisOptions['scopes'];
  } = {},
): Katalog {
  const file = options.file ?? (typeof input === 'string' ? undefined : input.file);
  const object = { kind: 'Katalog', name: file };
  let source: YamlSource;
  try {
    source = typeof input === 'string' ? readYaml(input, { file }) : input;
  } catch (e) {
    if (e instanceof ValidationError) throw new ValidationError(e.problems, { object });
    throw e;
  }
  const { data, locator } = source;
  if (!katalogAccepts(data)) {
    const validate = schemaExplainer().compile(KATALOG_SCHEMA);
    if (!validate(data)) throw new ValidationError(problemsOf(validate.errors, locator), { object });
  }

  const spec = (data as { spec: { crds: RawEntry[] } }).spec;
  const entries = spec.crds.map(entryOf);
  const keys = [...new Set(spec.crds.flatMap((entry) => Object.keys(entry.resources)))];
  const problems: ConfigurationProblem[] = [];
  const handlers = options.handlers && new Map(options.handlers.map((h) => [h.key, h]));
  entries.forEach((entry, i) => {
    const katalog = katalogSource(locator, i);
    const rawApi = spec.crds[i]?.api;
    if (rawApi !== undefined) {
      const read = readOwnerApi(rawApi, 'api');
      for (const p of read.problems) problems.push(located(katalog, p));
      if (read.api) entry.api = read.api;
    }
    if (!handlers) {
      // The structure alone: the order between the templates and the webhook settings are the katalog's own.
      for (const p of webhookSettingsProblems(entry.webhooks)) problems.push(located(katalog, p));
      for (const p of childOrderProblems(entry.resources, 'resources', options.templateEngine))
        problems.push(located(katalog, p));
      return;
    }
    const present: ResourceHandler<unknown, ResolvedSpec>[] = [];
    for (const key of Object.keys(entry.resources)) {
      const handler = handlers.get(key);
      if (handler) present.push(handler);
      else
        problems.push(
          located(katalog, {
            path: `resources.${key}`,
            message: `no resource handler "${key}"`,
            hint: `install its package (e.g. npm install @orkestra/${key}), or remove "${key}"`,
          }),
        );
    }
    problems.push(
      ...analyzeConfiguration(
        { ...entry, handlers: present },
        {
          source: katalog,
          engine: options.templateEngine,
          crds: options.crds,
          kindSchemas: options.kindSchemas,
          scopes: options.scopes,
        },
      ),
    );
  });
  if (problems.length > 0) throw new ConfigurationError(problems, { object });
  const name = (data as { metadata?: { name?: string } }).metadata?.name ?? file ?? 'katalog';
  return { name, file, entries, keys };
}

/** A problem at a configuration path, where the katalog has it. */
function located(source: ConfigurationSource, p: FieldProblem): ConfigurationProblem {
  const path = source.pathOf?.(p.path) ?? p.path;
  return { ...p, path, location: source.locate?.(path) };
}

function entryOf(raw: RawEntry): KatalogEntry {
  return {
    owner: raw.owner,
    resources: raw.resources,
    ...(raw.status ? { status: raw.status } : {}),
    ...(raw.readiness ? { readiness: raw.readiness } : {}),
    ...(raw.concurrency !== undefined ? { concurrency: raw.concurrency } : {}),
    ...(raw.namespaces ? { namespaces: raw.namespaces } : {}),
    ...(raw.resyncPeriod ? { resyncPeriodMs: parseDuration(raw.resyncPeriod) } : {}),
    ...(raw.finalizer ? { finalizer: raw.finalizer } : {}),
    ...(raw.fieldManager ? { fieldManager: raw.fieldManager } : {}),
    ...(raw.events ? { events: raw.events } : {}),
    ...(raw.hooks ? { hooksModule: raw.hooks } : {}),
    ...(raw.webhooks ? { webhooks: raw.webhooks } : {}),
  };
}

interface RawEntry {
  owner: OwnerKind;
  resources: Record<string, HandlerTemplates>;
  api?: unknown;
  status?: { fields?: Record<string, string> };
  readiness?: 'synced' | 'children';
  concurrency?: number;
  namespaces?: string[];
  resyncPeriod?: string;
  finalizer?: string;
  fieldManager?: string;
  events?: { initialCreate?: boolean };
  hooks?: string;
  webhooks?: AdmissionWebhooks;
}
