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
import { defaultTemplateEngine, suggest, type TemplateEngine } from '@orkestra/template';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { katalogAccepts } from '../generated/schema-check.js';
import { readOwnerApi } from './api-schema.js';
import { buildChildOrder, ChildOrder } from './child-order.js';
import type { HandlerTemplates, OwnerKind, ReconcilerConfig } from './config.js';
import { KATALOG_SCHEMA } from './katalog-schema.js';
import { childAcceptedAhead, compileChildCheck, schemaExplainer } from './schema-checks.js';
import type { YamlLocator } from './yaml-locator.js';
import { readYaml, type YamlSource } from './yaml-source.js';

/** One owner kind of a katalog, before handlers are attached. */
export type KatalogEntry = Omit<ReconcilerConfig, 'handlers' | 'logger' | 'observer' | 'templateEngine' | 'informers'>;

/** A loaded katalog. */
export interface Katalog {
  name: string;
  /** Where it was read from, for messages. */
  file: string | undefined;
  entries: KatalogEntry[];
  /** Every handler key the katalog uses, in order of first use: what to load before running it. */
  keys: string[];
}

/**
 * The problems of the order between child templates (`dependsOn`, references): unknown ids, cycles… each with
 * its path below `prefix` (`spec.crds[0].resources`); empty when the order holds.
 */
export function childOrderProblems(
  resources: Readonly<Record<string, HandlerTemplates>>,
  prefix: string,
  engine: TemplateEngine = defaultTemplateEngine(),
): FieldProblem[] {
  const order = buildChildOrder(resources, (source, field) => engine.reads(source, { field }));
  return order instanceof ChildOrder ? [] : order.problems.map((p) => ({ ...p, path: `${prefix}.${p.path}` }));
}

/** `10m` → 600000. */
export function parseDuration(text: string): number {
  const m = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
}

/** JSON pointer segments of an Ajv error → `spec.crds[0].owner.kind`. */
export function pathOf(segments: readonly (string | number)[]): string {
  let out = '';
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : out ? `.${s}` : s;
  return out;
}

function segmentsOf(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Where a field is, for a message: `katalog.yaml:12:3`, or the file alone when the document is empty. */
function where(locator: YamlLocator, path: string): string {
  return locator.locate(path) ?? locator.file ?? 'line 1:1';
}

/** An Ajv error as a field problem: segments below the checked value, a message, and a hint where one helps. */
export function describeAjvError(e: ErrorObject): {
  segments: (string | number)[];
  message: string;
  hint?: string;
  code?: 'required';
  field?: string;
} {
  const segments = segmentsOf(e.instancePath);
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    // With Ajv's `verbose`, the object's schema names the fields it takes: a near one is the likely meaning.
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const near = suggest(field, known);
    return {
      segments: [...segments, field],
      message: 'is not a known field',
      hint: near ? `did you mean ${near}?` : 'check the spelling; see the package README for the fields it takes',
    };
  }
  if (e.keyword === 'required') {
    const field = String(params.missingProperty);
    return { segments, message: `must have ${field}`, code: 'required', field };
  }
  if (e.keyword === 'const') return { segments, message: `must be ${JSON.stringify(params.allowedValue)}` };
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf') return { segments, message: wrongType(e) };
  return { segments, message: e.message ?? 'is invalid' };
}

const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'a map', array: 'a list' };

/**
 * `is a boolean, but must be an integer or a string` for a value no alternative takes (with Ajv's `verbose`, the
 * alternatives and the value are on the error). The value itself is never shown: it may be a secret.
 */
function wrongType(e: ErrorObject): string {
  const types = (Array.isArray(e.schema) ? (e.schema as { type?: unknown }[]) : [])
    .map((s) => s.type)
    .filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return 'has a value of the wrong type';
  const name = (t: string) => ARTICLE[t] ?? `a ${t}`;
  const data: unknown = e.data;
  const got = data === null ? 'null' : Array.isArray(data) ? 'array' : Number.isInteger(data) ? 'integer' : typeof data;
  return `is ${got === 'null' ? 'null' : name(got)}, but must be ${[...new Set(types)].map(name).join(' or ')}`;
}

function problemsOf(
  errors: readonly ErrorObject[] | null | undefined,
  prefix: readonly (string | number)[],
  locator: YamlLocator,
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    // anyOf reports each branch too; its summary line is enough.
    if (e.schemaPath.includes('/anyOf/') && !e.schemaPath.endsWith('/anyOf')) continue;
    const { segments, message, hint, code, field } = describeAjvError(e);
    const full = [...prefix, ...segments];
    const path = pathOf(full);
    const key = `${path} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: `${message} (${where(locator, path)})`, hint, ...(code ? { code, field } : {}) });
  }
  return out;
}

/** A handler of any kind needs a literal apiVersion and kind in each template: what {@link ResourceHandler.kindOf} says. */
function kindProblems(
  handler: ResourceHandler<unknown, ResolvedSpec>,
  item: unknown,
  at: readonly (string | number)[],
  locator: YamlLocator,
): FieldProblem[] {
  try {
    handler.kindOf?.(item);
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.problems.map((p) => {
      const path = `${pathOf(at)}.${p.path}`;
      return { ...p, path, message: `${p.message} (${where(locator, path)})` };
    });
  }
}

/**
 * Parses and validates a katalog: its text, or a {@link YamlSource} already read with {@link readYaml} (so a
 * caller that loads twice — for the keys, then with handlers — parses once). With `handlers`, each child is also checked against its handler's source
 * schema and an unknown handler key is reported; without, only the katalog's own structure is checked (read
 * {@link Katalog.keys} to know which handler packages to load, then load again with them).
 * Throws a {@link ValidationError} listing every problem, each with its field path and `file:line:column`.
 *
 * @example
 * const katalog = loadKatalog(readFileSync('katalog.yaml', 'utf8'), { file: 'katalog.yaml', handlers: [deployments.handler] });
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
    if (!validate(data)) throw new ValidationError(problemsOf(validate.errors, [], locator), { object });
  }

  const spec = (data as { spec: { crds: RawEntry[] } }).spec;
  const handlers = new Map((options.handlers ?? []).map((h) => [h.key, h]));
  const validators = new Map<string, ValidateFunction>();
  const problems: FieldProblem[] = [];
  const keys: string[] = [];
  spec.crds.forEach((entry, i) => {
    for (const [key, phases] of Object.entries(entry.resources)) {
      if (!keys.includes(key)) keys.push(key);
      if (!options.handlers) continue;
      const handler = handlers.get(key);
      if (!handler) {
        problems.push({
          path: pathOf(['spec', 'crds', i, 'resources', key]),
          message: `no resource handler "${key}" (${where(locator, pathOf(['spec', 'crds', i, 'resources', key]))})`,
          hint: `install its package (e.g. npm install @orkestra/${key}), or remove "${key}"`,
        });
        continue;
      }
      for (const phase of ['onCreate', 'onReconcile', 'onDelete'] as const) {
        (phases[phase] ?? []).forEach((item, j) => {
          const at = ['spec', 'crds', i, 'resources', key, phase, j];
          if (!childAcceptedAhead(handler, item)) {
            let check = validators.get(key);
            if (!check) {
              check = compileChildCheck(schemaExplainer(), handler.schema);
              validators.set(key, check);
            }
            if (!check(item)) return problems.push(...problemsOf(check.errors, at, locator));
          }
          if (handler.kindOf) problems.push(...kindProblems(handler, item, at, locator));
        });
      }
    }
  });
  const apis = spec.crds.map((entry, i) => {
    if (entry.api === undefined) return undefined;
    const read = readOwnerApi(entry.api, pathOf(['spec', 'crds', i, 'api']));
    for (const p of read.problems) problems.push({ ...p, message: `${p.message} (${where(locator, p.path)})` });
    return read.api;
  });
  spec.crds.forEach((entry, i) => {
    for (const p of childOrderProblems(
      entry.resources,
      pathOf(['spec', 'crds', i, 'resources']),
      options.templateEngine,
    ))
      problems.push({ ...p, message: `${p.message} (${where(locator, p.path)})` });
  });
  if (problems.length > 0) throw new ValidationError(problems, { object });

  const entries = spec.crds.map(
    (raw, i): KatalogEntry => ({
      owner: raw.owner,
      ...(apis[i] ? { api: apis[i] } : {}),
      resources: raw.resources,
      ...(raw.status ? { status: raw.status } : {}),
      ...(raw.readiness ? { readiness: raw.readiness } : {}),
      ...(raw.concurrency !== undefined ? { concurrency: raw.concurrency } : {}),
      ...(raw.namespaces ? { namespaces: raw.namespaces } : {}),
      ...(raw.resyncPeriod ? { resyncPeriodMs: parseDuration(raw.resyncPeriod) } : {}),
      ...(raw.finalizer ? { finalizer: raw.finalizer } : {}),
      ...(raw.fieldManager ? { fieldManager: raw.fieldManager } : {}),
      ...(raw.events ? { events: raw.events } : {}),
    }),
  );
  const name = (data as { metadata?: { name?: string } }).metadata?.name ?? file ?? 'katalog';
  return { name, file, entries, keys };
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
}
