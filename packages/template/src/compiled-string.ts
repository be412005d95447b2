/**
 * One compiled template string — the unit the engine caches. Built once from its analysis: static text, a
 * fast-path function, or a Handlebars template.
 */
import { analyzeTemplate, type FastPlan, type HelperRegistry, type PathUse, type StaticProblem } from './analyze.js';
import { generatePlanFunction, interpretPlan, mayBeUndefined } from './fast-path.js';
import { TemplateError, locate, placeProblem, toProblem } from './errors.js';
import type { HandlebarsRuntime } from './handlebars-path.js';
import type { Position } from './helpers.js';

export interface CompiledString {
  readonly template: string;
  readonly kind: 'static' | 'fast' | 'handlebars' | 'invalid';
  /** Problems that keep it from compiling; empty when it compiled. */
  readonly problems: readonly StaticProblem[];
  /** CR paths it reads, for the schema check. */
  readonly uses: readonly PathUse[];
  /** For `fast`: the plan, so a source tree can inline it. */
  readonly plan: FastPlan | undefined;
  /** Its value may be `undefined` (a typed helper call): a map key holding it is then left out. */
  readonly mayBeUndefined: boolean;
  /** Evaluates it. May throw a bare retry marker (fast path): call {@link explain} for the detailed error. */
  readonly run: (cr: unknown) => unknown;
  /** Evaluates it with detailed errors; same result as {@link run}. */
  readonly explain: (cr: unknown) => unknown;
}

function invalid(template: string, problems: readonly StaticProblem[], uses: readonly PathUse[]): CompiledString {
  const fail = (): never => {
    throw new Error('invalid template');
  };
  return { template, kind: 'invalid', problems, uses, plan: undefined, mayBeUndefined: false, run: fail, explain: fail };
}

/** Compiles one template string. `useFastPath: false` sends it through Handlebars even when the plan exists. */
export function compileString(
  template: string,
  helpers: HelperRegistry,
  runtime: HandlebarsRuntime,
  position: Position,
  useFastPath: boolean,
): CompiledString {
  if (!template.includes('{{')) {
    const value = (): unknown => template;
    return { template, kind: 'static', problems: [], uses: [], plan: undefined, mayBeUndefined: false, run: value, explain: value };
  }
  const analysis = analyzeTemplate(template, helpers, position);
  if (analysis.problems.length > 0 || !analysis.ast) return invalid(template, analysis.problems, analysis.uses);
  const plan = analysis.fast;
  if (plan && useFastPath) {
    return {
      template,
      kind: 'fast',
      problems: [],
      uses: analysis.uses,
      plan,
      mayBeUndefined: mayBeUndefined(plan),
      run: generatePlanFunction(plan),
      explain: (cr) => interpretPlan(plan, cr),
    };
  }
  let run: (cr: unknown) => unknown;
  try {
    run = runtime.compile(analysis.ast, analysis.typed, helpers, position);
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    return invalid(template, [{ message: `cannot compile: ${message}` }], analysis.uses);
  }
  return {
    template,
    kind: 'handlebars',
    problems: [],
    uses: analysis.uses,
    plan: undefined,
    mayBeUndefined: analysis.typed,
    run,
    explain: run,
  };
}

/** Throws the static problems of `leaf`, placed at `field`, when it did not compile. */
export function assertCompiled(leaf: CompiledString, field: string, sensitive: boolean): void {
  if (leaf.kind === 'invalid') throw new TemplateError(leaf.problems.map((p) => placeProblem(p, field, sensitive)));
}

/** Evaluates `leaf` against `cr`; on failure, evaluates again for the details and throws a {@link TemplateError}. */
export function runLeaf(leaf: CompiledString, cr: unknown, field: string, sensitive: boolean): unknown {
  try {
    return leaf.run(cr);
  } catch {
    // Fall through to the detailed evaluation.
  }
  try {
    return leaf.explain(cr);
  } catch (err) {
    throw new TemplateError(toProblem(err, field, sensitive), { object: locate(cr) });
  }
}
