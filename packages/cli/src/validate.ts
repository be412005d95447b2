/**
 * `orkestra validate`: every static problem of a katalog at once — YAML syntax, the katalog's structure, each
 * child against its handler's schema, template syntax and helpers, `when` clauses, and with `--crd` the CR
 * paths every template reads against the owner CRD's schema, plus the CRD itself (kind, plural, version,
 * scope, status subresource). The literal values of native manifests are checked against their kind's schema
 * where one is at hand: a CRD given with `--crd`, or — with a `kube` client — the cluster's OpenAPI. Needs no
 * cluster otherwise.
 */
import { type Kubeclient, ResourceRegistry } from '@orkestra/core/kube';
import { createTemplateEngine } from '@orkestra/template';
import { type Crd, childKindSchemas, type FoundCrd } from './crd-check.js';
import type { Problem } from './exit-codes.js';
import { type AnyHandler, type LoadHandlersOptions, loadHandler } from './handlers.js';
import { keyLocations, parseKatalog, readInputFile, readKatalogYaml } from './katalog-file.js';
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
  const engine = createTemplateEngine();
  const crds = crdInput?.crds ?? [];
  const kindSchemas = await childKindSchemas(parsed.katalog, handlers, crds, options.kube, engine);
  const full = parseKatalog(source, handlers, engine, {
    ...(crdInput ? { crds: { crds, from: crdFiles } } : {}),
    kindSchemas,
    scopes: scopesOf(crds, options.kube),
  });
  problems.push(...full.problems);
  checked.push("children against their handlers' schemas");
  if (crdInput) checked.push('owners against their CRDs');
  checked.push("literal values (each handler's resolve, names, and where children may live)");
  checked.push(
    options.kube
      ? "manifests' literal values and fields read of children against their kinds' schemas (the CRDs given, the " +
          "cluster's OpenAPI)"
      : "manifests' literal values and fields read of children against their kinds' schemas (the CRDs given; " +
          "built-in kinds: the schemas shipped with the CLI; pass --kubeconfig for the cluster's, --crd for custom " +
          'kinds)',
  );
  checked.push(
    crdInput
      ? 'templates (syntax, helpers, when, CR paths against the CRD schema)'
      : 'templates (syntax, helpers, when; pass --crd to check CR paths too)',
  );
  return done(problems, missingPackages);
}

/** Which kinds are cluster-scoped: the cluster's (discovery) or the built-in kinds', and the CRDs given. */
function scopesOf(crds: readonly FoundCrd[], kube: Kubeclient | undefined): ResourceRegistry {
  const scopes = kube?.resources ?? new ResourceRegistry();
  for (const { crd } of crds) {
    const { group, names, scope, versions } = crd.spec ?? {};
    if (!names?.kind || !names.plural) continue;
    for (const v of versions ?? [])
      scopes.register({
        apiVersion: group ? `${group}/${v.name}` : v.name,
        kind: names.kind,
        plural: names.plural,
        namespaced: scope !== 'Cluster',
      });
  }
  return scopes;
}
