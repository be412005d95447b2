/**
 * What the analysis of a configuration reports: problems by field path — the path the user wrote, whichever way
 * they configured (`spec.crds[0].resources.deployments.onReconcile[0].imagee` in a katalog,
 * `children[0].onReconcile[0].imagee` with `defineOperator`, `resources.deployments.onReconcile[0].imagee` for a
 * `GenericReconciler`) — with `file:line:column` when the configuration came from a YAML file. The wording is
 * the same in every case.
 */
import { type FieldProblem, type ObjectLocation, ValidationError } from '@orkestra/core';

/** One problem of a configuration. */
export interface ConfigurationProblem extends FieldProblem {
  /** `katalog.yaml:14:20`, when the configuration came from a file and the field is in it. */
  location?: string | undefined;
}

/**
 * Where a configuration came from: how its paths (`resources.deployments.onReconcile[0]`, relative to a
 * `ReconcilerConfig`) are written where the user wrote them, and where they are in a file.
 */
export interface ConfigurationSource {
  /** The path as the user wrote it; default the path itself. */
  pathOf?(path: string): string;
  /** `file:line:column` of a path (as {@link pathOf} gives it), when known. */
  locate?(path: string): string | undefined;
}

/**
 * A configuration the analysis refused: every problem listed, each with its field path (and location, when
 * the configuration came from a file). Nothing has started.
 *
 * @example
 * try {
 *   new GenericReconciler(kube, config);
 * } catch (e) {
 *   if (e instanceof ConfigurationError) console.log(e.problems);
 * }
 */
export class ConfigurationError extends ValidationError {
  declare readonly problems: readonly ConfigurationProblem[];

  /** `object` names the configuration (`Katalog katalog.yaml`); a located problem's message ends with its location. */
  constructor(problems: readonly ConfigurationProblem[], options: { object?: ObjectLocation; cause?: unknown } = {}) {
    super(
      problems.map((p) => (p.location ? { ...p, message: `${p.message} (${p.location})` } : p)),
      options,
    );
  }
}

/** Turns configuration paths into the user's paths and locates them. */
export class ProblemList {
  readonly problems: ConfigurationProblem[] = [];

  constructor(private readonly source: ConfigurationSource = {}) {}

  /** Adds a problem at configuration path `path` (`resources.deployments.onReconcile[0].image`). */
  add(p: FieldProblem): void {
    const path = this.source.pathOf ? this.source.pathOf(p.path) : p.path;
    const location = this.source.locate?.(path);
    this.problems.push({ ...p, path, ...(location !== undefined ? { location } : {}) });
  }

  /** The user's paths reported so far (a missing required field's own path too): to not report a field twice. */
  reported(): Set<string> {
    const out = new Set<string>();
    for (const p of this.problems) {
      out.add(p.path);
      if (p.code === 'required' && p.field !== undefined) out.add(p.path ? `${p.path}.${p.field}` : p.field);
    }
    return out;
  }

  /** Adds each problem whose (user) path is not in `known`. */
  addNew(problems: readonly FieldProblem[], known: ReadonlySet<string>): void {
    for (const p of problems) {
      const path = this.source.pathOf ? this.source.pathOf(p.path) : p.path;
      if (!known.has(path)) this.add(p);
    }
  }
}
