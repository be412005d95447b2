/**
 * Reading a katalog file the way every command needs it: parsed and validated (structure first, to learn its
 * keys), the resource packages of those keys loaded, validated again against each handler's schema, and the
 * templates checked — each problem with its field path and `file:line:column`.
 */
import { readFileSync } from 'node:fs';
import { ValidationError } from '@orkestra/core';
import { loadKatalog, type Katalog } from '@orkestra/reconciler';
import { createTemplateEngine, type TemplateEngine } from '@orkestra/template';
import { CliError, ExitCode, type Problem } from './exit-codes.js';
import { loadHandlers, type AnyHandler, type LoadHandlersOptions } from './handlers.js';
import { checkKatalogTemplates } from './template-check.js';
import { YamlLocator, splitLocation } from '@orkestra/reconciler';

/** A katalog ready to run. */
export interface LoadedKatalog {
  /** The path as given. */
  file: string;
  text: string;
  katalog: Katalog;
  handlers: Map<string, AnyHandler>;
  engine: TemplateEngine;
  locator: YamlLocator;
}

/** Reads a file named by an option; a missing or unreadable file is a usage error (exit code 2). */
export function readInputFile(path: string, option: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new CliError(ExitCode.Usage, `cannot read ${option} ${path}: ${why}`);
  }
}

/** A katalog ValidationError's problems, with their locations split out. */
export function katalogProblems(e: ValidationError): Problem[] {
  return e.problems.map((p) => {
    const { message, location } = splitLocation(p.message);
    return { path: p.path, message, hint: p.hint, location };
  });
}

/** Parses the katalog's structure only: its problems as located {@link Problem}s, or the katalog. */
export function parseKatalog(text: string, file: string): { katalog?: Katalog; problems: Problem[] } {
  try {
    return { katalog: loadKatalog(text, { file }), problems: [] };
  } catch (e) {
    if (e instanceof ValidationError) return { problems: katalogProblems(e) };
    throw e;
  }
}

/** Where each key of the katalog first appears, for messages about its package. */
export function keyLocations(katalog: Katalog, locator: YamlLocator): Record<string, { path: string; location?: string | undefined }> {
  const where: Record<string, { path: string; location?: string | undefined }> = {};
  katalog.entries.forEach((entry, i) => {
    for (const key of Object.keys(entry.resources)) {
      if (where[key]) continue;
      const path = `spec.crds[${i}].resources.${key}`;
      where[key] = { path, location: locator.locate(path) };
    }
  });
  return where;
}

/**
 * Reads, validates and prepares a katalog. Throws a {@link CliError}: exit code 2 for an unreadable file, 4 for a
 * resource package that is not installed, 1 listing every problem of the katalog or its templates.
 *
 * @example
 * const { katalog, handlers } = await readKatalog('katalog.yaml');
 */
export async function readKatalog(file: string, options: LoadHandlersOptions & { engine?: TemplateEngine } = {}): Promise<LoadedKatalog> {
  const text = readInputFile(file, '--katalog');
  const locator = new YamlLocator(text, file);
  const parsed = parseKatalog(text, file);
  if (!parsed.katalog) throw invalid(file, parsed.problems);
  const handlers = await loadHandlers(parsed.katalog.keys, { ...options, where: keyLocations(parsed.katalog, locator) });
  let katalog: Katalog;
  try {
    katalog = loadKatalog(text, { file, handlers: [...handlers.values()] });
  } catch (e) {
    if (e instanceof ValidationError) throw invalid(file, katalogProblems(e));
    throw e;
  }
  const engine = options.engine ?? createTemplateEngine();
  const problems = checkKatalogTemplates(katalog, handlers, { engine, locator });
  if (problems.length > 0) throw invalid(file, problems);
  return { file, text, katalog, handlers, engine, locator };
}

/** The katalog with every entry's namespaces replaced (when any are given: `--namespace`). */
export function withNamespaces(katalog: Katalog, namespaces: readonly string[]): Katalog {
  if (!namespaces.length) return katalog;
  return { ...katalog, entries: katalog.entries.map((e) => ({ ...e, namespaces: [...namespaces] })) };
}

function invalid(file: string, problems: Problem[]): CliError {
  return new CliError(ExitCode.Problems, `${file}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`, { problems, hint: `run \`orkestra validate --katalog ${file}\` to check it, with --crd to check template paths too` });
}
