import { describe, expect, it } from '@jest/globals';
import { CliError } from '../src/exit-codes.js';
import { installedKeys, loadHandlers, nearInstalledKey, packageFor } from '../src/handlers.js';
import { ExitCode } from '../src/index.js';

const installed = 'the keys installed: configmaps, deployments, hpas, manifests, secrets, services';

describe('loadHandlers', () => {
  it('loads each resource package by its key, with no static import', async () => {
    const handlers = await loadHandlers(['deployments', 'services', 'configmaps', 'secrets']);
    expect([...handlers.values()].map((h) => `${h.key} ${h.apiVersion} ${h.kind}`)).toEqual([
      'deployments apps/v1 Deployment',
      'services v1 Service',
      'configmaps v1 ConfigMap',
      'secrets v1 Secret',
    ]);
  });

  it('names every missing package and the npm install line', async () => {
    const error = await loadHandlers(['widgets', 'gadgets', 'configmaps']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    const e = error as CliError;
    expect(e.exitCode).toBe(ExitCode.PackageMissing);
    expect(e.message).toBe('2 resource packages are not installed: @orkestra/widgets, @orkestra/gadgets');
    expect(e.hint).toBe('run: npm install @orkestra/widgets @orkestra/gadgets');
    expect(e.problems[0]?.message).toBe(
      `the resource package @orkestra/widgets for key "widgets" is not installed (${installed})`,
    );
  });

  it('knows the installed keys: packages that export a handler, and keys mapped to one', async () => {
    expect(await installedKeys()).toEqual(['configmaps', 'deployments', 'hpas', 'manifests', 'secrets', 'services']);
    expect(await installedKeys({ packages: { pages: '@orkestra/configmaps', junk: 'yaml' } })).toEqual([
      'configmaps',
      'deployments',
      'hpas',
      'manifests',
      'pages',
      'secrets',
      'services',
    ]);
  });

  it('calls a key near an installed resource package a misspelling (exit 1), found among what is installed', async () => {
    const error = (await loadHandlers(['configmap', 'hpa', 'deployments']).catch((e: unknown) => e)) as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.exitCode).toBe(ExitCode.Problems);
    expect(error.message).toBe('2 resource keys are misspelled: configmap, hpa');
    expect(error.problems.map((p) => p.message)).toEqual([
      `no resource package is installed for key "configmap": did you mean configmaps? (${installed})`,
      `no resource package is installed for key "hpa": did you mean hpas? (${installed})`,
    ]);
    // `core` and `cli` are near "cor" and "clis" but export no handler: never suggested.
    expect(await nearInstalledKey('cor')).toBeUndefined();
    expect(await nearInstalledKey('clis')).toBeUndefined();
    const mixed = (await loadHandlers(['deploymnets', 'widgets']).catch((e: unknown) => e)) as CliError;
    expect(mixed.exitCode).toBe(ExitCode.PackageMissing);
    expect(mixed.message).toBe('a resource package is not installed: @orkestra/widgets; misspelled key: deploymnets');
  });

  it('maps a key to another package, and refuses one that is not a resource package', async () => {
    expect(packageFor('widgets', { widgets: '@acme/widgets' })).toBe('@acme/widgets');
    const e = (await loadHandlers(['widgets'], { packages: { widgets: 'yaml' } }).catch((x: unknown) => x)) as CliError;
    expect(e.problems[0]?.message).toBe(
      'yaml is installed but is not an Orkestra resource package: it exports no `handler`',
    );
    const wrongKey = (await loadHandlers(['pages'], { packages: { pages: '@orkestra/configmaps' } }).catch(
      (x: unknown) => x,
    )) as CliError;
    expect(wrongKey.problems[0]?.message).toContain('exports the handler of key "configmaps", not "pages"');
  });
});
