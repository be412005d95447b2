/**
 * `orkestra generate crd`: the examples' crd.yaml (and the Website's admission.yaml) are what it writes from
 * their katalogs (`UPDATE_EXAMPLE_CRDS=1` writes them again, as `npm run example-crds` does); a TypeBox
 * schema round-trips through `generate crd` and `generate types` to the same type; a katalog with a bad rule
 * or no api exits 1 naming the field and line.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { ExitCode } from '../src/index.js';
import { cli, fixture } from './helpers.js';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const scratch = fileURLToPath(new URL('../out-tsc/generate-crd-test/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const work = mkdtempSync(join(scratch, 'case-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `generate crd` of an example's katalog, as the example-crds script runs it. */
async function generateExample(name: string, admission: boolean): Promise<{ crd: string; admission?: string }> {
  const dir = mkdtempSync(join(work, `${name}-`));
  const args = [
    'generate',
    'crd',
    '--katalog',
    join(examples, name, 'katalog.yaml'),
    '--output',
    join(dir, 'crd.yaml'),
  ];
  if (admission) args.push('--admission-output', join(dir, 'admission.yaml'));
  const run = await cli(args);
  expect(run.code).toBe(ExitCode.Ok);
  return {
    crd: readFileSync(join(dir, 'crd.yaml'), 'utf8'),
    ...(admission ? { admission: readFileSync(join(dir, 'admission.yaml'), 'utf8') } : {}),
  };
}

describe('orkestra generate crd: the examples', () => {
  for (const [name, admission] of [
    ['website', true],
    ['database', false],
  ] as const)
    it(`examples/${name}/crd.yaml${admission ? ' and admission.yaml are' : ' is'} generated from its katalog`, async () => {
      const generated = await generateExample(name, admission);
      const files: [string, string][] = [['crd.yaml', generated.crd]];
      if (generated.admission) files.push(['admission.yaml', generated.admission]);
      for (const [file, text] of files) {
        const path = join(examples, name, file);
        if (process.env.UPDATE_EXAMPLE_CRDS === '1') writeFileSync(path, text);
        expect(readFileSync(path, 'utf8')).toBe(text);
      }
    });

  it('writes the CRD with the admission policy after it to standard output', async () => {
    const run = await cli(['generate', 'crd', '--katalog', join(examples, 'website', 'katalog.yaml')]);
    expect(run.code).toBe(ExitCode.Ok);
    const kinds = [...run.stdout.matchAll(/^kind: (\w+)$/gm)].map((m) => m[1]);
    expect(kinds).toEqual([
      'CustomResourceDefinition',
      'ValidatingAdmissionPolicy',
      'ValidatingAdmissionPolicyBinding',
    ]);
    expect(run.stdout).toContain('default: 1');
    expect(run.stdout).toContain('x-kubernetes-validations:');
  });
});

describe('orkestra generate crd: problems', () => {
  const write = (name: string, text: string) => {
    const path = join(work, name);
    writeFileSync(path, text);
    return path;
  };

  it('a rule naming a field the schema lacks exits 1 with the field path and line', async () => {
    const katalog = write(
      'bad-rule.yaml',
      `apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      api:
        spec: { image: string }
        rules: [{ rule: "self.imag != ''" }]
      resources: {}
`,
    );
    const run = await cli(['generate', 'crd', '--katalog', katalog]);
    expect(run.code).toBe(ExitCode.Problems);
    expect(run.stderr).toContain(
      'spec.crds[0].api.rules[0].rule: self.imag: the schema has no field imag in self (did you mean image?)',
    );
    expect(run.stderr).toContain('bad-rule.yaml:8:');

    const validate = await cli(['validate', '--katalog', katalog, '--output', 'json']);
    expect(validate.code).toBe(ExitCode.Problems);
    expect(JSON.parse(validate.stdout).problems).toEqual([
      expect.objectContaining({
        path: 'spec.crds[0].api.rules[0].rule',
        message: 'self.imag: the schema has no field imag in self (did you mean image?)',
        location: expect.stringMatching(/bad-rule\.yaml:8:\d+$/),
      }),
    ]);
  });

  it('an owner without an api exits 1 saying what to write', async () => {
    const run = await cli(['generate', 'crd', '--katalog', fixture('ordered.yaml')]);
    expect(run.code).toBe(ExitCode.Problems);
    expect(run.stderr).toContain('has no api: nothing to make its CRD from');
  });
});

/** Compiles `files` with strict settings; returns the diagnostics. */
function compile(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(work, 'tsc-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(dir, f)),
    {
      strict: true,
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
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName.slice(dir.length + 1) ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('orkestra generate crd --operator: a TypeBox schema', () => {
  it('round-trips: generate types of the CRD gives the type TypeBox infers', async () => {
    const crd = join(work, 'gadget-crd.yaml');
    const generated = await cli(['generate', 'crd', '--operator', fixture('typebox-operator.ts'), '--output', crd]);
    expect(generated.code).toBe(ExitCode.Ok);
    expect(readFileSync(crd, 'utf8')).toContain(
      "rule: self.tier == 'large' || !has(self.replicas) || self.replicas <= 3",
    );
    const types = await cli(['generate', 'types', '--crd', crd]);
    expect(types.code).toBe(ExitCode.Ok);
    const check = `import type { Static } from '@orkestra/core/authoring';
import { defineOperator } from '@orkestra/reconciler';
import { GadgetSpec as Schema } from './operator.js';
import type { Gadget, GadgetSpec } from './gadget.js';

type Inferred = Static<typeof Schema>;
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false;
declare const inferred: Inferred;
declare const generated: GadgetSpec;
export const one: GadgetSpec = inferred;
export const other: Inferred = generated;
export const keys: SameKeys<Inferred, GadgetSpec> = true;
export const port: SameKeys<NonNullable<Inferred['ports']>[number], NonNullable<GadgetSpec['ports']>[number]> = true;
export const tls: SameKeys<NonNullable<Inferred['tls']>, NonNullable<GadgetSpec['tls']>> = true;
declare const gadget: Gadget;
export const tier: 'small' | 'large' = gadget.spec.tier;
export const typedHooks = defineOperator({
  owner: { group: 'example.com', version: 'v1', kind: 'Gadget', plural: 'gadgets' },
  api: { spec: Schema },
  children: [],
  hooks: {
    // @ts-expect-error the spec has no imagee: the hooks see the CR typed by the TypeBox schema
    validate: (cr) => (cr.spec.imagee ? undefined : 'no image'),
    status: (cr) => ({ replicas: cr.spec.replicas ?? 1 }),
  },
});
`;
    expect(
      compile({
        'operator.ts': readFileSync(fixture('typebox-operator.ts'), 'utf8'),
        'gadget.ts': types.stdout,
        'check.ts': check,
      }),
    ).toEqual([]);
  });
});
