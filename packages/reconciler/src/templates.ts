/**
 * The reconciler's compiled templates: the child planner and the status fields, compiled once when the
 * reconciler is built. A syntax error or an unknown helper fails construction, listing every problem with
 * its field path; resolving against a CR then never compiles again.
 */
import {
  type Logger,
  type OwnerObject,
  type ResolvedSpec,
  type ResourceHandler,
  ValidationError,
} from '@orkestra/core';
import {
  createTemplateEngine,
  type TemplateEngine,
  TemplateError,
  type TemplateProblem,
  type TemplateRead,
} from '@orkestra/template';
import { analyzeConfiguration } from './analysis/analyze.js';
import { ConfigurationError } from './analysis/problems.js';
import { buildChildOrder, ChildOrder } from './child-order.js';
import { ChildPlanner } from './child-planner.js';
import type { ReconcilerConfig } from './config.js';
import type { KindScopes } from './plan.js';
import type { StatusChildren } from './status-children.js';

/** Every template of a reconciler. */
export interface CompiledTemplates {
  engine: TemplateEngine;
  planner: ChildPlanner;
  /** The order between the child templates (`dependsOn`, references). */
  order: ChildOrder;
  /**
   * The status fields, resolved against the CR and its live children; a field that fails is left out.
   * `children` is called only when there are status fields (it copies the live children: see statusChildren).
   */
  status(cr: OwnerObject, children: () => StatusChildren, logger: Logger): Record<string, unknown>;
}

/**
 * Analyses (see `analyzeConfiguration`: the checks that need no cluster) and compiles the templates of
 * `config`; throws one {@link ConfigurationError} listing every problem the analysis finds, or one
 * {@link TemplateError} for what only compiling finds.
 */
export function compileReconcilerTemplates(
  config: ReconcilerConfig,
  handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>,
  resources?: KindScopes,
): CompiledTemplates {
  const engine = config.templateEngine ?? createTemplateEngine();
  const analysis = analyzeConfiguration(
    { ...config, handlers: [...handlers.values()] },
    { engine, ...(resources ? { scopes: resources } : {}) },
  );
  if (analysis.length > 0)
    throw new ConfigurationError(analysis, { object: { kind: config.owner.kind, name: 'configuration' } });
  const problems: TemplateProblem[] = [];
  let planner: ChildPlanner | undefined;
  try {
    planner = new ChildPlanner(config.resources, handlers, engine, resources);
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    problems.push(...e.problems);
  }
  const fields = Object.entries(config.status?.fields ?? {});
  for (const [name, template] of fields) problems.push(...engine.check(template, { field: `status.fields.${name}` }));
  if (problems.length > 0 || !planner) throw new TemplateError(problems);
  const statusReads = fields.map(([name, template]) => engine.reads(template, { field: `status.fields.${name}` }));
  // With the options the planner compiled each source with: its prepared tree is shared, not built again.
  const sensitive = (field: string) =>
    (handlers.get(field.slice(0, field.indexOf('.')))?.sensitiveFields?.length ?? 0) > 0;
  const order = buildChildOrder(config.resources, (source, field) =>
    engine.reads(source, { field, sensitive: sensitive(field) }),
  );
  if (!(order instanceof ChildOrder))
    throw new ValidationError(
      order.problems.map((p) => ({ ...p, path: `resources.${p.path}` })),
      { object: { kind: config.owner.kind, name: 'children' } },
    );
  return {
    engine,
    planner,
    order,
    status(cr, view, logger) {
      const out: Record<string, unknown> = {};
      if (fields.length === 0) return out;
      const { children, ambiguous } = view();
      const data = { ...cr, children };
      for (const [i, [name, template]] of fields.entries()) {
        const unclear = ambiguousRead(statusReads[i]!, ambiguous);
        if (unclear) {
          logger.warn({ field: `status.fields.${name}` }, `status field not resolved: ${unclear}`);
          continue;
        }
        try {
          const value = engine.resolveString(template, data, { field: `status.fields.${name}` });
          if (value !== undefined) out[name] = value;
        } catch (e) {
          logger.debug({ field: name, err: e instanceof Error ? e.message : String(e) }, 'status field not resolved');
        }
      }
      return out;
    },
  };
}

/** The message of the first ambiguous child (see {@link statusChildren}) a status field reads, if any. */
function ambiguousRead(reads: readonly TemplateRead[], ambiguous: ReadonlyMap<string, string>): string | undefined {
  if (ambiguous.size === 0) return undefined;
  for (const { path } of reads) {
    const message = path[0] === 'children' ? ambiguous.get(`${path[1]}.${path[2]}`) : undefined;
    if (message) return message;
  }
  return undefined;
}
