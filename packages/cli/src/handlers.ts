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

/** Edit distance of two keys (Levenshtein). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length]![b.length]!;
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
 * The key of an installed resource package close to `key` (a misspelling: `configmap` → `configmaps`), or
 * undefined. Candidates are the installed `@orkestra/*` packages and the keys mapped with --resource-package;
 * only a package that really exports a resource handler is suggested, so adding a resource package needs no
 * list to edit here.
 */
export async function nearInstalledKey(
  key: string,
  options: Pick<LoadHandlersOptions, 'cwd' | 'packages'> = {},
): Promise<string | undefined> {
  const cwd = options.cwd ?? process.cwd();
  const candidates = [...new Set([...installedOrkestraNames(cwd), ...Object.keys(options.packages ?? {})])]
    .filter((c) => c !== key)
    .map((c) => ({ c, d: distance(key, c) }))
    .filter(({ c, d }) => d <= Math.max(2, Math.floor(c.length / 4)))
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  for (const { c } of candidates) {
    const mod = await importPackage(packageFor(c, options.packages), cwd).catch(() => undefined);
    if (mod && isHandler(mod.handler ?? (mod.default as Record<string, unknown> | undefined)?.handler)) return c;
  }
  return undefined;
}

/** What loading one key's package gave: its handler, or a problem (`missing`: the package is not installed). */
export type HandlerLoad =
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
        message: `"${key}" is not a resource key: keys are npm package names without the @orkestra/ scope, such as deployments`,
      },
    };
  }
  const mod = await importPackage(pkg, cwd);
  if (!mod) {
    const near = await nearInstalledKey(key, options);
    if (near) {
      return {
        key,
        kind: 'misspelled',
        problem: {
          ...at(),
          message: `no resource package is installed for key "${key}": did you mean ${near}?`,
          hint: `write ${near} (the key of ${packageFor(near, options.packages)}), or install ${pkg} if it is a package of its own`,
        },
      };
    }
    return {
      key,
      kind: 'missing',
      problem: {
        ...at(),
        message: `the resource package ${pkg} for key "${key}" is not installed`,
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
      `${failed.length === 1 ? 'a resource key is' : `${failed.length} resource keys are`} misspelled: ${failed.map((f) => f.key).join(', ')}`,
      { problems },
    );
  }
  const misspelled = failed.filter((f) => f.kind === 'misspelled').map((f) => f.key);
  const invalid = failed.filter((f) => f.kind === 'invalid').map((f) => f.key);
  const message = [
    missing.length
      ? `${missing.length === 1 ? 'a resource package is' : `${missing.length} resource packages are`} not installed: ${missing.join(', ')}`
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
