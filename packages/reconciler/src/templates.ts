/**
 * The katalog's templates, compiled once when the reconciler is built: every child source and `when`
 * clause, and the status fields. A syntax error or an unknown helper fails construction, listing every
 * problem with its field path; resolving against a CR then never compiles again.
 */
import { type KubeObject, type Logger, type OwnerObject, type ResolvedSpec, type ResourceHandler } from '@orkestra/core';
import { TemplateError, createTemplateEngine, type TemplateEngine, type TemplateProblem } from '@orkestra/template';
import type { ReconcilerConfig } from './config.js';

/** One child template, ready to evaluate. */
export interface CompiledChild {
  handlerKey: string;
  phase: 'onCreate' | 'onReconcile' | 'onDelete';
  /** `deployments.onReconcile[0]`: how errors name it. */
  field: string;
  when(cr: OwnerObject): boolean;
  /** The template source with every string evaluated against the CR (`when` removed). */
  evaluate(cr: OwnerObject): unknown;
}

/** Every template of a reconciler. */
export interface CompiledTemplates {
  engine: TemplateEngine;
  children: CompiledChild[];
  /** The status fields, resolved against the CR and its live children; a field that fails is left out. */
  status(cr: OwnerObject, children: Record<string, Record<string, KubeObject>>, logger: Logger): Record<string, unknown>;
}

const PHASES = ['onCreate', 'onReconcile', 'onDelete'] as const;

/** Compiles the templates of `config`; throws one {@link TemplateError} listing every problem. */
export function compileReconcilerTemplates(config: ReconcilerConfig, handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>): CompiledTemplates {
  const engine = config.templateEngine ?? createTemplateEngine();
  const children: CompiledChild[] = [];
  const problems: TemplateProblem[] = [];
  for (const [handlerKey, templates] of Object.entries(config.resources)) {
    const handler = handlers.get(handlerKey);
    const sensitive = (handler?.sensitiveFields?.length ?? 0) > 0;
    for (const phase of PHASES) {
      (templates[phase] ?? []).forEach((item, index) => {
        const field = `${handlerKey}.${phase}[${index}]`;
        const { when, ...source } = item;
        try {
          const compiled = engine.compile(source, { field, sensitive });
          const whenFn = when === undefined ? () => true : engine.compileWhen(when);
          children.push({ handlerKey, phase, field, when: (cr) => whenFn(cr), evaluate: (cr) => compiled.resolve(cr) });
        } catch (e) {
          if (e instanceof TemplateError) problems.push(...e.problems);
          else throw e;
        }
      });
    }
  }
  const fields = Object.entries(config.status?.fields ?? {});
  for (const [name, template] of fields) {
    const found = engine.check(template, { field: `status.fields.${name}` });
    problems.push(...found);
  }
  if (problems.length > 0) {
    throw new TemplateError(problems);
  }
  return {
    engine,
    children,
    status(cr, live, logger) {
      const out: Record<string, unknown> = {};
      if (fields.length === 0) return out;
      const data = { ...cr, children: live };
      for (const [name, template] of fields) {
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
