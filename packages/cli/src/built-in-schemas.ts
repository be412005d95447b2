/**
 * The schemas of Kubernetes' built-in kinds for the version this release pins, shipped with the CLI (generated at
 * build from the Kubernetes source's OpenAPI v3 documents by scripts/generate-built-in-schemas.mjs), so that
 * `orkestra validate` without a cluster checks what a katalog reads of a built-in child (`children.…`) and its
 * manifests' literal values, as kubeconform checks manifests offline. A cluster, when given, always wins: its own
 * OpenAPI says what it serves (a newer or older Kubernetes, or an alpha group turned on).
 */
import { readFile } from 'node:fs/promises';
import type { OpenApiDocument } from '@orkestra/core/internal';
import { kindSchemaOf, type SchemaLookup } from '@orkestra/reconciler/internal';

/** What the generated file holds. */
interface BuiltInSchemas {
  kubernetesVersion: string;
  /** One document per GA or beta group-version (`v1`, `apps/v1`, …): its `components.schemas`. */
  documents: Record<string, OpenApiDocument>;
}

/** Where the build writes it: `generated/` beside `src/` and `dist/`, so one path serves both. */
const FILE = new URL('../generated/built-in-schemas.json', import.meta.url);

let loaded: Promise<BuiltInSchemas> | undefined;

/** Reads the shipped schemas once per process, when a lookup first needs them. */
function builtInSchemas(): Promise<BuiltInSchemas> {
  loaded ??= readFile(FILE, 'utf8').then(
    (text) => JSON.parse(text) as BuiltInSchemas,
    (e: unknown) => {
      throw new Error(
        `@orkestra/cli: the built-in kinds' schemas (${FILE.pathname}) cannot be read: ${(e as Error).message}; ` +
          'reinstall @orkestra/cli (in this repository: npx nx run @orkestra/cli:generate)',
      );
    },
  );
  return loaded;
}

/**
 * `lookup`, and where it finds nothing, the shipped schema of a built-in kind: for checks without a cluster. A
 * kind the shipped documents lack (a custom resource whose CRD was not given) stays unknown, never "unserved".
 */
export function withBuiltInSchemas(lookup: SchemaLookup): SchemaLookup {
  return async (apiVersion, kind) => {
    const found = await lookup(apiVersion, kind);
    if (found) return found;
    const { kubernetesVersion, documents } = await builtInSchemas();
    const doc = Object.hasOwn(documents, apiVersion) ? documents[apiVersion] : undefined;
    return doc ? kindSchemaOf(doc, apiVersion, kind, `Kubernetes ${kubernetesVersion}'s OpenAPI`) : undefined;
  };
}
