/**
 * The fields a template reads of other children (`{{children.services.db.spec.clusterIP}}`) and those a
 * `readyWhen` reads of its own child, against the schema of that child's kind: a field the kind does not have
 * would keep the CR waiting forever, so it is a problem of the configuration (`spec.clusterIPP` → "did you mean
 * spec.clusterIP?"). Checked wherever the kind's schema is at hand — a CRD given with the configuration, the
 * cluster's OpenAPI — and, while reconciling, against the schema the client read for the live child.
 */
import {
  type FieldProblem,
  type FieldStructure,
  type KubeObject,
  type ObjectClient,
  type ResolvedSpec,
  type ResourceHandler,
  ValidationError,
} from '@orkestra/core';
import { suggest, type TemplateEngine, type TemplateProblem, type When } from '@orkestra/template';
import { childSource } from '../child-source.js';
import { childTemplates } from '../child-templates.js';
import type { ChildTemplate, HandlerTemplates } from '../config.js';
import { type KindSchemas, literalKindOf, structureOf } from './kind-schemas.js';
import type { ProblemList } from './problems.js';

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** Why a path is not a field of a kind. */
interface MissingField {
  /** `spec has no field "clusterIPP"`. */
  detail: string;
  /** The path with the nearest field name, when one is near. */
  near?: string | undefined;
}

const ROOT_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'status']);

function show(parts: readonly string[]): string {
  return parts.reduce(
    (out, p) => (/^\d+$/.test(p) || p === '[]' ? `${out}[${p === '[]' ? '*' : p}]` : out ? `${out}.${p}` : p),
    '',
  );
}

/**
 * Why `parts` (from the object's root; `'[]'` or a number for a list item) is not a field of `structure`;
 * `undefined` when it is, or when the structure cannot tell (a preserved or undescribed part).
 */
function missingField(structure: FieldStructure, parts: readonly string[]): MissingField | undefined {
  let node = structure;
  for (let i = 0; i < parts.length; i++) {
    const next = below(node, parts[i]!, i === 0);
    if (next === 'untold') return undefined;
    if (next === 'missing') return missingAt(node.properties!, parts, i);
    node = next;
  }
  return undefined;
}

/**
 * The structure of `key` below `node`; `untold` when the structure cannot tell (a preserved or undescribed part,
 * a field every object has, `length` of a list), `missing` when `node` names its fields and `key` is not one.
 */
function below(node: FieldStructure, key: string, atRoot: boolean): FieldStructure | 'untold' | 'missing' {
  if (node.preserveUnknownFields) return 'untold';
  // Every object has these, whether its CRD's schema spells them out or not.
  if (atRoot && ROOT_FIELDS.has(key) && !node.properties?.[key]) return 'untold';
  if (key === '[]' || /^\d+$/.test(key)) return node.items ?? node.values ?? 'untold';
  const own = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
  const next = own ?? node.values;
  if (next) return next;
  if (!node.properties || (key === 'length' && node.items)) return 'untold';
  return 'missing';
}

/** Why `parts[i]` is not one of `properties`, the fields below `parts[0..i)`. */
function missingAt(
  properties: Readonly<Record<string, FieldStructure>>,
  parts: readonly string[],
  i: number,
): MissingField {
  const key = parts[i]!;
  const parent = show(parts.slice(0, i));
  const near = suggest(key, Object.keys(properties));
  return {
    detail: `${parent || 'the object'} has no field ${JSON.stringify(key)}`,
    near: near === undefined ? undefined : show([...parts.slice(0, i), near]),
  };
}

/** `spec.ports[0].name` or `.status.phase` → its keys. */
function keysOf(path: string): string[] {
  return path.replace(/^\./, '').match(/[^.[\]]+/g) ?? [];
}

/** The paths a `when`-like clause reads from its object: each condition's field, each expression's reads. */
function clauseReads(when: When, engine: TemplateEngine, field: string): string[][] {
  if (Array.isArray(when)) return when.flatMap((w: When) => clauseReads(w, engine, field));
  if (typeof when === 'string') return engine.reads(when, { field }).map((r) => [...r.path]);
  const condition = when as { field?: unknown };
  return typeof condition.field === 'string' ? [keysOf(condition.field)] : [];
}

/** Each child template with an `id`, by `<handler key>.<id>`: what `children.<key>.<id>` reads. */
function templatesById(
  resources: Readonly<Record<string, HandlerTemplates>>,
): Map<string, { key: string; item: ChildTemplate }> {
  const out = new Map<string, { key: string; item: ChildTemplate }>();
  for (const { handlerKey, template } of childTemplates(resources))
    if (typeof template.id === 'string') out.set(`${handlerKey}.${template.id}`, { key: handlerKey, item: template });
  return out;
}

/** What the reference stage reads of a configuration. */
interface ReferencingConfiguration {
  resources: Readonly<Record<string, HandlerTemplates>>;
  status?: { fields?: Readonly<Record<string, string>> } | undefined;
}

/** The problem of a path `display` not in `kind`'s schema (from `source`). */
function problem(path: string, display: string, kind: string, source: string, miss: MissingField, prefix = '') {
  return {
    path,
    message: `${display} is not a field of ${kind}: ${miss.detail} (${source})`,
    hint: miss.near ? `did you mean ${prefix}${miss.near}?` : `see kubectl explain ${kind.toLowerCase()}`,
  };
}

/**
 * Every field a template reads of another child, and every field a `readyWhen` reads, that the child's kind
 * does not have, into `list`. Kinds without a schema in `schemas` are not checked.
 */
export function checkChildReferences(
  config: ReferencingConfiguration,
  handlers: ReadonlyMap<string, Handler>,
  engine: TemplateEngine,
  schemas: KindSchemas,
  list: ProblemList,
): void {
  const byId = templatesById(config.resources);
  const reference = (prefix: string, field: string, path: readonly string[]) => {
    if (path[0] !== 'children' || path.length < 4) return;
    const target = byId.get(`${path[1]}.${path[2]}`);
    const of = target && structureKnown(handlers.get(target.key), target.item, schemas);
    const miss = of && missingField(of.structure, path.slice(3));
    if (of && miss)
      list.add(problem(`${prefix}.${field}`, show(path), of.kind, of.source, miss, `children.${path[1]}.${path[2]}.`));
  };
  for (const { handlerKey, field, template } of childTemplates(config.resources)) {
    const handler = handlers.get(handlerKey);
    const sensitive = (handler?.sensitiveFields?.length ?? 0) > 0;
    const { source, readyWhen } = childSource(template);
    for (const read of engine.reads(source, { field, sensitive })) reference('resources', read.field, read.path);
    const own = readyWhen === undefined ? undefined : structureKnown(handler, template, schemas);
    if (own && readyWhen !== undefined) checkReadyWhen(readyWhen, own, `${field}.readyWhen`, engine, list);
  }
  for (const [name, template] of Object.entries(config.status?.fields ?? {}))
    for (const read of engine.reads(template, { field: `fields.${name}` })) reference('status', read.field, read.path);
}

/** A child's kind, with its field structure and where its schema came from. */
interface KnownKind {
  kind: string;
  structure: FieldStructure;
  source: string;
}

/** The kind `item` makes and its field structure, when the kind is literal and its schema is in `schemas`. */
function structureKnown(
  handler: Handler | undefined,
  item: ChildTemplate,
  schemas: KindSchemas,
): KnownKind | undefined {
  const kind = handler && literalKindOf(handler, childSource(item).source);
  const found = kind && schemas.get(`${kind.apiVersion}/${kind.kind}`);
  const structure = found && !('unserved' in found) ? structureOf(found) : undefined;
  return kind && found && structure
    ? { kind: kind.kind, structure, source: 'source' in found ? found.source : '' }
    : undefined;
}

/** Every path the `readyWhen` at `field` reads of its own child that the child's kind does not have, into `list`. */
function checkReadyWhen(readyWhen: When, own: KnownKind, field: string, engine: TemplateEngine, list: ProblemList) {
  for (const path of clauseReads(readyWhen, engine, field)) {
    const miss = missingField(own.structure, path);
    if (miss) list.add(problem(`resources.${field}`, show(path), own.kind, own.source, miss));
  }
}

/** The field structure of a kind, as the reconciler knows it while reconciling (no request). */
export type FieldsOf = (apiVersion: string, kind: string) => FieldStructure | undefined;

/**
 * Reads (through the client's schema cache, which the drift matcher shares) the structures of the kinds other
 * templates read fields of, so that while reconciling a field a live child's kind does not have is an error
 * rather than a wait (see `ChildPlanner.knowFields`). A kind whose schema cannot be read is not checked.
 */
export async function readReferencedFields(
  kube: Pick<ObjectClient, 'schemaFor'>,
  config: ReferencingConfiguration,
  handlers: ReadonlyMap<string, Handler>,
  engine: TemplateEngine,
  signal?: AbortSignal,
): Promise<FieldsOf> {
  const byId = templatesById(config.resources);
  const kinds = new Map<string, { apiVersion: string; kind: string }>();
  for (const { handlerKey, field, template } of childTemplates(config.resources)) {
    const sensitive = (handlers.get(handlerKey)?.sensitiveFields?.length ?? 0) > 0;
    for (const { path } of engine.reads(childSource(template).source, { field, sensitive })) {
      const target = path[0] === 'children' ? byId.get(`${path[1]}.${path[2]}`) : undefined;
      const handler = target && handlers.get(target.key);
      const kind = handler && literalKindOf(handler, childSource(target.item).source);
      if (kind) kinds.set(`${kind.apiVersion}/${kind.kind}`, kind);
    }
  }
  const known = new Map<string, FieldStructure>();
  for (const [id, { apiVersion, kind }] of kinds) {
    const structure = await kube.schemaFor(apiVersion, kind, signal ? { signal } : {}).catch(() => undefined);
    if (structure) known.set(id, structure);
  }
  return (apiVersion, kind) => known.get(`${apiVersion}/${kind}`);
}

/**
 * The error of a template that waits on a field of another child its kind does not have
 * (`children.services.db.spec.clusterIPP`): that field never comes, so it is a ValidationError naming it,
 * not a wait. `undefined` when `problems` wait on fields the kinds have (or that no schema tells of).
 */
export function unknownChildField(
  problems: readonly TemplateProblem[],
  children: Readonly<Record<string, Readonly<Record<string, KubeObject>>>>,
  fieldsOf: FieldsOf,
): ValidationError | undefined {
  const found: FieldProblem[] = [];
  for (const p of problems) {
    const path = keysOf(p.path ?? '');
    const live = path[0] === 'children' ? children[path[1]!]?.[path[2]!] : undefined;
    const structure = live && fieldsOf(live.apiVersion, live.kind);
    const miss = structure && missingField(structure, path.slice(3));
    if (live && miss)
      found.push({
        path: p.field,
        message: `${p.path} is not a field of ${live.kind}: ${miss.detail}`,
        hint: miss.near
          ? `did you mean children.${path[1]}.${path[2]}.${miss.near}?`
          : `see kubectl explain ${live.kind.toLowerCase()}`,
      });
  }
  return found.length > 0 ? new ValidationError(found) : undefined;
}
