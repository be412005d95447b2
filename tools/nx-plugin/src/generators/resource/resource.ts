/**
 * The `resource` generator: scaffolds `packages/<key>`, a resource package for one Kubernetes kind, in the
 * shape of `packages/configmaps` — package.json (own version, exports with the `@orkestra/source` condition,
 * engines, files, sideEffects false), tsconfig/tsup/jest wiring, `src/types.ts`, `src/<kind>.ts` (resolve and
 * desired, the handler from core's `defineResource`), `src/index.ts`, unit and integration tests that state
 * the contract's cases and fail until they are filled in, `src/schema-check.generated.ts` (the schema compiled
 * ahead of time, the handler's `check`, kept current by the contract suite), README, CHANGELOG, LICENSE and a
 * changeset. It loads the built @orkestra/core and @orkestra/testenv to generate that check.
 *
 * What it refuses: a key that is not a package-name-safe DNS label, a kind that is not PascalCase, an
 * apiVersion that is not `group/version` or `v1`, and a `packages/<key>` that exists already (it never
 * overwrites). It adds the package to the root tsconfig.json references (what `nx sync` would add), and
 * touches no other existing file.
 *
 * @example
 * npx nx g @orkestra/nx-plugin:resource hpas --kind HorizontalPodAutoscaler --api-version autoscaling/v2
 */

import { fileURLToPath } from 'node:url';
import {
  type GeneratorCallback,
  generateFiles,
  joinPathFragments,
  logger,
  readJson,
  type Tree,
  updateJson,
} from '@nx/devkit';
import type { ResourceGeneratorSchema } from './schema.js';

/** Everything the templates under `files/` are rendered with. */
export interface ResourceNames {
  key: string;
  packageName: string;
  /** `packages/<key>`. */
  root: string;
  kind: string;
  apiVersion: string;
  plural: string;
  namespaced: boolean;
  /** `src/<fileName>.ts`, `test/<fileName>.test.ts`: the kind in lower case (`configmap`, `horizontalpodautoscaler`). */
  fileName: string;
  /** The default object name is `<owner>-<nameSuffix>`. */
  nameSuffix: string;
  /** The identifier tests import the package as (`import * as hpas`): the key in camelCase. */
  moduleName: string;
  /** `<Kind>Source`, `Resolved<Kind>`, `<Kind>SourceSchema`. */
  sourceType: string;
  resolvedType: string;
  schemaName: string;
  /** The export of `src/schema-check.generated.ts`, the handler's `check`: `<kind in camelCase>SourceAccepts`. */
  checkName: string;
  /** `^<version>` of @orkestra/core and @orkestra/testenv as they are in the workspace. */
  coreRange: string;
  testenvRange: string;
}

const KEY = /^[a-z]([a-z0-9-]*[a-z0-9])?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;
const API_VERSION =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?v[0-9]+((alpha|beta)[0-9]+)?$/;
const SUFFIX = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * The REST plural Kubernetes would derive for a kind (the rules of k8s.io/apimachinery's
 * `UnsafeGuessKindToResource`): lower case, then `es` after s/x/z/ch/sh, `ies` for a consonant + y, else `s`.
 *
 * @example
 * pluralOf('HorizontalPodAutoscaler'); // 'horizontalpodautoscalers'
 * pluralOf('Ingress'); // 'ingresses'
 * pluralOf('NetworkPolicy'); // 'networkpolicies'
 */
export function pluralOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

function versionOf(tree: Tree, pkg: string): string {
  const path = `packages/${pkg}/package.json`;
  if (!tree.exists(path))
    throw new Error(`resource generator: ${path} is missing; run the generator at the root of the Orkestra workspace`);
  return readJson<{ version: string }>(tree, path).version;
}

/**
 * Checks the options and derives every name the templates use. Throws an Error naming the option, the value
 * and the rule, before anything is written.
 */
export function resourceNames(tree: Tree, options: ResourceGeneratorSchema): ResourceNames {
  const problems: string[] = [];
  const { key, kind, apiVersion } = options;
  if (typeof key !== 'string' || !KEY.test(key) || key.length > 63)
    problems.push(
      `key: must be lower case letters, digits and '-', starting with a letter (it is the katalog key, the package @orkestra/<key> and the folder packages/<key>), got ${JSON.stringify(key)}`,
    );
  if (typeof kind !== 'string' || !KIND.test(kind))
    problems.push(
      `--kind: must be the Kubernetes kind in PascalCase, e.g. HorizontalPodAutoscaler, got ${JSON.stringify(kind)}`,
    );
  if (typeof apiVersion !== 'string' || !API_VERSION.test(apiVersion))
    problems.push(`--api-version: must be group/version (autoscaling/v2) or v1, got ${JSON.stringify(apiVersion)}`);
  if (options.plural !== undefined && !/^[a-z][a-z0-9]*$/.test(options.plural))
    problems.push(`--plural: must be lower case letters and digits, got ${JSON.stringify(options.plural)}`);
  if (options.nameSuffix !== undefined && !SUFFIX.test(options.nameSuffix))
    problems.push(`--name-suffix: must be a DNS-1123 label, got ${JSON.stringify(options.nameSuffix)}`);
  if (problems.length) throw new Error(`resource generator: ${problems.join('; ')}`);
  const root = `packages/${key}`;
  if (tree.exists(root))
    throw new Error(`resource generator: ${root} exists already; pick another key, or delete the folder first`);
  return {
    key,
    packageName: `@orkestra/${key}`,
    root,
    kind,
    apiVersion,
    plural: options.plural ?? pluralOf(kind),
    namespaced: !options.clusterScoped,
    fileName: kind.toLowerCase(),
    nameSuffix: options.nameSuffix ?? kind.toLowerCase(),
    moduleName: key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    sourceType: `${kind}Source`,
    resolvedType: `Resolved${kind}`,
    schemaName: `${kind}SourceSchema`,
    checkName: schemaCheckExportName(kind),
    coreRange: `^${versionOf(tree, 'core')}`,
    testenvRange: `^${versionOf(tree, 'testenv')}`,
  };
}

// The new package's `src/schema-check.generated.ts`: the schema `files/src/types.ts` starts with, compiled ahead
// of time as every resource package's is (see @orkestra/testenv's `schemaCheckCode`), so the package's `check`
// and the contract suite's freshness test hold from the first run. The schema is built here as types.ts builds
// it, with @orkestra/core's TypeBox helpers; resource.spec.ts and scripts/check-generator.mjs check the generated
// file against the scaffolded types.ts. (In this file, not a module of its own: Nx loads the generator with
// Node's type stripping, which does not map a `./x.js` import to `x.ts`.)

/** The path of the generated check inside the package. */
const SCHEMA_CHECK_FILE = 'src/schema-check.generated.ts';

/** The export of the generated check: `horizontalPodAutoscalerSourceAccepts`. */
export function schemaCheckExportName(kind: string): string {
  return `${kind.charAt(0).toLowerCase()}${kind.slice(1)}SourceAccepts`;
}

/** Thrown when the workspace packages the generator loads are not built. */
export class WorkspaceNotBuiltError extends Error {
  override readonly name = 'WorkspaceNotBuiltError';
  constructor(cause: unknown) {
    super(
      `resource generator: cannot load @orkestra/core and @orkestra/testenv/schema-check to generate ${SCHEMA_CHECK_FILE} (${cause instanceof Error ? cause.message : String(cause)}); build them first: npx nx run-many -t build -p @orkestra/core,@orkestra/testenv`,
      { cause },
    );
  }
}

/**
 * The text of `src/schema-check.generated.ts` for the schema the scaffolded `src/types.ts` declares. Loads the
 * built @orkestra/core and @orkestra/testenv (a {@link WorkspaceNotBuiltError} when they are not built).
 */
async function initialSchemaCheck(names: ResourceNames): Promise<string> {
  const [core, schemaCheck] = await Promise.all([
    import('@orkestra/core'),
    import('@orkestra/testenv/schema-check'),
  ]).catch((e: unknown) => {
    throw new WorkspaceNotBuiltError(e);
  });
  const schema = core.Type.Object(
    { ...core.commonSourceFields(`<owner>-${names.nameSuffix}`) },
    { additionalProperties: false, description: `A ${names.kind} owned by the custom resource.` },
  );
  return schemaCheck.schemaCheckCode(schema, {
    exportName: schemaCheckExportName(names.kind),
    origin: `${names.schemaName} (src/types.ts)`,
  });
}

/** Adds `./packages/<key>` to the root tsconfig.json references, as `nx sync` does, if it is not there. */
function addRootReference(tree: Tree, root: string): void {
  if (!tree.exists('tsconfig.json')) return;
  updateJson<{ references?: { path: string }[] }>(tree, 'tsconfig.json', (json) => {
    const references = json.references ?? [];
    if (!references.some((r) => r.path.replace(/^\.\//, '').replace(/\/$/, '') === root))
      references.push({ path: `./${root}` });
    return { ...json, references };
  });
}

/**
 * Writes `packages/<key>` and `.changeset/<key>-initial.md`. The returned callback prints the next steps
 * (`npm install` to link the package and record it in package-lock.json, then fill two files and run the
 * tests); it installs nothing itself, so the generator is safe to run in a copy of the workspace.
 */
export async function resourceGenerator(tree: Tree, options: ResourceGeneratorSchema): Promise<GeneratorCallback> {
  const names = resourceNames(tree, options);
  const check = await initialSchemaCheck(names);
  generateFiles(tree, fileURLToPath(new URL('./files', import.meta.url)), names.root, { ...names, tmpl: '' });
  tree.write(joinPathFragments(names.root, SCHEMA_CHECK_FILE), check);
  if (tree.exists('LICENSE')) tree.write(joinPathFragments(names.root, 'LICENSE'), tree.read('LICENSE') ?? '');
  tree.write(
    `.changeset/${names.key}-initial.md`,
    `---\n"${names.packageName}": minor\n---\n\nNew package: owner-aware Kubernetes ${names.kind}s (\`${names.apiVersion}\`), handler key \`${names.key}\`.\n`,
  );
  addRootReference(tree, names.root);
  return () => {
    logger.info(
      [
        `Created ${names.root} (${names.packageName}, handler key "${names.key}").`,
        'Next:',
        '  npm install            # links the package into node_modules and records it in package-lock.json',
        '  npx nx sync            # keeps tsconfig references in step with package.json dependencies',
        `  fill in ${names.root}/src/types.ts and ${names.root}/src/${names.fileName}.ts (every "FILL IN" comment),`,
        `  and the todo() cases of ${names.root}/test/*.ts, then:`,
        `  npx nx test ${names.packageName}`,
      ].join('\n'),
    );
  };
}

export default resourceGenerator;
