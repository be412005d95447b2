/**
 * Resource packages, loaded by their katalog key at run time: `deployments` → `import('@orkestra/deployments')`
 * → its `handler` export. The CLI imports no resource package statically: a user installs the packages their
 * katalog uses, and a key whose package is missing is an error naming the `npm install` to run.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { CliError, ExitCode, type Problem } from './exit-codes.js';

/** A resource handler as the CLI drives it. */
export type AnyHandler = ResourceHandler<unknown, ResolvedSpec>;

/** Keys of the resource packages of this repository, for "did you mean" hints. */
export const KNOWN_KEYS = ['deployments', 'services', 'configmaps', 'secrets'] as const;

/** Options of {@link loadHandlers}. */
export interface LoadHandlersOptions {
  /** Package of a key, overriding `@orkestra/<key>` (from `--resource-package widgets=@acme/orkestra-widgets`). */
  packages?: Readonly<Record<string, string>>;
  /** Also resolve packages from here (the project folder), after the CLI's own location. Default `process.cwd()`. */
  cwd?: string;
  /** Field paths of each key, for messages (`spec.crds[0].resources.widgets`). */
  where?: Readonly<Record<string, { path: string; location?: string | undefined }>>;
}

/** `@orkestra/<key>`, or the package `--resource-package` names for it. */
export function packageFor(key: string, packages: Readonly<Record<string, string>> = {}): string {
  return packages[key] ?? `@orkestra/${key}`;
}

function isNotFound(e: unknown, specifier: string): boolean {
  const err = e as { code?: unknown; message?: unknown } | undefined;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : '';
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !/Cannot find (module|package)/.test(message)) return false;
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
  return typeof h === 'object' && h !== null && typeof h.key === 'string' && typeof h.apiVersion === 'string' && typeof h.kind === 'string' &&
    typeof h.plural === 'string' && typeof h.resolve === 'function' && typeof h.desired === 'function' && typeof h.update === 'function' &&
    typeof h.create === 'function' && typeof h.delete === 'function';
}

function closest(key: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++) d[0]![j] = j;
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    return d[a.length]![b.length]!;
  };
  let best: { key: string; d: number } | undefined;
  for (const c of candidates) {
    const d = distance(key, c);
    if (d <= Math.max(2, Math.floor(c.length / 4)) && (!best || d < best.d)) best = { key: c, d };
  }
  return best?.key;
}

/**
 * Loads the handler of every key. Throws one {@link CliError} (exit code 4) naming every package that is not
 * installed, with the `npm install` line; a package that is installed but exports no resource `handler`
 * (or one of another key) is an error too.
 *
 * @example
 * const handlers = await loadHandlers(['deployments', 'services']);
 * handlers.get('deployments')?.kind; // 'Deployment'
 */
export async function loadHandlers(keys: readonly string[], options: LoadHandlersOptions = {}): Promise<Map<string, AnyHandler>> {
  const cwd = options.cwd ?? process.cwd();
  const handlers = new Map<string, AnyHandler>();
  const missing: { key: string; pkg: string }[] = [];
  const problems: Problem[] = [];
  for (const key of keys) {
    const pkg = packageFor(key, options.packages);
    const where = options.where?.[key];
    const path = where?.path ?? `resources.${key}`;
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(pkg)) {
      problems.push({ path, message: `"${key}" is not a resource key: keys are npm package names without the @orkestra/ scope, such as deployments`, location: where?.location });
      continue;
    }
    const mod = await importPackage(pkg, cwd);
    if (!mod) {
      missing.push({ key, pkg });
      const similar = closest(key, [...new Set([...KNOWN_KEYS, ...handlers.keys()])].filter((k) => k !== key));
      problems.push({
        path,
        message: `the resource package ${pkg} for key "${key}" is not installed`,
        hint: `npm install ${pkg}${similar ? `, or did you mean "${similar}"?` : ''}`,
        location: where?.location,
      });
      continue;
    }
    const handler = mod.handler ?? (mod.default as Record<string, unknown> | undefined)?.handler;
    if (!isHandler(handler)) {
      problems.push({ path, message: `${pkg} is installed but is not an Orkestra resource package: it exports no \`handler\``, hint: `check the package name, or map the key with --resource-package ${key}=<package>`, location: where?.location });
      continue;
    }
    if (handler.key !== key) {
      problems.push({ path, message: `${pkg} exports the handler of key "${handler.key}", not "${key}"`, hint: `write "${handler.key}" in the katalog, or map the key with --resource-package`, location: where?.location });
      continue;
    }
    handlers.set(key, handler);
  }
  if (problems.length > 0) {
    const install = missing.length ? `npm install ${missing.map((m) => m.pkg).join(' ')}` : undefined;
    const message = missing.length === problems.length
      ? `${missing.length === 1 ? 'a resource package is' : `${missing.length} resource packages are`} not installed: ${missing.map((m) => m.pkg).join(', ')}`
      : `${problems.length} resource ${problems.length === 1 ? 'package' : 'packages'} could not be loaded`;
    throw new CliError(ExitCode.PackageMissing, message, { problems, ...(install ? { hint: `run: ${install}` } : {}) });
  }
  return handlers;
}
