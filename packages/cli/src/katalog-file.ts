/**
 * Reading a katalog file the way every command needs it: parsed and validated (structure first, to learn its
 * keys), the resource packages of those keys loaded, then analysed by the reconciler (each child against its
 * handler's schema, the templates, literal values) — each problem with its field path and `file:line:column`.
 */
import { readFileSync } from 'node:fs';
import { ValidationError } from '@orkestra/core';
import { ResourceRegistry } from '@orkestra/core/kube';
import { type Katalog, loadKatalog } from '@orkestra/reconciler';
import {
  type AnalysisOptions,
  readYaml,
  splitLocation,
  type YamlLocator,
  type YamlSource,
} from '@orkestra/reconciler/internal';
import { createTemplateEngine, type TemplateEngine } from '@orkestra/template';
import { CliError, ExitCode, type Problem } from './exit-codes.js';
import { type AnyHandler, type LoadHandlersOptions, loadHandlers } from './handlers.js';

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
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new CliError(ExitCode.Usage, `cannot read ${option} ${path}: ${why}`);
  }
}

/** A katalog ValidationError's problems, with their locations split out. */
function katalogProblems(e: ValidationError): Problem[] {
  return e.problems.map((p) => {
    const { message, location } = splitLocation(p.message);
    return { path: p.path, message, hint: p.hint, location, ...(p.code ? { code: p.code, field: p.field } : {}) };
  });
}

/** Reads the katalog's YAML once: its data, or its syntax problems. */
export function readKatalogYaml(text: string, file: string): { source?: YamlSource; problems: Problem[] } {
  try {
    return { source: readYaml(text, { file }), problems: [] };
  } catch (e) {
    if (e instanceof ValidationError) return { problems: katalogProblems(e) };
    throw e;
  }
}

/**
 * Checks the katalog's structure, or with `handlers` the whole analysis of the reconciler (each child, its
 * templates, literal values; with `analysis`, against CRDs and kind schemas too): its problems as located
 * {@link Problem}s, or the katalog.
 */
export function parseKatalog(
  source: YamlSource,
  handlers?: ReadonlyMap<string, AnyHandler>,
  engine?: TemplateEngine,
  analysis: Pick<AnalysisOptions, 'crds' | 'kindSchemas' | 'scopes'> = {},
): { katalog?: Katalog; problems: Problem[] } {
  try {
    const options = {
      ...(handlers ? { handlers: [...handlers.values()] } : {}),
      ...(engine ? { templateEngine: engine } : {}),
      // Without a cluster, the built-in kinds' scopes: a cluster-scoped manifest under a namespaced owner.
      scopes: analysis.scopes ?? new ResourceRegistry(),
      ...(analysis.crds ? { crds: analysis.crds } : {}),
      ...(analysis.kindSchemas ? { kindSchemas: analysis.kindSchemas } : {}),
    };
    return { katalog: loadKatalog(source, options), problems: [] };
  } catch (e) {
    if (e instanceof ValidationError) return { problems: katalogProblems(e) };
    throw e;
  }
}

/** Where each key of the katalog first appears, for messages about its package (located only when asked). */
export function keyLocations(
  katalog: Katalog,
  locator: YamlLocator,
): (key: string) => { path: string; location?: string | undefined } | undefined {
  return (key) => {
    const i = katalog.entries.findIndex((entry) => Object.hasOwn(entry.resources, key));
    if (i < 0) return undefined;
    const path = `spec.crds[${i}].resources.${key}`;
    return { path, location: locator.locate(path) };
  };
}

/**
 * Reads, validates and prepares a katalog: the file is read and parsed once, and parsed for positions only
 * when there is a problem to locate. Throws a {@link CliError}: exit code 2 for an unreadable file, 4 for a
 * resource package that is not installed, 1 listing every problem of the katalog or its templates.
 *
 * @example
 * const { katalog, handlers } = await readKatalog('katalog.yaml');
 */
export async function readKatalog(
  file: string,
  options: LoadHandlersOptions & { engine?: TemplateEngine } = {},
): Promise<LoadedKatalog> {
  const text = readInputFile(file, '--katalog');
  const read = readKatalogYaml(text, file);
  if (!read.source) throw invalid(file, read.problems);
  const source = read.source;
  // One engine for every reading of the templates (their order, their checks, the reconcilers' compile).
  const engine = options.engine ?? createTemplateEngine();
  const structure = parseKatalog(source, undefined, engine);
  if (!structure.katalog) throw invalid(file, structure.problems);
  const handlers = await loadHandlers(structure.katalog.keys, {
    ...options,
    where: keyLocations(structure.katalog, source.locator),
  });
  const full = parseKatalog(source, handlers, engine);
  if (!full.katalog) throw invalid(file, full.problems);
  return { file, text, katalog: full.katalog, handlers, engine, locator: source.locator };
}

/** The katalog with every entry's namespaces replaced (when any are given: `--namespace`). */
export function withNamespaces(katalog: Katalog, namespaces: readonly string[]): Katalog {
  if (!namespaces.length) return katalog;
  return { ...katalog, entries: katalog.entries.map((e) => ({ ...e, namespaces: [...namespaces] })) };
}

function invalid(file: string, problems: Problem[]): CliError {
  return new CliError(
    ExitCode.Problems,
    `${file}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`,
    {
      problems,
      hint: `run \`orkestra validate --katalog ${file}\` to check it, with --crd to check template paths too`,
    },
  );
}
