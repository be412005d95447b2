import { describe, expect, it } from '@jest/globals';
import { defineResource } from '../src/authoring.js';
import type { OwnerObject } from '../src/index.js';

const owner = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'shop', uid: 'u1' },
} as OwnerObject;
const handler = defineResource<{ replicas: number }, { name: string; replicas: number }>({
  key: 'things',
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  plural: 'deployments',
  namespaced: true,
  schema: {},
  resolve: (source, ownerName) => ({ name: `${ownerName}-thing`, replicas: source.replicas }),
  desired: (_owner, spec) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: spec.name },
    spec: { replicas: spec.replicas, paused: false },
  }),
  controls: (spec) => [{ apiVersion: 'v1', kind: 'Service', name: spec.name, fields: ['spec.ports'] }],
});

describe('defineResource', () => {
  it('leaves yielded fields out of the desired object, without touching what the package built', async () => {
    const spec = handler.resolve({ replicas: 3 }, 'shop');
    const yieldedFields = ['spec.replicas', 'spec.missing.deep', 'status.none'];
    expect((await handler.desired(owner, spec, undefined, { yieldedFields })).spec).toEqual({ paused: false });
    expect((await handler.desired(owner, handler.resolve({ replicas: 3 }, 'shop'))).spec).toEqual({
      replicas: 3,
      paused: false,
    });
  });

  it('passes controls through', () => {
    expect(handler.controls?.(handler.resolve({ replicas: 1 }, 'shop'))).toEqual([
      { apiVersion: 'v1', kind: 'Service', name: 'shop-thing', fields: ['spec.ports'] },
    ]);
  });
});
