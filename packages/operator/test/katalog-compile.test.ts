/**
 * The compile step of the Katalog runtime (pure): the example Katalog of examples/platform compiles, and what a
 * Katalog from the cluster may not do is refused at its field path, with every problem at once.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { ResourceRegistry } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { load } from 'js-yaml';
import { compileKatalog, type KatalogObject } from '../src/katalogs/compile.js';

const handlers = [configmaps.handler, deployments.handler, services.handler] as never[];
const example = load(
  readFileSync(new URL('../../../examples/platform/katalog.yaml', import.meta.url), 'utf8'),
) as KatalogObject;
const scopes = new ResourceRegistry();

it('compiles the example Katalog: one configuration per kind, watching the Katalog namespace only', () => {
  const { compiled, problems } = compileKatalog(example, handlers, scopes);
  expect(problems).toEqual([]);
  expect(compiled?.owners.map((o) => o.kind)).toEqual(['Website']);
  expect(compiled?.configs[0]?.namespaces).toEqual(['team-web']);
  expect(compiled?.configs[0]?.handlers.map((h) => h.key).sort()).toEqual(['configmaps', 'deployments', 'services']);
});

it('refuses code modules, cluster-scoped owners, other namespaces and a missing api, each at its path', () => {
  const [entry] = (example.spec?.crds ?? []) as Record<string, unknown>[];
  const { api: _, ...noApi } = entry as Record<string, unknown>;
  const katalog: KatalogObject = {
    ...example,
    spec: {
      serviceAccountName: 'website-katalog',
      crds: [
        { ...entry, hooks: './hooks.ts', namespaces: ['other'] },
        {
          ...noApi,
          owner: { group: 'web.platform.example.com', version: 'v1', kind: 'Blog', plural: 'blogs', namespaced: false },
          resources: { configmaps: { onReconcile: [{ name: 'x', namespace: 'kube-system' }] } },
        },
      ],
    },
  };
  const { compiled, problems } = compileKatalog(katalog, handlers, scopes);
  expect(compiled).toBeUndefined();
  expect(problems.map((p) => p.path)).toEqual([
    'spec.crds[0].hooks',
    'spec.crds[0].namespaces',
    'spec.crds[1].api',
    'spec.crds[1].owner.namespaced',
    'spec.crds[1].resources.configmaps.onReconcile[0].namespace',
  ]);
  expect(problems[0]?.hint).toContain('never load code');
});

it('reports the analysis’ problems with the Katalog’s paths and a did-you-mean', () => {
  const [entry] = (example.spec?.crds ?? []) as Record<string, unknown>[];
  const katalog = {
    ...example,
    spec: { serviceAccountName: 'x', crds: [{ ...entry, resources: { configmaps: { onReconcile: [{ dta: {} }] } } }] },
  };
  const { problems } = compileKatalog(katalog, handlers, scopes);
  expect(problems).toEqual([
    expect.objectContaining({
      path: 'spec.crds[0].resources.configmaps.onReconcile[0].dta',
      hint: expect.stringContaining('data'),
    }),
  ]);
});
