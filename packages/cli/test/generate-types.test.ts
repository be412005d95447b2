/**
 * `orkestra generate types`: the generated file compiles under strict settings, its types say what the schema
 * says (each `@ts-expect-error` in the usage files below must be an error), the custom resource type is taken as
 * an owner (hooks, the contract), and a bad CRD file exits 1 naming the file and the reason.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { cli, example, exampleDir, fixture } from './helpers.js';

// Inside the package, so `@orkestra/*` resolve through the workspace's node_modules (their built .d.ts).
const scratch = fileURLToPath(new URL('../out-tsc/generate-types-test/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const work = mkdtempSync(join(scratch, 'case-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Compiles `files` (name → text) with strict settings; returns the diagnostics as `file:line: message`. */
function compile(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(work, 'tsc-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(dir, f)),
    {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

const WEBSITE_USAGE = `import type { V1Deployment } from '@kubernetes/client-node';
import { asOwner, type OwnerObject } from '@orkestra/core';
import { handler as deployments } from '@orkestra/deployments';
import { children, defineOperator } from '@orkestra/reconciler';
import type { Website, WebsiteSpec } from './website.js';

const ref = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
export const config = defineOperator<Website>({
  owner: ref,
  children: [children(deployments, { onReconcile: [{ image: '{{spec.image}}' }] })],
  hooks: {
    validate: (cr) => (cr.spec?.image.startsWith('nginx') ? undefined : 'only nginx images'),
    status: (cr) => ({ replicas: cr.spec?.replicas ?? 1, name: cr.metadata.name }),
  },
});
export const misspeltInHook = defineOperator<Website>({
  owner: ref,
  children: [],
  // @ts-expect-error the Website's spec has no imagee
  hooks: { validate: (cr) => (cr.spec?.imagee ? undefined : 'no image') },
});

declare const website: Website;
export const owner: OwnerObject = website;
export const uid: string = website.metadata.uid;
export const labels: Record<string, string> | undefined = website.metadata.labels;
export const spec: WebsiteSpec = { image: 'nginx:1.27', replicas: 2, expose: false };
// @ts-expect-error image is required
export const noImage: WebsiteSpec = { replicas: 2 };
// @ts-expect-error replicas is an integer
export const badReplicas: WebsiteSpec = { image: 'nginx', replicas: '2' };
// @ts-expect-error a misspelt field
export const misspelt: WebsiteSpec = { image: 'nginx', replica: 2 };
// @ts-expect-error the kind is a literal
export const wrongKind: Website = { ...website, kind: 'Blog' };
const meta = { name: 'shop', uid: 'u1', namespace: 'default' };
export const literal: Website = { apiVersion: 'example.com/v1', kind: 'Website', metadata: meta, spec };
export const misspeltTop: Website = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: meta,
  // @ts-expect-error a misspelt field at the top of the resource
  spce: spec,
};
export const misspeltMeta: Website = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  // @ts-expect-error a misspelt field in its metadata
  metadata: { ...meta, labls: { app: 'shop' } },
};
// @ts-expect-error a misspelt field in a nested object of its spec
export const misspeltSpec: Website = { ...literal, spec: { ...spec, exposse: true } };
// client-node's models still pass where an owner is taken.
declare const deployment: V1Deployment;
export const modelOwner = asOwner(deployment);
export const modelConfig = defineOperator<Website>({ owner: ref, children: [] });
export const literalOwner: OwnerObject = literal;
`;

const SHOP_USAGE = `import type { Shop, ShopSpec, ShopStatus } from './shop.js';

export const spec: ShopSpec = {
  image: 'nginx',
  tier: 'small',
  port: 'http',
  labels: { app: 'shop' },
  limits: { cpu: '500m', pods: 3 },
  sites: [{ name: 'a', paths: [{ prefix: '/', weight: null }], aliases: ['b'] }],
  matrix: [[1, 2], [3]],
  extra: { anything: { goes: true } },
  template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'b' } },
  tls: { enabled: true, 'secret-name': 'tls' },
};
export const numericPort: ShopSpec = { image: 'nginx', tier: 'large', port: 8080 };
// @ts-expect-error tier is an enum
export const badTier: ShopSpec = { image: 'nginx', tier: 'medium' };
// @ts-expect-error tier is required
export const noTier: ShopSpec = { image: 'nginx' };
// @ts-expect-error a site needs a name
export const namelessSite: ShopSpec = { image: 'nginx', tier: 'small', sites: [{ aliases: [] }] };
// @ts-expect-error a path's prefix is a string
export const badPath: ShopSpec = { image: 'nginx', tier: 'small', sites: [{ name: 'a', paths: [{ prefix: 1 }] }] };
// @ts-expect-error labels map to strings
export const badLabel: ShopSpec = { image: 'nginx', tier: 'small', labels: { app: 1 } };
// @ts-expect-error the matrix holds integers
export const badMatrix: ShopSpec = { image: 'nginx', tier: 'small', matrix: [['1']] };
// @ts-expect-error an embedded resource has a kind
export const kindless: ShopSpec = { image: 'nginx', tier: 'small', template: { apiVersion: 'v1' } };
// @ts-expect-error the port is an integer or a string
export const badPort: ShopSpec = { image: 'nginx', tier: 'small', port: true };
export const status: ShopStatus = { phase: 'Ready', conditions: [{ type: 'Ready', status: 'True' }] };
// @ts-expect-error a condition's status is True, False or Unknown
export const badStatus: ShopStatus = { conditions: [{ type: 'Ready', status: 'yes' }] };
declare const shop: Shop;
// spec is required by the schema: no optional chaining needed
export const image: string = shop.spec.image;
export const apiVersion: 'example.com/v1' = shop.apiVersion;
`;

describe('orkestra generate types', () => {
  it("writes the Website's types, which compile strictly and type the owner of hooks and the contract", async () => {
    const run = await cli(['generate', 'types', '--crd', example('crd.yaml')]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('export type Website = {');
    expect(run.stdout).toContain("  apiVersion: 'example.com/v1';");
    expect(run.stdout).toContain('  image: string;');
    expect(run.stdout).toContain('  replicas?: number;');
    expect(compile({ 'website.ts': run.stdout, 'usage.ts': WEBSITE_USAGE })).toEqual([]);
  });

  it('names the CRD file in its header relative to the working folder, never by an absolute path', async () => {
    const inside = await cli(['generate', 'types', '--crd', example('crd.yaml')], { cwd: exampleDir });
    expect(inside.stdout.split('\n')[0]).toBe(
      '// Generated by `orkestra generate types` from crd.yaml. Do not edit: generate again instead.',
    );
    const outside = await cli(['generate', 'types', '--crd', example('crd.yaml')], { cwd: work });
    expect(outside.stdout.split('\n')[0]).toContain(' from crd.yaml.');
    expect(outside.stdout).not.toContain(exampleDir);
  });

  it('maps required, enums, nested objects and lists, maps, int-or-string, preserved and embedded objects', async () => {
    const out = join(work, 'shop.ts');
    const run = await cli(['generate', 'types', '--crd', fixture('types-crd.yaml'), '--output', out]);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toContain(`wrote ${out}`);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('legacy'); // v1, the storage version, not v1alpha1
    expect(compile({ 'shop.ts': text, 'usage.ts': SHOP_USAGE })).toEqual([]);
  });

  it('catches a wrong expectation (the compile check can fail)', async () => {
    const run = await cli(['generate', 'types', '--crd', fixture('types-crd.yaml')]);
    const usage =
      "import type { ShopSpec } from './shop.js';\nexport const s: ShopSpec = { image: 'x', tier: 'huge' };\n";
    expect(compile({ 'shop.ts': run.stdout, 'usage.ts': usage }).join('\n')).toContain(
      `Type '"huge"' is not assignable to type '"small" | "large"'`,
    );
  });

  it("compiles the types of every CRD in the repository's tests and examples (nested lists included)", async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const crds = [
      'examples/database/crd.yaml',
      'packages/cli/test/fixtures/no-status-crd.yaml',
      'packages/hpas/test/crds/website.yaml',
      'packages/manifests/test/crds/widget.yaml',
      'packages/reconciler/test/crds/blog.yaml',
      'packages/reconciler/test/crds/website.yaml',
      'packages/testenv/test/fixtures/crds/widgets.yaml',
      'packages/testenv/test/fixtures/project/test/crds/gadgets.yaml',
    ];
    const files: Record<string, string> = {};
    for (const [i, crd] of crds.entries()) {
      const run = await cli(['generate', 'types', '--crd', join(root, crd)]);
      expect({ crd, code: run.code, stderr: run.stderr }).toEqual({ crd, code: 0, stderr: '' });
      files[`crd${i}.ts`] = run.stdout;
    }
    expect(compile(files)).toEqual([]);
  });

  it('generates for another version with --crd-version', async () => {
    const run = await cli(['generate', 'types', '--crd', fixture('types-crd.yaml'), '--crd-version', 'v1alpha1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("apiVersion: 'example.com/v1alpha1';");
    expect(run.stdout).toContain('  legacy?: string;');
  });

  it.each([
    ['a katalog, not a CRD', example('katalog.yaml'), [], 'is a Katalog, not a CustomResourceDefinition'],
    ['broken YAML', fixture('bad-yaml.yaml'), [], 'bad-yaml.yaml:'],
    [
      'a version the CRD lacks',
      fixture('types-crd.yaml'),
      ['--crd-version', 'v9'],
      'has no version v9 (it has v1alpha1, v1)',
    ],
  ])('exits 1 naming the file and the reason: %s', async (_what, file, extra, reason) => {
    const out = join(work, 'never.ts');
    const run = await cli(['generate', 'types', '--crd', file, '--output', out, ...extra]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(file);
    expect(run.stderr.split(reason).length - 1).toBe(1); // the reason, once
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(() => readFileSync(out)).toThrow(); // nothing written
  });

  it('exits 1 for a CRD version without a schema', async () => {
    const file = join(work, 'schemaless.yaml');
    writeFileSync(
      file,
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: { name: a.b.c }\nspec: { group: b.c, names: { kind: A }, versions: [{ name: v1, storage: true }] }\n',
    );
    const run = await cli(['generate', 'types', '--crd', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}:1:1`);
    expect(run.stderr).toContain('CRD a.b.c version v1 has no schema.openAPIV3Schema');
  });

  it('a file that is not a CRD: the reason and the hint each said once, on stderr only', async () => {
    const file = join(work, 'configmap.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
    const run = await cli(['generate', 'types', '--crd', file]);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(
      `✗ cannot generate types from ${file}:1:1: is a ConfigMap, not a CustomResourceDefinition\n  hint: pass the CRD file\n`,
    );
  });

  it('several problems are listed once each under their count', async () => {
    const a = join(work, 'first.yaml');
    const b = join(work, 'second.yaml');
    writeFileSync(a, 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
    writeFileSync(b, 'apiVersion: v1\nkind: Secret\nmetadata: { name: y }\n');
    const run = await cli(['generate', 'types', '--crd', a, '--crd', b]);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')[0]).toBe(`✗ cannot generate types from ${a}, ${b}: 2 problems`);
    expect(run.stderr.split('is a ConfigMap, not a CustomResourceDefinition').length - 1).toBe(1);
    expect(run.stderr.split('is a Secret, not a CustomResourceDefinition').length - 1).toBe(1);
  });
});
