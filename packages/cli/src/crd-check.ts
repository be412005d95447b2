/**
 * The katalog against owner CRDs — from files (`validate --crd`) or installed in the cluster (`run`, at start),
 * by the reconciler's analysis (`analyzeConfiguration`), each problem located in the katalog. Both report the
 * same problems; this file only reads the CRDs and turns the problems into the command's exit.
 */
import type { Kubeclient } from '@orkestra/core/kube';
import { analyzeConfiguration, type Katalog } from '@orkestra/reconciler';
import {
  collectKindSchemas,
  type FoundCrd,
  type KindSchemas,
  katalogSource,
  schemaLookup,
  type YamlLocator,
} from '@orkestra/reconciler/internal';
import type { TemplateEngine } from '@orkestra/template';
import { withBuiltInSchemas } from './built-in-schemas.js';
import type { Problem } from './exit-codes.js';
import type { AnyHandler } from './handlers.js';
import { clusterError } from './kube.js';

export type { Crd, FoundCrd } from '@orkestra/reconciler/internal';

/** The handlers of a katalog entry's keys (those loaded). */
function handlersOf(resources: object, handlers: ReadonlyMap<string, AnyHandler>): AnyHandler[] {
  return Object.keys(resources).flatMap((k) => (handlers.has(k) ? [handlers.get(k)!] : []));
}

/**
 * Every problem of the katalog against `crds`: owners and templates (the CR paths they read checked against
 * each owner version's schema), with what the analysis checks besides; `kindSchemas` adds the child kinds'
 * schemas (manifests' values, fields read of other children).
 */
export function checkAgainstCrds(
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  crds: readonly FoundCrd[],
  options: {
    locator: YamlLocator;
    engine: TemplateEngine;
    files: readonly string[];
    kindSchemas?: KindSchemas;
    scopes?: Kubeclient['resources'];
  },
): Problem[] {
  return katalog.entries.flatMap((entry, i) =>
    analyzeConfiguration(
      { ...entry, handlers: handlersOf(entry.resources, handlers) },
      {
        source: katalogSource(options.locator, i),
        engine: options.engine,
        crds: { crds, from: options.files },
        kindSchemas: options.kindSchemas,
        scopes: options.scopes,
      },
    ),
  );
}

/** The schemas of the child kinds the analysis reads, from `crds` and the cluster's OpenAPI (reads only). */
export async function childKindSchemas(
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  crds: readonly FoundCrd[],
  kube: Kubeclient | undefined,
  engine: TemplateEngine,
): Promise<KindSchemas> {
  const configs = katalog.entries.map((e) => ({ resources: e.resources, handlers: handlersOf(e.resources, handlers) }));
  try {
    // Without a cluster, built-in kinds are checked against the schemas shipped for the pinned Kubernetes version.
    const lookup = kube ? schemaLookup(crds, kube) : withBuiltInSchemas(schemaLookup(crds));
    return await collectKindSchemas(configs, lookup, engine);
  } catch (e) {
    throw kube ? clusterError(e, kube, "reading the child kinds' OpenAPI schemas") : e;
  }
}
