import { describe, expect, it } from '@jest/globals';
import { CliError, ExitCode, loadHandlers, packageFor } from '../src/index.js';

describe('loadHandlers', () => {
  it('loads each resource package by its key, with no static import', async () => {
    const handlers = await loadHandlers(['deployments', 'services', 'configmaps', 'secrets']);
    expect([...handlers.values()].map((h) => `${h.key} ${h.apiVersion} ${h.kind}`)).toEqual([
      'deployments apps/v1 Deployment', 'services v1 Service', 'configmaps v1 ConfigMap', 'secrets v1 Secret',
    ]);
  });

  it('names every missing package and the npm install line, with a hint for a misspelled key', async () => {
    const error = await loadHandlers(['deploymnets', 'widgets', 'configmaps']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    const e = error as CliError;
    expect(e.exitCode).toBe(ExitCode.PackageMissing);
    expect(e.message).toBe('2 resource packages are not installed: @orkestra/deploymnets, @orkestra/widgets');
    expect(e.hint).toBe('run: npm install @orkestra/deploymnets @orkestra/widgets');
    expect(e.problems[0]?.hint).toContain('did you mean "deployments"?');
  });

  it('maps a key to another package, and refuses one that is not a resource package', async () => {
    expect(packageFor('widgets', { widgets: '@acme/widgets' })).toBe('@acme/widgets');
    const e = (await loadHandlers(['widgets'], { packages: { widgets: 'yaml' } }).catch((x: unknown) => x)) as CliError;
    expect(e.problems[0]?.message).toBe('yaml is installed but is not an Orkestra resource package: it exports no `handler`');
    const wrongKey = (await loadHandlers(['pages'], { packages: { pages: '@orkestra/configmaps' } }).catch((x: unknown) => x)) as CliError;
    expect(wrongKey.problems[0]?.message).toContain('exports the handler of key "configmaps", not "pages"');
  });
});
