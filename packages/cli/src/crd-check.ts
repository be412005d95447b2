/**
 * The owners and templates of a katalog against the owner CRDs — from files (`validate --crd`) or installed in
 * the cluster (`run`, at start): the owner's kind, group, plural, version, scope and status subresource, and
 * every CR path a template reads against the version's schema. Both report the same problems.
 */
import type { JsonSchema } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import type { Katalog, YamlLocator } from '@orkestra/reconciler';
import type { TemplateEngine } from '@orkestra/template';
import { CliError, ExitCode, type Problem } from './exit-codes.js';
import type { AnyHandler } from './handlers.js';
import { clusterError } from './kube.js';
import { checkKatalogTemplates } from './template-check.js';

/** One version of a CRD. */
interface CrdVersion {
  name: string;
  served?: boolean;
  subresources?: { status?: unknown };
  schema?: { openAPIV3Schema?: JsonSchema };
}
/** A CustomResourceDefinition, as much of it as the checks read. */
export interface Crd {
  kind?: string;
  metadata?: { name?: string };
  spec?: { group?: string; scope?: string; names?: { kind?: string; plural?: string }; versions?: CrdVersion[] };
}

/** A CRD and where it was found (`crd.yaml:1:1`, or the cluster). */
export interface FoundCrd {
  crd: Crd;
  file: string;
  location: string;
}

/** Checks each owner against its CRD; returns the problems and, per entry, the schema to check templates with. */
export function checkOwners(
  katalog: Katalog,
  crds: readonly FoundCrd[],
  locator: YamlLocator,
  files: readonly string[],
): { problems: Problem[]; schemas: (JsonSchema | undefined)[] } {
  const problems: Problem[] = [];
  const schemas = katalog.entries.map((entry, i) => {
    const o = entry.owner;
    const at = (field: string) => {
      const path = `spec.crds[${i}].owner${field ? `.${field}` : ''}`;
      return { path, location: locator.locate(path) };
    };
    const found = crds.find((c) => c.crd.spec?.group === o.group && c.crd.spec?.names?.kind === o.kind);
    if (!found) {
      const sameKind = crds.find((c) => c.crd.spec?.names?.kind === o.kind);
      problems.push({
        ...at(sameKind ? 'group' : 'kind'),
        message: `no CRD for ${o.kind} in group ${o.group} in ${files.join(', ')}${sameKind ? ` (there is one in group ${String(sameKind.crd.spec?.group)})` : ''}`,
        hint: 'pass the CRD of the owner kind with --crd, or fix the owner',
      });
      return undefined;
    }
    const spec = found.crd.spec!;
    if (spec.names?.plural !== o.plural)
      problems.push({
        ...at('plural'),
        message: `is "${o.plural}", but the CRD (${found.location}) says "${String(spec.names?.plural)}"`,
        hint: `write plural: ${String(spec.names?.plural)}`,
      });
    const namespaced = o.namespaced ?? true;
    if ((spec.scope === 'Cluster') === namespaced)
      problems.push({
        ...at('namespaced'),
        message: `the CRD (${found.location}) is ${spec.scope === 'Cluster' ? 'cluster-scoped' : 'namespaced'}, the katalog says namespaced: ${namespaced}`,
        hint: `write namespaced: ${spec.scope !== 'Cluster'}`,
      });
    const version = spec.versions?.find((v) => v.name === o.version);
    if (!version) {
      problems.push({
        ...at('version'),
        message: `the CRD (${found.location}) has no version ${o.version}; it has ${(spec.versions ?? []).map((v) => v.name).join(', ') || 'none'}`,
      });
      return undefined;
    }
    if (version.served === false)
      problems.push({ ...at('version'), message: `version ${o.version} of the CRD (${found.location}) is not served` });
    if (!version.subresources || version.subresources.status === undefined) {
      problems.push({
        ...at(''),
        message: `version ${o.version} of the CRD (${found.location}) has no status subresource, which the reconciler writes the Ready condition through`,
        hint: 'add `subresources: { status: {} }` to that version',
      });
    }
    return version.schema?.openAPIV3Schema;
  });
  return { problems, schemas };
}

/**
 * Every problem of the katalog against `crds`: owners (see {@link checkOwners}) and templates, with the CR paths
 * they read checked against each owner version's schema.
 */
export function checkAgainstCrds(
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  crds: readonly FoundCrd[],
  options: { locator: YamlLocator; engine: TemplateEngine; files: readonly string[] },
): Problem[] {
  const owners = checkOwners(katalog, crds, options.locator, options.files);
  return [
    ...owners.problems,
    ...checkKatalogTemplates(katalog, handlers, {
      engine: options.engine,
      locator: options.locator,
      schemaFor: (i) => owners.schemas[i],
    }),
  ];
}

/** The owner CRDs installed in the cluster (one GET each); an owner whose CRD is not installed is skipped. */
export async function installedCrds(kube: Kubeclient, katalog: Katalog): Promise<FoundCrd[]> {
  kube.resources.register({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
  });
  const found: FoundCrd[] = [];
  for (const { owner } of katalog.entries) {
    const name = `${owner.plural}.${owner.group}`;
    let crd: Crd | undefined;
    try {
      crd = (await kube.get({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name })) as
        | Crd
        | undefined;
    } catch (e) {
      throw clusterError(e, kube, `reading the CRD ${name} (to check the templates; --skip-crd-check skips it)`);
    }
    if (crd) found.push({ crd, file: 'the cluster', location: `customresourcedefinitions/${name}` });
  }
  return found;
}

/**
 * `run`'s check at start: the katalog against the CRDs installed in the cluster, with the messages of
 * `validate --crd`. Throws exit code 1 listing every problem.
 */
export async function assertFitsInstalledCrds(
  kube: Kubeclient,
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  options: { locator: YamlLocator; engine: TemplateEngine; file: string },
): Promise<void> {
  const crds = await installedCrds(kube, katalog);
  const problems = checkAgainstCrds(katalog, handlers, crds, { ...options, files: ['the cluster'] });
  if (problems.length === 0) return;
  throw new CliError(
    ExitCode.Problems,
    `${options.file} does not fit the CRDs installed in the cluster: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`,
    {
      problems,
      hint: `fix the katalog (orkestra validate --katalog ${options.file} --crd <the CRD file> lists the same problems), or pass --skip-crd-check to start anyway`,
    },
  );
}
