/**
 * {@link TemplateError}, the one error the resolver raises, and the internal failures that become it.
 *
 * A failure deep inside an evaluation knows the CR path (`spec.imag`) but not the template field; the caller that
 * walks the source tree adds the field and the CR, and gathers every failing field into one error.
 */
import { type ObjectLocation, OrkestraError } from '@orkestra/core';
import { describeObject } from '@orkestra/core/internal';
import type { TemplateProblem } from './types.js';

/**
 * A problem found without a CR, before its field is known. `excerpt` is template text: left out for sensitive sources.
 */
export interface StaticProblem {
  readonly message: string;
  readonly hint?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly path?: string | undefined;
  readonly excerpt?: string | undefined;
}

function formatProblem(p: TemplateProblem): string {
  const where = p.field ? `${p.field}: ` : '';
  const at = p.line !== undefined ? ` (line ${p.line}, column ${p.column ?? 1})` : '';
  return `${where}${p.message}${at}${p.hint ? ` (${p.hint})` : ''}`;
}

/**
 * A template could not be compiled or resolved. Carries every problem found, each with its template field
 * (`deployments[0].image`), the CR path when relevant (`spec.imag`) and, for syntax errors, line and column.
 * The first problem is also exposed as {@link field}, {@link path}, {@link line} and {@link column}.
 *
 * Messages never carry values read from the CR, and for sensitive (Secret) sources no template text either.
 *
 * @example
 * try {
 *   resolveTemplate({ image: '{{spec.imag}}' }, cr, { field: 'deployments[0]' });
 * } catch (err) {
 *   if (err instanceof TemplateError) console.log(err.field, err.path); // deployments[0].image spec.imag
 * }
 */
export class TemplateError extends OrkestraError {
  /** Every problem found; at least one. */
  readonly problems: readonly TemplateProblem[];
  /** Template field of the first problem (`deployments[0].image`), `undefined` for a lone string. */
  readonly field: string | undefined;
  /** CR path of the first problem (`spec.imag`), when one is involved. */
  readonly path: string | undefined;
  /** 1-based line of the first problem, for syntax errors. */
  readonly line: number | undefined;
  /** 1-based column of the first problem, for syntax errors. */
  readonly column: number | undefined;

  constructor(
    problems: TemplateProblem | readonly TemplateProblem[],
    options: { object?: ObjectLocation; cause?: unknown } = {},
  ) {
    const list: TemplateProblem[] = Array.isArray(problems)
      ? [...(problems as readonly TemplateProblem[])]
      : [problems as TemplateProblem];
    const where = options.object ? ` in ${describeObject(options.object)}` : '';
    const body =
      list.length === 1
        ? `template error${where}: ${formatProblem(list[0]!)}`
        : `${list.length} template problems${where}:\n  - ${list.map(formatProblem).join('\n  - ')}`;
    super('Template', body, options);
    const first = list[0];
    this.problems = list;
    this.field = first?.field ? first.field : undefined;
    this.path = first?.path;
    this.line = first?.line;
    this.column = first?.column;
  }
}

/** Where a CR lives, for messages: `{kind, namespace, name}` read from the object itself. */
export function locate(cr: unknown): ObjectLocation | undefined {
  if (typeof cr !== 'object' || cr === null) return undefined;
  const o = cr as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } | null };
  const meta = typeof o.metadata === 'object' && o.metadata !== null ? o.metadata : undefined;
  return {
    kind: typeof o.kind === 'string' ? o.kind : undefined,
    namespace: typeof meta?.namespace === 'string' ? meta.namespace : undefined,
    name: typeof meta?.name === 'string' ? meta.name : undefined,
  };
}

/**
 * An evaluation failed at a known CR path or helper, before the field is known. Internal: callers turn it into a
 * {@link TemplateProblem} with {@link toProblem}.
 */
export class EvalFailure extends Error {
  constructor(
    message: string,
    readonly details: {
      path?: string | undefined;
      hint?: string | undefined;
      /** The message comes from user code (a helper): left out for sensitive sources. */
      userText?: string | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'EvalFailure';
  }
}

/** Turns anything an evaluation threw into a problem of `field`. */
export function toProblem(err: unknown, field: string, sensitive: boolean): TemplateProblem {
  if (err instanceof EvalFailure) {
    const d = err.details;
    const message = d.userText !== undefined && !sensitive ? `${err.message}: ${d.userText}` : err.message;
    return { field, path: d.path, message, hint: d.hint };
  }
  if (err instanceof TemplateError && err.problems.length > 0) {
    const p = err.problems[0]!;
    return { ...p, field: p.field ? (field ? `${field}.${p.field}` : p.field) : field };
  }
  // Not ours: an error inside the engine itself. Its text may hold template text, not CR values.
  const text = err instanceof Error ? err.message : String(err);
  return { field, message: sensitive ? 'the template failed to evaluate' : `the template failed to evaluate: ${text}` };
}

/** A static problem of one template string, placed at its field. Template text stays out when sensitive. */
export function placeProblem(p: StaticProblem, field: string, sensitive: boolean): TemplateProblem {
  const excerpt = !sensitive && p.excerpt !== undefined ? ` in ${JSON.stringify(p.excerpt)}` : '';
  return { field, path: p.path, message: `${p.message}${excerpt}`, hint: p.hint, line: p.line, column: p.column };
}
