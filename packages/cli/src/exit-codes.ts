/**
 * The exit codes of `orkestra`, one per kind of outcome, so scripts can branch on them. They are documented in
 * the README; a change here is a breaking change of the CLI.
 */

import type { FieldProblem } from '@orkestra/core';

/** Every exit code the command uses. */
export const ExitCode = {
  /** Done; for `diff`, every child is in sync; for `validate`, no problem. */
  Ok: 0,
  /** Problems found: an invalid katalog, CR or template (`validate`, `render`, `run`), or `diff` found a difference. */
  Problems: 1,
  /** Usage error: an unknown command or option, a missing or unreadable file. */
  Usage: 2,
  /** The cluster is unreachable, or refused the credentials (no kubeconfig, connection refused, 401). */
  Unreachable: 3,
  /** A resource package the katalog needs is not installed (the message names the `npm install` to run). */
  PackageMissing: 4,
  /** The identity lacks an RBAC permission the katalog needs (the message lists each one; see `generate rbac`). */
  Forbidden: 5,
  /** `run` lost its leader-election Lease (another replica took over): it stopped reconciling at once. */
  LeadershipLost: 6,
  /** Anything else: a bug or an unexpected answer (the message says what happened). */
  Internal: 7,
} as const;

/** One of {@link ExitCode}'s values. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** A located problem, as `validate` lists them and other commands print them. */
export interface Problem extends Pick<FieldProblem, 'code' | 'field'> {
  /** Field path, e.g. `spec.crds[0].resources.deployments.onReconcile[0].image`. */
  path: string;
  message: string;
  hint?: string | undefined;
  /** `katalog.yaml:14:20`, when known. */
  location?: string | undefined;
}

/**
 * An error that ends the command with a given exit code. Its message says what is wrong, where, and how to fix
 * it; `problems` lists each problem when there are several.
 */
export class CliError extends Error {
  readonly exitCode: ExitCodeValue;
  readonly problems: readonly Problem[];
  readonly hint: string | undefined;

  constructor(
    exitCode: ExitCodeValue,
    message: string,
    options: { problems?: readonly Problem[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.problems = options.problems ?? [];
    this.hint = options.hint;
  }
}
