/** Issue 14 item 13: no input file crashes a command; an unexpected error is one line and says how to see more. */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';
import { aliasBomb, tempFiles } from './test-files.js';

const { write: file } = tempFiles('bad-input');
const katalogBomb = file(
  'katalog-bomb.yaml',
  aliasBomb('apiVersion: orkestra.io/v1alpha1\nkind: Katalog\nspec: { crds: [] }\n'),
);
const crBomb = file('cr-bomb.yaml', aliasBomb('apiVersion: example.com/v1\nkind: Website\nmetadata: { name: shop }\n'));
const crdBomb = file(
  'crd-bomb.yaml',
  aliasBomb('apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n'),
);

function expectOneLineProblem(r: { code: number; stdout: string; stderr: string }, name: string): void {
  expect(r.code).toBe(ExitCode.Problems);
  const text = r.stdout + r.stderr;
  expect(text).toContain(name);
  expect(text).toMatch(/alias/);
  expect(text).not.toMatch(/\n\s+at /); // no stack trace
}

describe('malformed input files', () => {
  it('an alias bomb in the katalog is an invalid katalog (exit 1), for every command that reads one', async () => {
    expectOneLineProblem(await cli(['validate', '--katalog', katalogBomb]), 'katalog-bomb.yaml');
    expectOneLineProblem(
      await cli(['render', '--katalog', katalogBomb, '--cr', example('website.yaml')]),
      'katalog-bomb.yaml',
    );
    expectOneLineProblem(await cli(['generate', 'rbac', '--katalog', katalogBomb]), 'katalog-bomb.yaml');
    expectOneLineProblem(await cli(['run', '--katalog', katalogBomb, '--log-level', 'silent']), 'katalog-bomb.yaml');
  });

  it('an alias bomb in --cr or --crd is exit 1 naming the file', async () => {
    expectOneLineProblem(await cli(['render', '--katalog', example('katalog.yaml'), '--cr', crBomb]), 'cr-bomb.yaml');
    expectOneLineProblem(
      await cli(['validate', '--katalog', example('katalog.yaml'), '--crd', crdBomb]),
      'crd-bomb.yaml',
    );
  });

  it('a duplicate key is a located problem', async () => {
    const dup = file(
      'dup.yaml',
      'apiVersion: orkestra.io/v1alpha1\nkind: Katalog\nkind: Katalog\nspec: { crds: [] }\n',
    );
    const r = await cli(['validate', '--katalog', dup]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toMatch(/dup\.yaml:3:\d+ \(yaml\): duplicated mapping key/);
  });
});

describe('an unexpected error', () => {
  // A "resource package" whose handler export throws when read: a bug no command expects.
  const project = mkdtempSync(join(tmpdir(), 'orkestra-broken-package-'));
  mkdirSync(join(project, 'node_modules', 'broken-widgets'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"name":"p","version":"1.0.0"}');
  writeFileSync(
    join(project, 'node_modules', 'broken-widgets', 'package.json'),
    '{"name":"broken-widgets","version":"1.0.0","main":"index.js"}',
  );
  writeFileSync(
    join(project, 'node_modules', 'broken-widgets', 'index.js'),
    "Object.defineProperty(exports, 'handler', { get() { throw new TypeError('boom: cannot read the handler'); } });\n",
  );
  const katalog = file(
    'widgets.yaml',
    'apiVersion: orkestra.io/v1alpha1\nkind: Katalog\nspec:\n  crds:\n    - owner: { group: example.com, version: v1, kind: Website, plural: websites }\n      resources: { widgets: { onReconcile: [{ size: 1 }] } }\n',
  );
  const args = ['validate', '--katalog', katalog, '--resource-package', 'widgets=broken-widgets'];

  it('prints one line and how to see the stack (exit 7)', async () => {
    const r = await cli(args, { cwd: project });
    expect(r.code).toBe(ExitCode.Internal);
    expect(r.stderr).toContain('unexpected error: boom: cannot read the handler');
    expect(r.stderr).toContain('--log-level debug');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints the stack with --log-level debug', async () => {
    const r = await cli([...args, '--log-level', 'debug'], { cwd: project });
    expect(r.code).toBe(ExitCode.Internal);
    expect(r.stderr).toMatch(/TypeError: boom: cannot read the handler\n\s+at /);
  });
});
