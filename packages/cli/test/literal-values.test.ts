/** Issue 14 item 15: validate rejects what render would reject for every CR, and a misspelled key is a katalog problem. */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ExitCode } from '../src/index.js';
import { cli, example, fixture } from './helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'orkestra-literal-'));

describe('literal values', () => {
  const expected = [
    ['spec.crds[0].resources.services.onReconcile[0].port', 'literal-values.yaml:11:15'],
    ['spec.crds[0].resources.configmaps.onReconcile[0].name', 'literal-values.yaml:14:15'],
    ['spec.crds[0].resources.configmaps.onReconcile[1].namespace', 'literal-values.yaml:17:15'],
    ['spec.crds[0].resources.secrets.onReconcile[0].generate.password.length', 'literal-values.yaml:22:39'],
  ];

  it("validate runs each handler's resolve on what the katalog writes literally, and checks where children live", async () => {
    const r = await cli(['validate', '--katalog', fixture('literal-values.yaml'), '--output', 'json']);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as { problems: { path: string; message: string; location: string }[] };
    expect(body.problems.map((p) => [p.path, p.location.replace(/^.*\//, '')])).toEqual(expected);
    expect(body.problems[2]?.message).toContain("a child must live in its owner's namespace");
  });

  it('render refuses the same katalog with the same problems, before any CR is resolved', async () => {
    const r = await cli([
      'render',
      '--katalog',
      fixture('literal-values.yaml'),
      '--cr',
      example('website.yaml'),
      '--output',
      'json',
    ]);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as { error: { problems: { path: string }[] } };
    expect(body.error.problems.map((p) => p.path)).toEqual(expected.map(([path]) => path));
  });

  it('leaves templated values to the CR: the example katalog is valid', async () => {
    expect((await cli(['validate', '--katalog', example('katalog.yaml')])).code).toBe(ExitCode.Ok);
  });

  it('a required field the schema finds missing is reported once, not again by the handler', async () => {
    const file = join(tmp, 'no-image.yaml');
    writeFileSync(
      file,
      readFileSync(example('katalog.yaml'), 'utf8').replace('              image: "{{spec.image}}"\n', ''),
    );
    const r = await cli(['validate', '--katalog', file, '--output', 'json']);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as { problems: { path: string; message: string }[] };
    expect(body.problems.map((p) => [p.path, p.message])).toEqual([
      ['spec.crds[0].resources.deployments.onReconcile[0]', 'must have image'],
    ]);
  });

  it('a literal namespace is right when the katalog watches only that namespace', async () => {
    const text = readFileSync(fixture('literal-values.yaml'), 'utf8');
    const scoped = join(tmp, 'scoped.yaml');
    writeFileSync(scoped, text.replace('      resources:\n', '      namespaces: [other]\n      resources:\n'));
    const r = await cli(['validate', '--katalog', scoped, '--output', 'json']);
    const paths = (JSON.parse(r.stdout) as { problems: { path: string }[] }).problems.map((p) => p.path);
    expect(paths).not.toContain('spec.crds[0].resources.configmaps.onReconcile[1].namespace');
    expect(paths).toHaveLength(3);
  });
});

describe('a key near an installed resource package', () => {
  it('is an invalid katalog (exit 1, "did you mean configmaps?"), not a package to install', async () => {
    const typo = join(tmp, 'typo.yaml');
    writeFileSync(
      typo,
      readFileSync(example('katalog.yaml'), 'utf8').replace('        configmaps:\n', '        configmap:\n'),
    );
    const r = await cli(['validate', '--katalog', typo]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).toContain('did you mean configmaps?');
    expect(r.stdout).not.toContain('npm install');
    const render = await cli(['render', '--katalog', typo, '--cr', example('website.yaml')]);
    expect(render.code).toBe(ExitCode.Problems);
    expect(render.stderr).toContain('did you mean configmaps?');
  });

  it('deploymentz: the message names the key, its file:line, the keys installed and the nearest one', async () => {
    const typo = join(tmp, 'deploymentz.yaml');
    const text = readFileSync(example('katalog.yaml'), 'utf8').replace(
      '        deployments:\n',
      '        deploymentz:\n',
    );
    writeFileSync(typo, text);
    const line = text.split('\n').indexOf('        deploymentz:') + 1;
    const known = 'the keys installed: configmaps, deployments, hpas, manifests, secrets, services';
    const problem = `${typo}:${line}:9 spec.crds[0].resources.deploymentz: no resource package is installed for key "deploymentz": did you mean deployments? (${known}) (write deployments (the key of @orkestra/deployments), or install @orkestra/deploymentz if it is a package of its own)`;
    for (const command of [
      ['validate', '--katalog', typo],
      ['render', '--katalog', typo, '--cr', example('website.yaml')],
      ['run', '--katalog', typo, '--kubeconfig', join(tmp, 'never-read')],
    ]) {
      const r = await cli(command);
      expect({ command: command[0], code: r.code }).toEqual({ command: command[0], code: ExitCode.Problems });
      expect(`${r.stdout}${r.stderr}`).toContain(`  ${problem}\n`);
    }
  });
});
