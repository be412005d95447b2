/**
 * `orkestra validate`: every static problem of a katalog at once — YAML syntax, the katalog's structure, each
 * child against its handler's schema, template syntax and helpers, `when` clauses, and with `--crd` the CR
 * paths every template reads against the owner CRD's schema, plus the CRD itself (kind, plural, version,
 * scope, status subresource). The literal values of native manifests are checked against their kind's schema
 * where one is at hand: a CRD given with `--crd`, or — with a `kube` client — the cluster's OpenAPI. Needs no
 * cluster otherwise.
 */
import { NotFoundError, type OpenApiDocument, problemPaths } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import type { Katalog } from '@orkestra/reconciler';
import { createTemplateEngine } from '@orkestra/template';
import { type Crd, checkAgainstCrds, type FoundCrd } from './crd-check.js';
import type { Problem } from './exit-codes.js';
import { type AnyHandler, type LoadHandlersOptions, loadHandler } from './handlers.js';
import { keyLocations, parseKatalog, readInputFile, readKatalogYaml } from './katalog-file.js';
import { clusterError } from './kube.js';
import { checkLiteralValues } from './literal-check.js';
import {
  checkManifestSchemas,
  type KindSchema,
  kindSchemaOf,
  type SchemaLookup,
  type UnservedKind,
} from './schema-values.js';
import { checkKatalogTemplates } from './template-check.js';
import { readYamlDocuments } from './yaml-documents.js';

/** What `validate` found. */
export interface ValidateResult {
  file: string;
  problems: Problem[];
  /** Packages that are not installed (each also a problem). */
  missingPackages: string[];
  /** What was checked, for the summary. */
  checked: string[];
  /** The exit code the result calls for: 0, 1, or 4 when a package is missing. */
  exitCode: 0 | 1 | 4;
}

/** The CRDs of YAML files; problems for anything else. */
export function readCrds(files: readonly string[]): { crds: FoundCrd[]; problems: Problem[] } {
  const crds: FoundCrd[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const read = readYamlDocuments(readInputFile(file, '--crd'), file);
    problems.push(...read.problems.map((p) => ({ ...p, path: '(crd yaml)' })));
    for (const { value, location } of read.documents) {
      const crd = value as Crd;
      if (crd.kind !== 'CustomResourceDefinition') {
        problems.push({ path: '(crd)', message: `is a ${String(crd.kind)}, not a CustomResourceDefinition`, location });
        continue;
      }
      crds.push({ crd, file, location });
    }
  }
  return { crds, problems };
}

/**
 * Validates a katalog file (and its owner CRDs). Never throws for problems of the katalog: they are in the
 * result; an unreadable file is a usage error.
 *
 * @example
 * const result = await validateKatalog('katalog.yaml', { crdFiles: ['crd.yaml'] });
 * for (const p of result.problems) console.log(`${p.location}: ${p.path}: ${p.message}`);
 */
export async function validateKatalog(
  file: string,
  options: LoadHandlersOptions & {
    crdFiles?: readonly string[];
    /** A cluster whose OpenAPI schemas the literal values of native manifests are checked against (reads only). */
    kube?: Kubeclient;
  } = {},
): Promise<ValidateResult> {
  const text = readInputFile(file, '--katalog');
  const crdFiles = options.crdFiles ?? [];
  const crdInput = crdFiles.length ? readCrds(crdFiles) : undefined;
  const checked = ['YAML syntax', 'katalog structure'];
  const done = (problems: Problem[], missingPackages: string[] = []): ValidateResult => ({
    file,
    problems: [...problems, ...(crdInput?.problems ?? [])],
    missingPackages,
    checked,
    exitCode: missingPackages.length ? 4 : problems.length || crdInput?.problems.length ? 1 : 0,
  });
  const read = readKatalogYaml(text, file);
  if (!read.source) return done(read.problems);
  const { source } = read;
  const { locator } = source;
  const parsed = parseKatalog(source);
  if (!parsed.katalog) return done(parsed.problems);

  const problems: Problem[] = [];
  const missingPackages: string[] = [];
  const handlers = new Map<string, AnyHandler>();
  const where = keyLocations(parsed.katalog, locator);
  for (const key of parsed.katalog.keys) {
    const loaded = await loadHandler(key, { ...options, where });
    if ('handler' in loaded) {
      handlers.set(key, loaded.handler);
      continue;
    }
    problems.push(loaded.problem);
    if (loaded.kind === 'missing') missingPackages.push(key);
    // A stand-in that accepts any child, so the rest of the katalog is still checked.
    handlers.set(key, { key, schema: {} } as AnyHandler);
  }
  checked.push('resource packages');
  const full = parseKatalog(source, handlers);
  problems.push(...full.problems);
  const katalog: Katalog = full.katalog ?? parsed.katalog;
  checked.push("children against their handlers' schemas");
  const engine = createTemplateEngine();
  if (crdInput) {
    problems.push(...checkAgainstCrds(katalog, handlers, crdInput.crds, { locator, engine, files: crdFiles }));
    checked.push('owners against their CRDs');
  } else {
    problems.push(...checkKatalogTemplates(katalog, handlers, { engine, locator }));
  }
  // A field the schema already refused (or found missing) is not listed twice.
  const known = reportedPaths(problems);
  problems.push(...checkLiteralValues(katalog, handlers, locator).filter((p) => !known.has(p.path)));
  checked.push("literal values (each handler's resolve, and where children may live)");
  const lookup = schemaLookup(crdInput?.crds ?? [], options.kube);
  for (const p of reportedPaths(problems)) known.add(p);
  problems.push(...(await checkManifestSchemas(katalog, handlers, locator, lookup)).filter((p) => !known.has(p.path)));
  checked.push(
    options.kube
      ? "manifests' literal values against their kinds' schemas (the CRDs given, the cluster's OpenAPI)"
      : crdInput
        ? "manifests' literal values against the CRDs given (pass --kubeconfig for built-in kinds)"
        : "manifests' literal values: no schema at hand (pass --crd or --kubeconfig)",
  );
  checked.push(
    crdInput
      ? 'templates (syntax, helpers, when, CR paths against the CRD schema)'
      : 'templates (syntax, helpers, when; pass --crd to check CR paths too)',
  );
  return done(problems, missingPackages);
}

/** The field paths `problems` are about (core's `problemPaths`: a missing required field's own path too). */
function reportedPaths(problems: readonly Problem[]): Set<string> {
  return new Set(problems.flatMap(problemPaths));
}

/** A child kind's schema: from a CRD given (that version), else the cluster's OpenAPI; or that the cluster does not serve it. */
function schemaLookup(crds: readonly FoundCrd[], kube: Kubeclient | undefined): SchemaLookup {
  const documents = new Map<string, Promise<OpenApiDocument | undefined>>();
  return async (apiVersion, kind): Promise<KindSchema | UnservedKind | undefined> => {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    for (const { crd, file } of crds) {
      if (crd.spec?.group !== group || crd.spec?.names?.kind !== kind) continue;
      const schema = crd.spec.versions?.find((v) => v.name === version)?.schema?.openAPIV3Schema;
      if (schema) return { schema: schema as KindSchema['schema'], source: file };
    }
    if (!kube) return undefined;
    let doc = documents.get(apiVersion);
    if (!doc) {
      doc = kube.openApiDocument(apiVersion).catch((e: unknown) => {
        throw clusterError(e, kube, `reading the OpenAPI schema of ${apiVersion}`);
      });
      documents.set(apiVersion, doc);
    }
    const found = await doc;
    const schema = found ? kindSchemaOf(found, apiVersion, kind, "the cluster's OpenAPI") : undefined;
    if (schema) return schema;
    // No schema: discovery tells whether the cluster serves the kind at all (run refuses a kind it does not).
    return kube.resourceFor(apiVersion, kind).then(
      () => undefined,
      (e: unknown) => {
        if (e instanceof NotFoundError) return { unserved: 'the cluster' };
        throw clusterError(e, kube, `discovering ${kind} in ${apiVersion}`);
      },
    );
  };
}
