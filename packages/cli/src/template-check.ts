/**
 * Static checks of a katalog's templates, before any CR exists: syntax, unknown helpers, `when` clauses, and —
 * given the owner's CRD schema — every CR path a template reads (`spec.imag` → "did you mean spec.image?").
 * Problems carry the katalog field path and `file:line:column`.
 */
import type { JsonSchema } from '@orkestra/core';
import type { YamlLocator } from '@orkestra/reconciler';
import { childSource, type Katalog, PHASES, type Phase } from '@orkestra/reconciler';
import type { TemplateEngine, TemplateProblem } from '@orkestra/template';
import type { Problem } from './exit-codes.js';
import { withForEachItem } from './for-each-schema.js';
import type { AnyHandler } from './handlers.js';

export { PHASES, type Phase };

/** The katalog path of a child template: `spec.crds[0].resources.deployments.onReconcile[1]`. */
export function childPath(entryIndex: number, key: string, phase: Phase, index: number): string {
  return `spec.crds[${entryIndex}].resources.${key}.${phase}[${index}]`;
}

/** A template problem (field `deployments.onReconcile[0].image`) as a located katalog problem. */
export function templateProblem(
  entryIndex: number,
  p: TemplateProblem,
  locator: YamlLocator | undefined,
  prefix = 'resources',
): Problem {
  const path = `spec.crds[${entryIndex}].${prefix}${p.field ? `.${p.field}` : ''}`;
  const where =
    p.line !== undefined
      ? ` (line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''} of the template)`
      : '';
  return { path, message: `${p.message}${where}`, hint: p.hint, location: locator?.locate(path) };
}

/** Options of {@link checkKatalogTemplates}. */
export interface TemplateCheckOptions {
  engine: TemplateEngine;
  /** The owner CRD version's `openAPIV3Schema` for entry `i`, to check the CR paths templates read. */
  schemaFor?: (entryIndex: number) => JsonSchema | undefined;
  locator?: YamlLocator | undefined;
}

/**
 * Every template problem of the katalog: child sources, `when` clauses and status fields. An empty list means
 * the reconciler will compile every template.
 */
export function checkKatalogTemplates(
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  options: TemplateCheckOptions,
): Problem[] {
  const { engine, locator } = options;
  const problems: Problem[] = [];
  katalog.entries.forEach((entry, i) => {
    const schema = options.schemaFor?.(i);
    for (const [key, templates] of Object.entries(entry.resources)) {
      const sensitive = (handlers.get(key)?.sensitiveFields?.length ?? 0) > 0;
      for (const phase of PHASES) {
        (templates[phase] ?? []).forEach((item, j) => {
          const field = `${key}.${phase}[${j}]`;
          const { when, forEach, readyWhen, source } = childSource(item);
          // readyWhen reads the child's live object, which the owner's CRD schema does not describe.
          if (readyWhen !== undefined)
            for (const p of engine.checkWhen(readyWhen, { field: `${field}.readyWhen` }))
              problems.push(templateProblem(i, p, locator));
          // A forEach template repeats over a CR path, and reads its item (`item`, `index`, `key`): an item of it.
          // It may read other children (`children.<key>.<id>`): their live objects, no CRD schema describes.
          if (schema && typeof forEach === 'string')
            for (const p of engine.check(`{{${forEach}}}`, { field: `${field}.forEach`, schema }))
              problems.push(templateProblem(i, p, locator));
          const childSchema = schema && withChildren(forEach !== undefined ? withForEachItem(schema, forEach) : schema);
          for (const p of engine.check(source, { field, sensitive, ...(childSchema ? { schema: childSchema } : {}) }))
            problems.push(templateProblem(i, p, locator));
          if (when !== undefined) {
            for (const p of engine.checkWhen(when, {
              field: `${field}.when`,
              ...(childSchema ? { schema: childSchema } : {}),
            }))
              problems.push(templateProblem(i, p, locator));
          }
        });
      }
    }
    // Status fields also read the live children (`children.<key>.<name>`), which no CRD schema describes.
    const statusSchema: JsonSchema | undefined = schema && {
      ...schema,
      properties: { ...(schema.properties ?? {}), children: { 'x-kubernetes-preserve-unknown-fields': true } },
    };
    for (const [name, template] of Object.entries(entry.status?.fields ?? {})) {
      for (const p of engine.check(template, {
        field: `fields.${name}`,
        ...(statusSchema ? { schema: statusSchema } : {}),
      }))
        problems.push(templateProblem(i, p, locator, 'status'));
    }
  });
  return problems;
}

/** `schema` with the children a template may read beside the CR's fields. */
function withChildren(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: { ...(schema.properties ?? {}), children: { 'x-kubernetes-preserve-unknown-fields': true } },
  };
}
