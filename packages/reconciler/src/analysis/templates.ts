/**
 * The templates of a configuration, before any CR exists: syntax, unknown helpers, `when` and `readyWhen`
 * clauses, `forEach`, status fields — and, given the owner's CRD schema, every CR path a template reads
 * (`spec.imag` → "did you mean spec.image?"). A forEach template's `{{item.…}}` is checked against the items
 * of the list it repeats over, where the CRD describes them.
 */
import type { JsonSchema, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { TemplateEngine, TemplateProblem } from '@orkestra/template';
import { childSource } from '../child-source.js';
import { childTemplates, type PlacedTemplate } from '../child-templates.js';
import type { HandlerTemplates } from '../config.js';
import type { ProblemList } from './problems.js';

const ANY: JsonSchema = { 'x-kubernetes-preserve-unknown-fields': true } as JsonSchema;

/** The schema at dotted `path` (`spec.sites`) of `schema`, or `undefined` where the schema does not say. */
function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const part of path.split('.')) {
    at = at?.properties?.[part];
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * The schema of one item of the CR list or map at `forEach`: the array's `items`, the map's
 * `additionalProperties`; anything else (unknown, preserved, not a path) reads as any value.
 */
function forEachItemSchema(schema: JsonSchema, forEach: unknown): JsonSchema {
  const list = typeof forEach === 'string' ? schemaAt(schema, forEach) : undefined;
  if (list?.type === 'array' && list.items && typeof list.items === 'object') return list.items;
  const values = list?.additionalProperties;
  if (list?.type === 'object' && values && typeof values === 'object') return values;
  return ANY;
}

/** `schema` with a forEach template's own names beside the CR's fields: its `item`, `index` and `key`. */
function withForEachItem(schema: JsonSchema, forEach: unknown): JsonSchema {
  const item = forEachItemSchema(schema, forEach);
  return { ...schema, properties: { ...(schema.properties ?? {}), item, index: ANY, key: ANY } };
}

/**
 * `schema` with the children a template may read beside the CR's fields (`children.<key>.<id>`: live objects,
 * which the child-reference stage checks against their kinds' schemas).
 */
function withChildren(schema: JsonSchema): JsonSchema {
  return { ...schema, properties: { ...(schema.properties ?? {}), children: ANY } };
}

/**
 * A template problem (field `deployments.onReconcile[0].image`) below `prefix` (`resources`), its line in the template
 * named.
 */
function templateProblem(prefix: string, p: TemplateProblem): { path: string; message: string; hint?: string } {
  const where =
    p.line !== undefined
      ? ` (line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''} of the template)`
      : '';
  return {
    path: `${prefix}${p.field ? `.${p.field}` : ''}`,
    message: `${p.message}${where}`,
    ...(p.hint ? { hint: p.hint } : {}),
  };
}

/** What the template stage reads of a configuration. */
interface TemplatedConfiguration {
  resources: Readonly<Record<string, HandlerTemplates>>;
  status?: { fields?: Readonly<Record<string, string>> } | undefined;
}

/**
 * Every template problem of `config` into `list`: child sources, `when`, `readyWhen` and `forEach`, status
 * fields; with `schema` (the owner CRD version's `openAPIV3Schema`), the CR paths they read too.
 */
export function checkTemplates(
  config: TemplatedConfiguration,
  handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>,
  engine: TemplateEngine,
  schema: JsonSchema | undefined,
  list: ProblemList,
): void {
  const add = (prefix: string) => (p: TemplateProblem) => list.add(templateProblem(prefix, p));
  for (const placed of childTemplates(config.resources)) {
    const sensitive = (handlers.get(placed.handlerKey)?.sensitiveFields?.length ?? 0) > 0;
    childTemplateProblems(placed, sensitive, engine, schema).forEach(add('resources'));
  }
  const statusSchema = schema && withChildren(schema);
  for (const [name, template] of Object.entries(config.status?.fields ?? {}))
    engine
      .check(template, { field: `fields.${name}`, ...(statusSchema ? { schema: statusSchema } : {}) })
      .forEach(add('status'));
}

/** The problems of one child template: its `readyWhen`, its `forEach` path, its source and its `when`. */
function childTemplateProblems(
  { field, template }: PlacedTemplate,
  sensitive: boolean,
  engine: TemplateEngine,
  schema: JsonSchema | undefined,
): TemplateProblem[] {
  const { when, forEach, readyWhen, source } = childSource(template);
  const problems: TemplateProblem[] = [];
  // readyWhen reads the child's live object, which the owner's CRD schema does not describe.
  if (readyWhen !== undefined) problems.push(...engine.checkWhen(readyWhen, { field: `${field}.readyWhen` }));
  // A forEach template repeats over a CR path, and reads its item (`item`, `index`, `key`): an item of it.
  if (schema && typeof forEach === 'string')
    problems.push(...engine.check(`{{${forEach}}}`, { field: `${field}.forEach`, schema }));
  const childSchema = schema && withChildren(forEach !== undefined ? withForEachItem(schema, forEach) : schema);
  const withSchema = childSchema ? { schema: childSchema } : {};
  problems.push(...engine.check(source, { field, sensitive, ...withSchema }));
  if (when !== undefined) problems.push(...engine.checkWhen(when, { field: `${field}.when`, ...withSchema }));
  return problems;
}
