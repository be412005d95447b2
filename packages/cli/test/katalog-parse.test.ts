/**
 * Issue 14 item 17: a katalog is parsed once, and its position tree (tens of bytes per character) is built only
 * when a problem needs a line — so nothing of the kind stays in memory for a whole `run`.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, jest } from '@jest/globals';

// No import of ../src before the mock below (helpers.ts imports it): the mock must be in place first.
const example = (f: string) => fileURLToPath(new URL(`../../../examples/website/${f}`, import.meta.url));

const reconciler = await import('@orkestra/reconciler/internal');
const readYaml = jest.fn(reconciler.readYaml);
jest.unstable_mockModule('@orkestra/reconciler/internal', () => ({ ...reconciler, readYaml }));
const { readKatalog } = await import('../src/katalog-file.js');
const { reconcilerConfigs } = await import('../src/manager-config.js');
const { checkAgainstCrds } = await import('../src/crd-check.js');
const { Manager } = await import('@orkestra/operator');
const { Kubeclient, loadKubeconfig } = await import('@orkestra/core/kube');
const { createTemplateEngine, defaultTemplateEngine } = await import('@orkestra/template');

/** A katalog of `templates` ConfigMaps with `keys` distinct templated keys each, and one status field. */
function manyTemplates(dir: string, templates: number, keys: number): string {
  const lines = [
    'apiVersion: orkestra.io/v1alpha1',
    'kind: Katalog',
    'metadata: { name: many }',
    'spec:',
    '  crds:',
    '    - owner: { group: example.com, version: v1, kind: Website, plural: websites }',
    '      resources:',
    '        configmaps:',
    '          onReconcile:',
  ];
  for (let t = 0; t < templates; t++) {
    lines.push(`            - name: "{{metadata.name}}-page-${t}"`, '              data:');
    for (let k = 0; k < keys; k++) lines.push(`                k${k}: "{{default spec.greeting 'hi'}} ${t}.${k}"`);
  }
  lines.push('      status:', '        fields:', '          image: "{{spec.image}}"');
  const file = join(dir, 'many.yaml');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('reading a katalog', () => {
  it('parses the file once and builds no position tree when it is valid', async () => {
    readYaml.mockClear();
    const loaded = await readKatalog(example('katalog.yaml'));
    expect(readYaml).toHaveBeenCalledTimes(1);
    expect(loaded.locator.parsed).toBe(false);
    expect(loaded.katalog.entries).toHaveLength(1);
  });

  it('parses once more, for positions, only to locate a problem', async () => {
    readYaml.mockClear();
    const bad = join(mkdtempSync(join(tmpdir(), 'orkestra-parse-')), 'bad.yaml');
    writeFileSync(
      bad,
      readFileSync(example('katalog.yaml'), 'utf8').replace('image: "{{spec.image}}"', 'image: "{{spec.image"'),
    );
    const error = (await readKatalog(bad).catch((e: unknown) => e)) as { problems: { location?: string }[] };
    expect(readYaml).toHaveBeenCalledTimes(1);
    expect(error.problems[0]?.location).toMatch(/bad\.yaml:36:15$/);
  });

  it('prepares each template string once on the whole path of `run`: checks, reconcilers, the CRD check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orkestra-once-'));
    // A cache of one string: whatever prepares a string a second time shows in the count.
    const engine = createTemplateEngine({ cacheSize: 1 });
    const processWide = defaultTemplateEngine().stats.compiles;
    const loaded = await readKatalog(manyTemplates(dir, 3, 4), { engine });
    const distinct = 3 * 4 + 3 + 1; // data keys, names, the status field
    expect(engine.stats.compiles).toBe(distinct);

    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(
      kubeconfig,
      'apiVersion: v1\nkind: Config\nclusters: [{ name: c, cluster: { server: "https://127.0.0.1:1" } }]\n' +
        'users: [{ name: u, user: { token: t } }]\ncontexts: [{ name: c, context: { cluster: c, user: u } }]\ncurrent-context: c\n',
    );
    const kube = new Kubeclient(loadKubeconfig({ file: kubeconfig }));
    const manager = new Manager({ kube, reconcilers: reconcilerConfigs(loaded) });
    expect(manager.reconcilers).toHaveLength(1);
    const crd = reconciler.readYaml(readFileSync(example('crd.yaml'), 'utf8')).data;
    const problems = checkAgainstCrds(
      loaded.katalog,
      loaded.handlers,
      [{ crd: crd as never, file: 'crd.yaml', location: 'crd.yaml:1:1' }],
      { locator: loaded.locator, engine, files: ['crd.yaml'] },
    );
    expect(problems.map((p) => p.message)).toEqual([]);
    expect(engine.stats.compiles).toBe(distinct);
    // Nothing else prepared them again (the order of the children is read with the same engine).
    expect(defaultTemplateEngine().stats.compiles).toBe(processWide);
    await kube.close();
  });
});
