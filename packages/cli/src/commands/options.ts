/**
 * Options and help text shared by several commands, parsed the same way everywhere.
 */

import { parseDuration } from '@orkestra/reconciler/internal';
import { InvalidArgumentError, Option } from 'commander';
import { CliError, ExitCode } from '../exit-codes.js';
import { LOG_LEVELS, type LogLevel } from '../logger.js';
import { OUTPUT_FORMATS } from '../output.js';

/** Commander's accumulator for repeatable options. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `--resource-package key=package` values as a map; a malformed one is a usage error. */
export function packagesOption(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1)
      throw new CliError(
        ExitCode.Usage,
        `--resource-package ${v}: want key=package, e.g. widgets=@acme/orkestra-widgets`,
      );
    out[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return out;
}

/** A duration option (`15s`) in milliseconds; anything else is a usage error. */
export function duration(option: string, value: string): number {
  try {
    return parseDuration(value);
  } catch {
    throw new CliError(ExitCode.Usage, `${option} ${value}: not a duration (write 15s, 500ms, 2m)`);
  }
}

/** `-o, --output text|json`. */
export function outputOption(): Option {
  return new Option('-o, --output <format>', 'text for people, json for scripts')
    .choices(OUTPUT_FORMATS)
    .default('text');
}

/** `--resource-package key=package`, repeatable. */
export function resourcePackageOption(): Option {
  return new Option('--resource-package <key=package>', 'load the handler of a key from another package (repeatable)')
    .argParser(collect)
    .default([]);
}

/** `--log-level`; `debug` also prints the stack of an unexpected error. */
export function logLevelOption(
  defaultLevel: LogLevel,
  description = 'log level; debug also prints the stack of an unexpected error',
): Option {
  return new Option('--log-level <level>', description).choices(LOG_LEVELS).default(defaultLevel);
}

/** `--katalog-concurrency <count>` of run: a whole number of reconciles at once, 1 to 1000. */
export function katalogConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new InvalidArgumentError(`--katalog-concurrency ${value}: want a whole number from 1 to 1000`);
  return n;
}

/** `--shards <count>`: a whole number of shards, 1 to 65536 (run, generate manifests, generate rbac). */
export function shardCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65_536)
    throw new InvalidArgumentError(`--shards ${value}: want a whole number from 1 to 65536`);
  return n;
}
