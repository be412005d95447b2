import { describe, expect, it } from '@jest/globals';
import { ANY_KIND, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { ResourceRegistry } from '@orkestra/core/kube';
import { loadKatalog } from '@orkestra/reconciler';
import { requiredPermissions } from '../src/required-permissions.js';

/** A handler of any kind, as @orkestra/manifests is: each template names its kind. */
const manifests = {
  key: 'manifests',
  apiVersion: ANY_KIND,
  kind: ANY_KIND,
  plural: ANY_KIND,
  namespaced: true,
  schema: { type: 'object' },
  kindOf(source: unknown) {
    const { apiVersion, kind } = source as { apiVersion: string; kind: string };
    if (!apiVersion || !kind) throw new ValidationError({ path: 'kind', message: 'is required' });
    return { apiVersion, kind };
  },
  resolve: () => ({ name: 'x' }),
  desired: async () => ({ apiVersion: 'v1', kind: 'X', metadata: {} }),
  create: async () => ({ action: 'unchanged' }),
  update: async () => ({ action: 'unchanged' }),
  delete: async () => ({ action: 'absent' }),
} as unknown as ResourceHandler<unknown, ResolvedSpec>;

const katalog = loadKatalog(
  `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Database, plural: databases }
      namespaces: [shop]
      resources:
        manifests:
          onReconcile:
            - { apiVersion: apps/v1, kind: StatefulSet, metadata: { name: db } }
            - { apiVersion: batch/v1, kind: CronJob, metadata: { name: backup } }
            - { apiVersion: acme.example.com/v1, kind: Widget, metadata: { name: w } }
`,
  { handlers: [manifests] },
);

describe('requiredPermissions for a handler of any kind', () => {
  it("covers each template's kind, with plural and scope from the registry (a guessed plural for an unknown kind), never a wildcard", () => {
    const registry = new ResourceRegistry();
    registry.register({ apiVersion: 'acme.example.com/v1', kind: 'Widget', plural: 'widgetz', namespaced: true });
    const children = requiredPermissions(katalog, new Map([['manifests', manifests]]), { resources: registry }).filter(
      (p) => p.why.includes(' children (manifests)'),
    );
    expect(children.map((p) => `${p.group}/${p.resource} ${p.namespace} ${p.verbs.join(',')}`)).toEqual([
      'apps/statefulsets shop get,list,watch,create,patch,delete',
      'batch/cronjobs shop get,list,watch,create,patch,delete',
      'acme.example.com/widgetz shop get,list,watch,create,patch,delete',
    ]);
    const offline = requiredPermissions(katalog, new Map([['manifests', manifests]]), {
      resources: new ResourceRegistry(),
    });
    expect(offline.map((p) => p.resource)).toContain('widgets');
    expect(offline.map((p) => p.resource)).not.toContain(ANY_KIND);
  });
});
