/**
 * The process-wide default engine and the convenience functions that use it. Create your own engine with
 * {@link createTemplateEngine} for custom helpers or a different cache size.
 */
import { createTemplateEngine } from './engine.js';
import type {
  CheckOptions,
  CompiledTemplate,
  CompileOptions,
  CustomResource,
  Resolved,
  ResolvedValue,
  TemplateEngine,
  TemplateProblem,
  When,
} from './types.js';

let engine: TemplateEngine | undefined;

/**
 * The default engine, created on first use: built-in helpers only, 5000 cached template strings.
 *
 * @example
 * defaultTemplateEngine().registerHelper('shout', (s) => `${String(s).toUpperCase()}!`);
 */
export function defaultTemplateEngine(): TemplateEngine {
  return (engine ??= createTemplateEngine());
}

/**
 * Compiles a template source once, with the default engine. Throws `TemplateError` listing every syntax error,
 * unknown helper or unsupported construct, each with its field.
 *
 * @example
 * const source = { image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}' };
 * const web = compileTemplate(source, { field: 'deployments[0]' });
 * web.resolve(cr); // { image: 'nginx:1.27', replicas: 3 }
 */
export function compileTemplate<T>(source: T, options?: CompileOptions): CompiledTemplate<Resolved<T>> {
  return defaultTemplateEngine().compile(source, options);
}

/**
 * Evaluates every templated string of `source` against `cr`, with the default engine. The source is compiled once
 * per source object; later calls only resolve. Throws `TemplateError` listing every failing field.
 *
 * @example
 * resolveTemplate({ name: '{{metadata.name}}-web', port: '{{spec.ports.[0]}}' }, cr);
 * // { name: 'shop-web', port: 8080 }
 */
export function resolveTemplate<T>(source: T, cr: CustomResource, options?: CompileOptions): Resolved<T> {
  return defaultTemplateEngine().resolve(source, cr, options);
}

/**
 * Resolves one template string against `cr`, with the default engine: its text, or the typed value of a string
 * that is exactly one expression.
 *
 * @example
 * resolveString('{{ .metadata.name }}-svc', cr); // 'shop-svc'
 * resolveString('{{spec.replicas}}', cr);        // 3
 */
export function resolveString(
  template: string,
  cr: CustomResource,
  options?: CompileOptions,
): ResolvedValue | undefined {
  return defaultTemplateEngine().resolveString(template, cr, options);
}

/**
 * Evaluates a `when` clause against `cr`, with the default engine. A missing field is absent, not an error.
 *
 * @example
 * evaluateWhen({ field: 'spec.environment', operator: 'equals', value: 'production' }, cr); // true
 * evaluateWhen("{{and spec.tls (eq spec.env 'prod')}}", cr);                                 // false
 */
export function evaluateWhen(when: When, cr: CustomResource): boolean {
  return defaultTemplateEngine().evaluateWhen(when, cr);
}

/**
 * Reports every problem of a template source without a CR, with the default engine: syntax errors, unknown
 * helpers and, given the CRD's `openAPIV3Schema`, paths the schema does not have.
 *
 * @example
 * checkTemplate({ image: '{{spec.imag}}' }, { schema, field: 'deployments[0]' });
 * // [{ field: 'deployments[0].image', path: 'spec.imag', message: 'spec.imag is not in the schema: …',
 * //    hint: 'did you mean spec.image?' }]
 */
export function checkTemplate(source: unknown, options?: CheckOptions): TemplateProblem[] {
  return defaultTemplateEngine().check(source, options);
}

/**
 * Reports every problem of a `when` clause without a CR, with the default engine.
 *
 * @example
 * checkWhen({ field: 'spec.enviroment', equals: 'prod' }, { schema });
 * // [{ field: 'when.field', hint: 'did you mean spec.environment?', … }]
 */
export function checkWhen(when: When, options?: CheckOptions): TemplateProblem[] {
  return defaultTemplateEngine().checkWhen(when, options);
}
