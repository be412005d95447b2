import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { readJson, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { kindPlural, pluralOf, resourceGenerator, withArticle } from './resource.js';

/** The workspace this plugin lives in: the reference package is compared with what the generator writes. */
const workspace = new URL('../../../../../', import.meta.url);
const fromWorkspace = (path: string) => readFileSync(new URL(path, workspace), 'utf8');
const fromRoot = (path: string) => fileURLToPath(new URL(path, workspace));

/** An empty Nx workspace with what the generator reads: core's and testenv's versions, the LICENSE, tsconfig.json. */
function workspaceTree(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  tree.write('packages/core/package.json', JSON.stringify({ name: '@orkestra/core', version: '0.3.1' }));
  tree.write('packages/testenv/package.json', JSON.stringify({ name: '@orkestra/testenv', version: '0.2.0' }));
  tree.write('LICENSE', 'Apache License 2.0 (test copy)\n');
  tree.write(
    'tsconfig.json',
    JSON.stringify({ extends: './tsconfig.base.json', files: [], references: [{ path: './packages/core' }] }),
  );
  return tree;
}

const hpa = { key: 'hpas', kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2' };

function filesUnder(tree: Tree, dir: string): string[] {
  return tree
    .children(dir)
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      return tree.isFile(path) ? [path] : filesUnder(tree, path);
    })
    .sort();
}

describe('resource generator', () => {
  it('writes packages/<key> with the layout of a resource package, a changeset, and nothing else', async () => {
    const tree = workspaceTree();
    const before = new Set(tree.listChanges().map((c) => c.path));
    await resourceGenerator(tree, hpa);
    expect(filesUnder(tree, 'packages/hpas')).toEqual([
      'packages/hpas/CHANGELOG.md',
      'packages/hpas/LICENSE',
      'packages/hpas/README.md',
      'packages/hpas/jest.config.cjs',
      'packages/hpas/package.json',
      'packages/hpas/src/horizontalpodautoscaler.ts',
      'packages/hpas/src/index.ts',
      'packages/hpas/src/types.ts',
      'packages/hpas/test/contract.int.test.ts',
      'packages/hpas/test/horizontalpodautoscaler.test.ts',
      'packages/hpas/tsconfig.json',
      'packages/hpas/tsconfig.lib.json',
      'packages/hpas/tsconfig.spec.json',
      'packages/hpas/tsup.config.ts',
    ]);
    const touched = tree
      .listChanges()
      .map((c) => c.path)
      .filter((p) => !p.startsWith('packages/hpas/') && !before.has(p));
    expect(touched.sort()).toEqual(['.changeset/hpas-initial.md']);
    expect(tree.read('.changeset/hpas-initial.md', 'utf8')).toMatch(
      /^---\n"@orkestra\/hpas": minor\n---\n\nNew package: owner-aware Kubernetes HorizontalPodAutoscalers/,
    );
    expect(tree.read('packages/hpas/LICENSE', 'utf8')).toBe('Apache License 2.0 (test copy)\n');
    expect(tree.read('packages/hpas/CHANGELOG.md', 'utf8')).toBe('# @orkestra/hpas\n');
  });

  it(
    'package.json has the shape of configmaps: own version, exports with the source condition, engines, files, ' +
      'ranges',
    async () => {
      const tree = workspaceTree();
      await resourceGenerator(tree, hpa);
      const pkg = readJson(tree, 'packages/hpas/package.json');
      expect(pkg).toMatchObject({
        name: '@orkestra/hpas',
        version: '0.0.0',
        license: 'Apache-2.0',
        type: 'module',
        sideEffects: false,
        repository: { type: 'git', directory: 'packages/hpas' },
        homepage: 'https://github.com/orkestra-ts/orkestra/tree/main/packages/hpas#readme',
        engines: { node: '>=22.19' },
        files: ['dist', 'README.md', 'CHANGELOG.md', 'LICENSE'],
        dependencies: { '@orkestra/core': '^0.3.1' },
        devDependencies: { '@orkestra/testenv': '^0.2.0' },
      });
      expect(Object.keys(pkg.exports['.'])).toEqual(['@orkestra/source', 'import', 'require']);
      expect(Object.keys(pkg.exports['.'].import)[0]).toBe('types');

      // The reference package, with its own names swapped for the new ones, is the same document.
      const reference = JSON.parse(
        fromWorkspace('packages/configmaps/package.json')
          .replaceAll('configmaps', 'hpas')
          .replaceAll('ConfigMap', 'HorizontalPodAutoscaler')
          .replaceAll('configMap', 'horizontalPodAutoscaler'),
      );
      // Dependencies are the package's own business (the generator starts with core, and testenv for the tests).
      const normalise = (p: Record<string, unknown>) => ({
        ...p,
        version: 'x',
        description: 'x',
        dependencies: 'x',
        devDependencies: 'x',
      });
      expect(normalise(pkg)).toEqual(normalise(reference));
      expect(JSON.stringify(Object.keys(pkg))).toBe(JSON.stringify(Object.keys(reference)));
    },
  );

  it("tsconfig, tsup and jest wiring are the reference package's", async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, hpa);
    // References are nx sync's business: they follow each package's dependencies.
    const withoutReferences = ({ references: _, ...json }: Record<string, unknown>) => json;
    for (const file of ['tsconfig.json', 'tsconfig.lib.json', 'tsconfig.spec.json']) {
      expect({ file, json: withoutReferences(readJson(tree, `packages/hpas/${file}`)) }).toEqual({
        file,
        json: withoutReferences(JSON.parse(fromWorkspace(`packages/configmaps/${file}`))),
      });
    }
    expect(readJson(tree, 'packages/hpas/tsconfig.json').references).toEqual([
      { path: './tsconfig.lib.json' },
      { path: './tsconfig.spec.json' },
    ]);
    expect(readJson(tree, 'packages/hpas/tsconfig.spec.json').references).toEqual([{ path: './tsconfig.lib.json' }]);
    expect(readJson(tree, 'packages/hpas/tsconfig.lib.json').references).toEqual([
      { path: '../core/tsconfig.lib.json' },
      { path: '../testenv/tsconfig.lib.json' },
    ]);
    expect(tree.read('packages/hpas/tsup.config.ts', 'utf8')).toBe("export { default } from '../../tsup.base.ts';\n");
    expect(tree.read('packages/hpas/jest.config.cjs', 'utf8')).toBe(
      fromWorkspace('packages/configmaps/jest.config.cjs').replace("'configmaps'", "'hpas'"),
    );
  });

  it('adds the package to the root tsconfig.json references once, as nx sync would', async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, hpa);
    expect(readJson(tree, 'tsconfig.json').references).toEqual([
      { path: './packages/core' },
      { path: './packages/hpas' },
    ]);
    const again = workspaceTree();
    again.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './packages/hpas' }] }));
    await resourceGenerator(again, hpa);
    expect(readJson(again, 'tsconfig.json').references).toEqual([{ path: './packages/hpas' }]);
  });

  it('src: the handler with key, apiVersion, kind and plural; the four functions written against core', async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, hpa);
    const kindFile = tree.read('packages/hpas/src/horizontalpodautoscaler.ts', 'utf8') ?? '';
    expect(kindFile).toContain("from '@orkestra/core'");
    expect(kindFile).toContain(
      'export const handler = defineResource<HorizontalPodAutoscalerSource, ResolvedHorizontalPodAutoscaler>({',
    );
    expect(kindFile).toMatch(
      new RegExp(
        [
          "key: 'hpas',",
          "apiVersion: 'autoscaling/v2',",
          "kind: 'HorizontalPodAutoscaler',",
          "plural: 'horizontalpodautoscalers',",
          'namespaced: true,',
        ].join('\\s+'),
      ),
    );
    expect(kindFile).toMatch(
      'export function resolve(source: HorizontalPodAutoscalerSource, ownerName: string): ' +
        'ResolvedHorizontalPodAutoscaler',
    );
    expect(kindFile).toContain("defaultSuffix: 'horizontalpodautoscaler'");
    expect(kindFile).toContain('metadata: metadataFor(spec, owner.metadata.namespace)');
    expect(tree.read('packages/hpas/src/index.ts', 'utf8')).toBe(
      [
        "export { create, delete, desired, handler, resolve, update } from './horizontalpodautoscaler.js';",
        "export type { HorizontalPodAutoscalerSource, ResolvedHorizontalPodAutoscaler } from './types.js';",
        "export { HorizontalPodAutoscalerSourceSchema } from './types.js';",
        '',
      ].join('\n'),
    );
    expect(tree.read('packages/hpas/src/types.ts', 'utf8')).toContain(
      "...commonSourceFields('<owner>-horizontalpodautoscaler')",
    );
  });

  it(
    'leaves the schema check to the build: the `generate` target writes generated/schema-check.ts from ' +
      'src/types.ts',
    async () => {
      const tree = workspaceTree();
      await resourceGenerator(tree, hpa);
      expect(tree.exists('packages/hpas/generated')).toBe(false);
      const generate =
        'node ../../scripts/generate-schema-check.mjs src/types.ts ' +
        'HorizontalPodAutoscalerSourceSchema=horizontalPodAutoscalerSourceAccepts';
      expect(readJson(tree, 'packages/hpas/package.json').scripts.generate).toBe(generate);
      expect(readJson(tree, 'packages/hpas/tsconfig.lib.json').include).toEqual(['src/**/*.ts', 'generated/**/*.ts']);
      const kindFile = tree.read('packages/hpas/src/horizontalpodautoscaler.ts', 'utf8') ?? '';
      expect(kindFile).toContain(
        "import { horizontalPodAutoscalerSourceAccepts } from '../generated/schema-check.js';",
      );
      expect(kindFile).toContain('check: horizontalPodAutoscalerSourceAccepts,');
      expect(tree.read('packages/hpas/test/contract.int.test.ts', 'utf8')).not.toContain('schemaCheck');

      // The scaffolded src/types.ts on disk (inside the workspace, so @orkestra/core resolves), and its `generate`
      // script run on it: the check it writes accepts what the schema accepts.
      const dir = mkdtempSync(fileURLToPath(new URL('./.scaffold-', import.meta.url)));
      try {
        mkdirSync(join(dir, 'src'));
        writeFileSync(join(dir, 'src/types.ts'), tree.read('packages/hpas/src/types.ts', 'utf8') ?? '');
        const args = generate.split(' ').slice(2);
        const run = spawnSync(process.execPath, [fromRoot('scripts/generate-schema-check.mjs'), ...args], {
          cwd: dir,
          encoding: 'utf8',
        });
        expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
        const { horizontalPodAutoscalerSourceAccepts: accepts } = (await import(
          join(dir, 'generated/schema-check.ts')
        )) as {
          horizontalPodAutoscalerSourceAccepts: (value: unknown) => boolean;
        };
        expect(accepts({})).toBe(true);
        expect(accepts({ name: 'web', labels: { app: 'web' }, recreate: true })).toBe(true);
        expect(accepts({ unknownField: 1 })).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('writes a package that passes the workspace lint (Biome) as generated, whatever the names', async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, { key: 'ingresses', kind: 'Ingress', apiVersion: 'networking.k8s.io/v1' });
    await resourceGenerator(tree, {
      key: 'horizontal-pod-autoscaler-policies',
      kind: 'HorizontalPodAutoscalerPolicyBinding',
      apiVersion: 'autoscaling.example.com/v1alpha1',
      clusterScoped: true,
    });
    const dir = mkdtempSync(fileURLToPath(new URL('./.scaffold-', import.meta.url)));
    try {
      for (const path of filesUnder(tree, 'packages')) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), tree.read(path) ?? '');
      }
      const biome = spawnSync(fromRoot('node_modules/.bin/biome'), ['check', dir], {
        cwd: fileURLToPath(workspace),
        encoding: 'utf8',
      });
      expect({ status: biome.status, output: biome.status ? biome.stdout + biome.stderr : '' }).toEqual({
        status: 0,
        output: '',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('writes prose with the plural and the article of the kind: Ingresses, an Ingress', async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, { key: 'ingresses', kind: 'Ingress', apiVersion: 'networking.k8s.io/v1' });
    const text = filesUnder(tree, 'packages/ingresses')
      .map((path) => tree.read(path, 'utf8') ?? '')
      .concat(tree.read('.changeset/ingresses-initial.md', 'utf8') ?? '')
      .join('\n');
    expect(text.match(/Ingresss|\b[Aa] Ingress\b/g)).toBeNull();
    expect(tree.read('.changeset/ingresses-initial.md', 'utf8')).toContain('owner-aware Kubernetes Ingresses (');
    expect(readJson(tree, 'packages/ingresses/package.json').description).toBe(
      'Orkestra resource package: idempotent, owner-aware Ingresses',
    );
    expect(tree.read('packages/ingresses/README.md', 'utf8')).toContain('Kubernetes **Ingresses**');
    expect(tree.read('packages/ingresses/src/types.ts', 'utf8')).toContain("description: 'An Ingress owned by");
    expect(tree.read('packages/ingresses/src/ingress.ts', 'utf8')).toContain('Resolves an Ingress source');
  });

  it("the tests state the contract's cases and fail until filled: todo() throws, nothing is skipped", async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, hpa);
    const unit = tree.read('packages/hpas/test/horizontalpodautoscaler.test.ts', 'utf8') ?? '';
    const integration = tree.read('packages/hpas/test/contract.int.test.ts', 'utf8') ?? '';
    for (const text of [unit, integration]) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated source text is asserted
      expect(text).toContain('throw new Error(`fill in: ${what}`);');
      expect(text).not.toMatch(/\b(it|describe|test)\.(skip|todo|only)\b|\bx(it|describe)\(/);
    }
    const cases = (text: string) => [...text.matchAll(/\bit\('([^']+)'|\bit\("([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    expect(cases(unit)).toHaveLength(10);
    expect(unit).toMatch(/const minimal = \(\): HorizontalPodAutoscalerSource =>\s+todo\(/);
    // The integration cases are the shared suite's; each required fixture is a todo(), so every case fails until
    // written.
    expect(integration).toContain("import { describeResourceContract } from '@orkestra/testenv/contract';");
    expect(integration).toContain('describeResourceContract(handler, {');
    for (const fixture of ['minimal', 'full', 'created', 'foreign', 'dropped'])
      expect(integration).toMatch(new RegExp(`\\n  ${fixture}: .*=> todo\\(`));
    expect(integration).toMatch(/\n {2}drifts: \[\s*\{\s*what: 'FILL IN',\s*patch: \(\) => todo\(/);
    expect(cases(integration)).toEqual([]);
  });

  it(
    'a cluster-scoped kind: namespaced false, no namespace anywhere, a cluster-scoped owner in the ' + 'tests',
    async () => {
      const tree = workspaceTree();
      await resourceGenerator(tree, {
        key: 'clusterroles',
        kind: 'ClusterRole',
        apiVersion: 'rbac.authorization.k8s.io/v1',
        clusterScoped: true,
        nameSuffix: 'role',
      });
      const kindFile = tree.read('packages/clusterroles/src/clusterrole.ts', 'utf8') ?? '';
      expect(kindFile).toContain('namespaced: false,');
      expect(kindFile).toContain('metadata: metadataFor(spec, undefined)');
      expect(kindFile).toContain("defaultSuffix: 'role'");
      // The suite picks a cluster-scoped owner from handler.namespaced: the contract file is the same as for any kind.
      expect(tree.read('packages/clusterroles/test/contract.int.test.ts', 'utf8')).not.toContain('namespace');
      expect(tree.read('packages/clusterroles/test/clusterrole.test.ts', 'utf8')).toContain('{ clusterScoped: true }');
    },
  );

  it('takes --plural and a key with a dash', async () => {
    const tree = workspaceTree();
    await resourceGenerator(tree, {
      key: 'network-policies',
      kind: 'NetworkPolicy',
      apiVersion: 'networking.k8s.io/v1',
      plural: 'netpols',
    });
    expect(tree.read('packages/network-policies/src/networkpolicy.ts', 'utf8')).toContain("plural: 'netpols',");
    expect(tree.read('packages/network-policies/README.md', 'utf8')).toContain(
      "import * as networkPolicies from '@orkestra/network-policies';",
    );
    expect(tree.read('packages/network-policies/test/contract.int.test.ts', 'utf8')).toContain(
      "import { handler, type NetworkPolicySource } from '../src/index.js';",
    );
  });

  it.each([
    [{ ...hpa, key: 'Hpas' }, /key: must be lower case letters/],
    [{ ...hpa, kind: 'horizontalPodAutoscaler' }, /--kind: must be the Kubernetes kind in PascalCase/],
    [{ ...hpa, apiVersion: 'autoscaling' }, /--api-version: must be group\/version/],
    [{ ...hpa, plural: 'HPAs' }, /--plural: must be lower case/],
  ])('refuses bad options before writing anything (%#)', (options, message) => {
    const tree = workspaceTree();
    const before = tree.listChanges().length;
    expect(() => resourceGenerator(tree, options)).toThrow(message);
    expect(tree.listChanges()).toHaveLength(before);
  });

  it('never overwrites an existing package', () => {
    const tree = workspaceTree();
    tree.write('packages/hpas/package.json', '{"name":"mine"}');
    expect(() => resourceGenerator(tree, hpa)).toThrow('packages/hpas exists already');
    expect(tree.read('packages/hpas/package.json', 'utf8')).toBe('{"name":"mine"}');
  });
});

describe('pluralOf', () => {
  it.each([
    ['HorizontalPodAutoscaler', 'horizontalpodautoscalers'],
    ['ConfigMap', 'configmaps'],
    ['Ingress', 'ingresses'],
    ['NetworkPolicy', 'networkpolicies'],
    ['Gateway', 'gateways'],
  ])('%s → %s', (kind, plural) => expect(pluralOf(kind)).toBe(plural));
});

describe('kindPlural and withArticle, for prose', () => {
  it.each([
    ['Ingress', 'Ingresses', 'an Ingress'],
    ['NetworkPolicy', 'NetworkPolicies', 'a NetworkPolicy'],
    ['Gateway', 'Gateways', 'a Gateway'],
    ['EndpointSlice', 'EndpointSlices', 'an EndpointSlice'],
    ['HorizontalPodAutoscaler', 'HorizontalPodAutoscalers', 'a HorizontalPodAutoscaler'],
    ['ObjectBucketClaim', 'ObjectBucketClaims', 'an ObjectBucketClaim'],
    ['Box', 'Boxes', 'a Box'],
  ])('%s → %s, %s', (kind, plural, withA) => {
    expect(kindPlural(kind)).toBe(plural);
    expect(withArticle(kind)).toBe(withA);
  });
});
