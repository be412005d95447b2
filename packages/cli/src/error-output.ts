/**
 * How a failed command reports: its message, each located problem and a hint, as text on stderr, or with
 * `--output json` as one JSON error document on stdout.
 */
import type { CliError, Problem } from './exit-codes.js';
import { json, marks, note, type Output, paint } from './output.js';

/** One problem as one line: `  katalog.yaml:14:15 spec.crds[0]….image: message (hint)`. */
export function formatProblem(p: Problem, color: boolean): string {
  const where = p.location ? `${paint(color, 'dim', p.location)} ` : '';
  return `  ${where}${paint(color, 'cyan', p.path)}: ${p.message}${p.hint ? paint(color, 'dim', ` (${p.hint})`) : ''}`;
}

/** Prints a failure: text to stderr, or with --output json a JSON error document to stdout. */
export function printError(output: Output, e: CliError): void {
  if (output.format === 'json') {
    json(output, {
      error: {
        message: e.message,
        exitCode: e.exitCode,
        ...(e.hint ? { hint: e.hint } : {}),
        ...(e.problems.length ? { problems: e.problems } : {}),
      },
    });
    return;
  }
  const m = marks(output.errColor);
  note(output, `${m.fail} ${paint(output.errColor, 'bold', e.message)}`);
  for (const p of e.problems) note(output, formatProblem(p, output.errColor));
  if (e.hint) note(output, `  ${paint(output.errColor, 'dim', 'hint:')} ${e.hint}`);
}
