import { describe, expect, it } from '@jest/globals';
import {
  ANY_KIND,
  NotFoundError,
  type ResolvedSpec,
  type ResourceHandler,
  type ResourceInfo,
  ValidationError,
} from '@orkestra/core';
import { type ChildKindUse, resolveChildKinds } from '../src/child-kinds.js';
import { childKinds } from '../src/internal.js';

type Handler = ResourceHandler<unknown, ResolvedSpec>;
const typed = (key: string, apiVersion: string, kind: string): Handler =>
  ({ key, apiVersion, kind, plural: `${kind.toLowerCase()}s`, namespaced: true }) as Handler;
/** A handler of any kind, as @orkestra/manifests is: the kind is the template's own, which must be literal. */
const anyKind: Handler = {
  ...typed('manifests', ANY_KIND, ANY_KIND),
  kindOf(source: unknown) {
    const { apiVersion, kind } = source as { apiVersion: string; kind: string };
    if (kind.includes('{{')) throw new ValidationError({ path: 'kind', message: 'must be literal' });
    return { apiVersion, kind };
  },
};
const handlers = new Map([
  ['deployments', typed('deployments', 'apps/v1', 'Deployment')],
  ['manifests', anyKind],
]);

describe('childKinds', () => {
  it("one kind per typed handler, and each template's own kind for a handler of any kind, each kind once", () => {
    const kinds = childKinds(
      {
        deployments: { onReconcile: [{}, {}] },
        manifests: {
          onCreate: [{ apiVersion: 'batch/v1', kind: 'Job' }],
          onReconcile: [
            { apiVersion: 'apps/v1', kind: 'StatefulSet' },
            { apiVersion: 'apps/v1', kind: 'Deployment', when: 'x' },
            { apiVersion: 'batch/v1', kind: 'Job' },
          ],
        },
      },
      handlers,
    );
    expect(kinds).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        handlerKeys: ['deployments', 'manifests'],
        field: 'resources.deployments',
        phases: ['onReconcile'],
      },
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        handlerKeys: ['manifests'],
        field: 'resources.manifests.onCreate[0]',
        phases: ['onCreate', 'onReconcile'],
      },
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        handlerKeys: ['manifests'],
        field: 'resources.manifests.onReconcile[0]',
        phases: ['onReconcile'],
      },
    ]);
  });

  it('lists every template whose kind is not literal, with its path', () => {
    const err = (() => {
      try {
        childKinds(
          {
            manifests: {
              onReconcile: [
                { apiVersion: 'v1', kind: '{{spec.kind}}' },
                { apiVersion: 'v1', kind: 'ConfigMap' },
              ],
              onDelete: [{ apiVersion: 'v1', kind: '{{x}}' }],
            },
          },
          handlers,
        );
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).problems.map((p) => p.path)).toEqual([
      'resources.manifests.onReconcile[0].kind',
      'resources.manifests.onDelete[0].kind',
    ]);
  });
});

describe('resolveChildKinds', () => {
  it('names every kind the server does not serve, where it is used and the CRD to install', async () => {
    const served: ResourceInfo = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      plural: 'statefulsets',
      namespaced: true,
    };
    const lookup = async (_apiVersion: string, kind: string) => {
      if (kind === 'StatefulSet') return served;
      throw new NotFoundError('NotFound', 404, 'not served', { verb: 'discover', kind });
    };
    const kinds: ChildKindUse[] = [
      {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        handlerKeys: ['manifests'],
        field: 'resources.manifests.onReconcile[0]',
        phases: ['onReconcile'],
      },
      {
        apiVersion: 'acme.example.com/v1',
        kind: 'Gadget',
        handlerKeys: ['manifests'],
        field: 'resources.manifests.onReconcile[1]',
        phases: ['onReconcile'],
      },
    ];
    await expect(resolveChildKinds(kinds, lookup)).rejects.toThrow(
      'resources.manifests.onReconcile[1]: the API server does not serve kind Gadget in acme.example.com/v1 — install the CustomResourceDefinition of Gadget (group acme.example.com), or fix apiVersion and kind',
    );
    expect([...(await resolveChildKinds(kinds.slice(0, 1), lookup)).values()]).toEqual([{ ...kinds[0], ...served }]);
  });
});
