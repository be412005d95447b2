/**
 * Resource packages, loaded by their katalog key at run time: `deployments` → `import('@orkestra/deployments')`
 * → its `handler` export. The CLI imports no resource package statically: a user installs the packages their
 * katalog uses, and a key whose package is missing is an error naming the `npm install` to run.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { editDistance } from '@orkestra/template';
import { CliError, ExitCode, type Problem } from './exit-codes.js';

/** A resource handler as the CLI drives it. */
export type AnyHandler = ResourceHandler<unknown, ResolvedSpec>;

/** Options of {@link loadHandlers}. */
export interface LoadHandlersOptions {
  /** Package of a key, overriding `@orkestra/<key>` (from `--resource-package widgets=@acme/orkestra-widgets`). */
  packages?: Readonly<Record<string, string>>;
  /** Also resolve packages from here (the project folder), after the CLI's own location. Default `process.cwd()`. */
  cwd?: string;
  /** The field path (`spec.crds[0].resources.widgets`) and location of a key, for messages; asked only on failure. */
  where?: (key: string) => { path: string; location?: string | undefined } | undefined;
}

/** `@orkestra/<key>`, or the package `--resource-package` names for it. */
export function packageFor(key: string, packages: Readonly<Record<string, string>> = {}): string {
  return packages[key] ?? `@orkestra/${key}`;
}

function isNotFound(e: unknown, specifier: string): boolean {
  const err = e as { code?: unknown; message?: unknown } | undefined;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : '';
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !/Cannot find (module|package)/.test(message))
    return false;
  // Only the package itself: a package that is there but lacks one of its own dependencies is another error.
  return message.includes(`'${specifier}'`) || message.includes(`"${specifier}"`) || !message.includes("'");
}

/** Imports a package from the CLI's location, then from `cwd`; `undefined` when it is in neither. */
export async function importPackage(specifier: string, cwd: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (e) {
    if (!isNotFound(e, specifier)) throw e;
  }
  let resolved: string;
  try {
    resolved = createRequire(join(cwd, 'package.json')).resolve(specifier);
  } catch (e) {
    if (isNotFound(e, specifier)) return undefined;
    throw e;
  }
  return (await import(pathToFileURL(resolved).href)) as Record<string, unknown>;
}

function isHandler(value: unknown): value is AnyHandler {
  const h = value as Partial<AnyHandler> | undefined;
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.key === 'string' &&
    typeof h.apiVersion === 'string' &&
    typeof h.kind === 'string' &&
    typeof h.plural === 'string' &&
    typeof h.resolve === 'function' &&
    typeof h.desired === 'function' &&
    typeof h.update === 'function' &&
    typeof h.create === 'function' &&
    typeof h.delete === 'function'
  );
}

/** Every `@orkestra/<name>` folder in the node_modules folders packages are looked up in (the CLI's, then cwd's). */
function installedOrkestraNames(cwd: string): string[] {
  const folders = [
    ...(createRequire(import.meta.url).resolve.paths('@orkestra/x') ?? []),
    ...(createRequire(join(cwd, 'package.json')).resolve.paths('@orkestra/x') ?? []),
  ];
  const names = new Set<string>();
  for (const folder of new Set(folders)) {
    try {
      for (const name of readdirSync(join(folder, '@orkestra'))) names.add(name);
    } catch {
      // No @orkestra scope in this folder.
    }
  }
  return [...names];
}

/**
 * The framework's own packages: never resource packages, so never imported to find out (`@orkestra/testenv`
 * would load client-node). Any other `@orkestra/*` package is a candidate.
 */
const FRAMEWORK_PACKAGES = new Set(['core', 'template', 'reconciler', 'operator', 'cli', 'testenv', 'nx-plugin']);

/**
 * The keys of the resource packages installed — the `@orkestra/*` packages and those mapped with
 * --resource-package that really export a resource handler — sorted. Imports each candidate: meant for
 * messages about a key that failed, not for every start.
 */
export async function installedKeys(options: Pick<LoadHandlersOptions, 'cwd' | 'packages'> = {}): Promise<string[]> {
  const cwd = options.cwd ?? process.cwd();
  const names = new Set([
    ...installedOrkestraNames(cwd).filter((n) => !FRAMEWORK_PACKAGES.has(n)),
    ...Object.keys(options.packages ?? {}),
  ]);
  const keys: string[] = [];
  for (const name of names) {
    const mod = await importPackage(packageFor(name, options.packages), cwd).catch(() => undefined);
    if (mod && isHandler(mod.handler ?? (mod.default as Record<string, unknown> | undefined)?.handler)) keys.push(name);
  }
  return keys.sort();
}

/**
 * The installed key nearest `key`, when near enough to be a misspelling (`configmap` → `configmaps`): at most
 * max(2, a quarter of its length) edits (template's `editDistance`: insertions, deletions, substitutions, swaps).
 */
function nearest(key: string, keys: readonly string[]): string | undefined {
  return keys
    .map((c) => ({ c, max: Math.max(2, Math.floor(c.length / 4)) }))
    .map(({ c, max }) => ({ c, max, d: editDistance(key, c, max) }))
    .filter(({ c, d, max }) => c !== key && d <= max)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))[0]?.c;
}

/**
 * The key of an installed resource package close to `key` (a misspelling: `configmap` → `configmaps`), or
 * undefined. Candidates are {@link installedKeys}: only a package that really exports a resource handler is
 * suggested, so adding a resource package needs no list to edit here.
 */
export async function nearInstalledKey(
  key: string,
  options: Pick<LoadHandlersOptions, 'cwd' | 'packages'> = {},
): Promise<string | undefined> {
  return nearest(key, await installedKeys(options));
}

/** What loading one key's package gave: its handler, or a problem (`missing`: the package is not installed). */
type HandlerLoad =
  | { key: string; handler: AnyHandler }
  | { key: string; problem: Problem; kind: 'missing' | 'misspelled' | 'invalid' };

/** Loads the handler of one key; never throws for a package that is missing or not a resource package. */
export async function loadHandler(key: string, options: LoadHandlersOptions = {}): Promise<HandlerLoad> {
  const cwd = options.cwd ?? process.cwd();
  const pkg = packageFor(key, options.packages);
  const at = (): Pick<Problem, 'path' | 'location'> => {
    const where = options.where?.(key);
    return { path: where?.path ?? `resources.${key}`, location: where?.location };
  };
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(pkg)) {
    return {
      key,
      kind: 'invalid',
      problem: {
        ...at(),
        message:
          `"${key}" is not a resource key: keys are npm package names without the @orkestra/ scope, such as ` +
          `deployments`,
      },
    };
  }
  const mod = await importPackage(pkg, cwd);
  if (!mod) {
    const keys = await installedKeys(options);
    const known = `the keys installed: ${keys.length ? keys.join(', ') : 'none'}`;
    const near = nearest(key, keys);
    if (near) {
      return {
        key,
        kind: 'misspelled',
        problem: {
          ...at(),
          message: `no resource package is installed for key "${key}": did you mean ${near}? (${known})`,
          hint:
            `write ${near} (the key of ${packageFor(near, options.packages)}), or install ${pkg} if it is a ` +
            `package of its own`,
        },
      };
    }
    return {
      key,
      kind: 'missing',
      problem: {
        ...at(),
        message: `the resource package ${pkg} for key "${key}" is not installed (${known})`,
        hint: `npm install ${pkg}`,
      },
    };
  }
  const handler = mod.handler ?? (mod.default as Record<string, unknown> | undefined)?.handler;
  if (!isHandler(handler)) {
    return {
      key,
      kind: 'invalid',
      problem: {
        ...at(),
        message: `${pkg} is installed but is not an Orkestra resource package: it exports no \`handler\``,
        hint: `check the package name, or map the key with --resource-package ${key}=<package>`,
      },
    };
  }
  if (handler.key !== key) {
    return {
      key,
      kind: 'invalid',
      problem: {
        ...at(),
        message: `${pkg} exports the handler of key "${handler.key}", not "${key}"`,
        hint: `write "${handler.key}" in the katalog, or map the key with --resource-package`,
      },
    };
  }
  return { key, handler };
}

/**
 * Loads the handler of every key. Throws one {@link CliError} listing every key that failed: exit code 4 when a
 * package is not installed (with the `npm install` line) or is not a resource package, 1 when every failing key
 * is a misspelling of an installed one ("did you mean configmaps?").
 *
 * @example
 * const handlers = await loadHandlers(['deployments', 'services']);
 * handlers.get('deployments')?.kind; // 'Deployment'
 */
export async function loadHandlers(
  keys: readonly string[],
  options: LoadHandlersOptions = {},
): Promise<Map<string, AnyHandler>> {
  const handlers = new Map<string, AnyHandler>();
  const failed: Extract<HandlerLoad, { problem: Problem }>[] = [];
  for (const key of keys) {
    const loaded = await loadHandler(key, options);
    if ('handler' in loaded) handlers.set(key, loaded.handler);
    else failed.push(loaded);
  }
  if (failed.length === 0) return handlers;
  const problems = failed.map((f) => f.problem);
  const missing = failed.filter((f) => f.kind === 'missing').map((f) => packageFor(f.key, options.packages));
  if (failed.every((f) => f.kind === 'misspelled')) {
    throw new CliError(
      ExitCode.Problems,
      `${failed.length === 1 ? 'a resource key is' : `${failed.length} resource keys are`} misspelled: ` +
        failed.map((f) => f.key).join(', '),
      { problems },
    );
  }
  const misspelled = failed.filter((f) => f.kind === 'misspelled').map((f) => f.key);
  const invalid = failed.filter((f) => f.kind === 'invalid').map((f) => f.key);
  const message = [
    missing.length
      ? `${missing.length === 1 ? 'a resource package is' : `${missing.length} resource packages are`} ` +
        `not installed: ${missing.join(', ')}`
      : '',
    misspelled.length ? `misspelled ${misspelled.length === 1 ? 'key' : 'keys'}: ${misspelled.join(', ')}` : '',
    invalid.length ? `not resource packages: ${invalid.map((k) => packageFor(k, options.packages)).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  throw new CliError(ExitCode.PackageMissing, message, {
    problems,
    ...(missing.length ? { hint: `run: npm install ${missing.join(' ')}` } : {}),
  });
}
