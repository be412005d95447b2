/**
 * What a command writes: a readable summary on a terminal (colour only when stdout is a TTY and `NO_COLOR` is
 * unset), or with `--output json` one JSON document for scripts. Commands write through an {@link Output} so
 * tests can capture it and the bin can point it at the process streams.
 */

import type { Writable } from 'node:stream';
import { styleText } from 'node:util';

/** Where a command writes, and how. */
export interface Output {
  /** The command's result. */
  readonly out: Writable;
  /** Progress, warnings and errors. */
  readonly err: Writable;
  /** `json` for `--output json`. */
  readonly format: 'text' | 'json';
  /** Colour on `out`. */
  readonly color: boolean;
  /** Colour on `err`. */
  readonly errColor: boolean;
}

/** Output formats of `--output`. */
export const OUTPUT_FORMATS = ['text', 'json'] as const;

type Style = 'green' | 'red' | 'yellow' | 'cyan' | 'dim' | 'bold' | 'gray';

function colorWanted(stream: Writable, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean((stream as Writable & { isTTY?: boolean }).isTTY) && env.TERM !== 'dumb';
}

/** An {@link Output} for two streams: colour only where the stream is a terminal. */
export function createOutput(
  out: Writable,
  err: Writable,
  options: { format?: 'text' | 'json'; env?: NodeJS.ProcessEnv } = {},
): Output {
  const env = options.env ?? process.env;
  return { out, err, format: options.format ?? 'text', color: colorWanted(out, env), errColor: colorWanted(err, env) };
}

/** Text styled when `enabled`, plain otherwise. */
export function paint(enabled: boolean, style: Style | Style[], text: string): string {
  if (!enabled) return text;
  return styleText(style, text, { validateStream: false });
}

/** Writes a line to the command's result stream. */
export function line(output: Output, text = ''): void {
  output.out.write(`${text}\n`);
}

/** Writes a line to the progress/error stream. */
export function note(output: Output, text: string): void {
  output.err.write(`${text}\n`);
}

/** Writes `value` as pretty JSON to the result stream. */
export function json(output: Output, value: unknown): void {
  output.out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** The marks of the summaries: ✓ ✗ ! and friends, coloured when the stream is. */
export function marks(color: boolean) {
  return {
    ok: paint(color, 'green', '✓'),
    fail: paint(color, 'red', '✗'),
    warn: paint(color, 'yellow', '!'),
    add: paint(color, 'green', '+'),
    remove: paint(color, 'red', '-'),
    change: paint(color, 'yellow', '~'),
    same: paint(color, 'dim', '='),
    step: paint(color, 'cyan', '→'),
  };
}
