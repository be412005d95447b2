/**
 * The `resource` generator: scaffolds `packages/<key>`, a resource package for one Kubernetes kind, in the
 * shape of `packages/configmaps` — package.json (own version, exports with the `@orkestra/source` condition,
 * engines, files, sideEffects false), tsconfig/tsup/jest wiring, `src/types.ts`, `src/<kind>.ts` (resolve and
 * desired, the handler from core's `defineResource`), `src/index.ts`, unit and integration tests that state
 * the contract's cases and fail until they are filled in, README, CHANGELOG, LICENSE and a changeset. Every file
 * it writes is hand-written code to fill in: the handler's `check` (the schema compiled ahead of time) is build
 * output, `generated/schema-check.ts`, written by the package's `generate` target as in every resource package.
 *
 * What it refuses: a key that is not a package-name-safe DNS label, a kind that is not PascalCase, an
 * apiVersion that is not `group/version` or `v1`, and a `packages/<key>` that exists already (it never
 * overwrites). It adds the package to the root tsconfig.json references (what `nx sync` would add), and
 * touches no other existing file.
 *
 * @example
 * npx nx g @orkestra/nx-plugin:resource hpas --kind HorizontalPodAutoscaler --api-version autoscaling/v2
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type GeneratorCallback,
  generateFiles,
  joinPathFragments,
  logger,
  parseJson,
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
  /** The kind with its indefinite article, for prose: `a ConfigMap`, `an Ingress`. */
  aKind: string;
  /** The same at the start of a sentence: `A ConfigMap`, `An Ingress`. */
  AKind: string;
  /** The kind in the plural, for prose: `ConfigMaps`, `Ingresses`, `NetworkPolicies`. */
  kinds: string;
  apiVersion: string;
  plural: string;
  namespaced: boolean;
  /**
   * `src/<fileName>.ts`, `test/<fileName>.test.ts`: the kind in lower case (`configmap`, `horizontalpodautoscaler`).
   */
  fileName: string;
  /** The default object name is `<owner>-<nameSuffix>`. */
  nameSuffix: string;
  /** The identifier tests import the package as (`import * as hpas`): the key in camelCase. */
  moduleName: string;
  /** `<Kind>Source`, `Resolved<Kind>`, `<Kind>SourceSchema`. */
  sourceType: string;
  resolvedType: string;
  schemaName: string;
  /** The export of `generated/schema-check.ts`, the handler's `check`: `<kind in camelCase>SourceAccepts`. */
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
  return kindPlural(kind).toLowerCase();
}

/**
 * The kind in the plural, its case kept, by the same rules as {@link pluralOf}: for prose.
 *
 * @example
 * kindPlural('Ingress'); // 'Ingresses'
 * kindPlural('NetworkPolicy'); // 'NetworkPolicies'
 */
export function kindPlural(kind: string): string {
  if (/(s|x|z|ch|sh)$/i.test(kind)) return `${kind}es`;
  if (/[^aeiou]y$/i.test(kind)) return `${kind.slice(0, -1)}ies`;
  return `${kind}s`;
}

/**
 * The kind with its indefinite article: `an` before a vowel letter, else `a`. Kinds are read letter by letter
 * here (`an Ingress`, `an EndpointSlice`, `a HorizontalPodAutoscaler`).
 *
 * @example
 * withArticle('Ingress'); // 'an Ingress'
 * withArticle('ConfigMap'); // 'a ConfigMap'
 */
export function withArticle(kind: string): string {
  return `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`;
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
      `key: must be lower case letters, digits and '-', starting with a letter (it is the katalog key, the package ` +
        `@orkestra/<key> and the folder packages/<key>), got ${JSON.stringify(key)}`,
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
    aKind: withArticle(kind),
    AKind: capitalise(withArticle(kind)),
    kinds: kindPlural(kind),
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

/** The export of the generated check: `horizontalPodAutoscalerSourceAccepts`. */
export function schemaCheckExportName(kind: string): string {
  return `${kind.charAt(0).toLowerCase()}${kind.slice(1)}SourceAccepts`;
}

function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The workspace this plugin belongs to: its Biome binary and configuration format the new package. */
const WORKSPACE = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Thrown when Biome cannot format the new package's files (it is not installed, or a template is not valid code). */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}

function filesUnder(tree: Tree, dir: string): string[] {
  return tree.children(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return tree.isFile(path) ? [path] : filesUnder(tree, path);
  });
}

/**
 * Formats the new package's code files as `biome check --write` does in the workspace (the formatter settings of
 * its biome.jsonc; imports and exports sorted), so the package passes lint as generated whatever the names'
 * lengths. Biome runs on copies in a temporary folder, with those settings alone: no linter, so no scan of the
 * workspace (a fraction of a second). Throws a {@link FormatError} when Biome fails.
 */
function formatWithBiome(tree: Tree, root: string): void {
  const settings = parseJson<{ formatter?: object; javascript?: object }>(
    readFileSync(join(WORKSPACE, 'biome.jsonc'), 'utf8'),
  );
  const files = filesUnder(tree, root).filter((path) => /\.(ts|cjs|mjs|js)$/.test(path));
  const dir = mkdtempSync(join(tmpdir(), 'orkestra-resource-'));
  try {
    const config = { formatter: settings.formatter, javascript: settings.javascript, linter: { enabled: false } };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    for (const path of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), tree.read(path) ?? '');
    }
    const biome = spawnSync(join(WORKSPACE, 'node_modules/.bin/biome'), ['check', '--write', root], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (biome.status !== 0)
      throw new FormatError(
        `resource generator: Biome could not format ${root} (${biome.error?.message ?? `exit ${biome.status}`}): ` +
          `${biome.stdout}${biome.stderr}`,
      );
    for (const path of files) tree.write(path, readFileSync(join(dir, path)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
export function resourceGenerator(tree: Tree, options: ResourceGeneratorSchema): GeneratorCallback {
  const names = resourceNames(tree, options);
  generateFiles(tree, fileURLToPath(new URL('./files', import.meta.url)), names.root, { ...names, tmpl: '' });
  formatWithBiome(tree, names.root);
  if (tree.exists('LICENSE')) tree.write(joinPathFragments(names.root, 'LICENSE'), tree.read('LICENSE') ?? '');
  tree.write(
    `.changeset/${names.key}-initial.md`,
    `---\n"${names.packageName}": minor\n---\n\nNew package: owner-aware Kubernetes ${names.kinds} ` +
      `(\`${names.apiVersion}\`), handler key \`${names.key}\`.\n`,
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
