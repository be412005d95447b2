/**
 * The manifests handler remembers that an object was in sync for a spec its caller says is memoisable, the
 * owner and the live object's version (core's InSyncMemo), as handlers made with defineResource do: the next update answers
 * `unchanged` without asking the kind's scope, building or matching. The client is a stand-in for an informer
 * cache (pure logic); the reconciler's and this package's integration tests run it against a real API server.
 */
import { describe, expect, it } from '@jest/globals';
import {
  createContext,
  type KubeObject,
  type ObjectClient,
  type ObjectRef,
  type OwnerObject,
  silentLogger,
} from '@orkestra/core';
import { handler } from '../src/index.js';

const ctx = createContext({ logger: silentLogger, fieldManager: 'orkestra' });
/** What the reconciler's planner says of the specs it hands out. */
const M = { memoisable: true } as const;
const owner = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'shop', uid: 'u1', resourceVersion: '1' },
} as OwnerObject;

function cachedClient() {
  const store = new Map<string, KubeObject>();
  const calls = { resourceFor: 0, apply: 0 };
  let version = 10;
  const structure = { preserveUnknownFields: true };
  const key = (ref: { namespace?: string | undefined; name?: string | undefined }) => `${ref.namespace}/${ref.name}`;
  const kube = {
    resourceFor: async (apiVersion: string, kind: string) => {
      calls.resourceFor++;
      return { apiVersion, kind, plural: 'poddisruptionbudgets', namespaced: true };
    },
    schemaFor: async () => structure,
    peek: (ref: ObjectRef) => ({ object: store.get(key(ref)) }),
    get: async (ref: ObjectRef) => store.get(key(ref)),
    apply: async (obj: KubeObject) => {
      calls.apply++;
      const stored = { ...obj, metadata: { ...obj.metadata, uid: 'c1', resourceVersion: `${++version}` } };
      store.set(key(obj.metadata), stored);
      return stored;
    },
  } as unknown as ObjectClient;
  const edit = (name: string, spec: unknown) => {
    const live = store.get(`shop/${name}`)!;
    store.set(`shop/${name}`, { ...live, spec, metadata: { ...live.metadata, resourceVersion: `${++version}` } });
  };
  return { kube, calls, edit };
}

const pdb = () =>
  Object.freeze(
    handler.resolve(
      {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: 'shop-web' },
        spec: { minAvailable: 1 },
      },
      'shop',
    ),
  );

describe('the manifests handler in steady state', () => {
  it('answers an unchanged object from memory, and matches again once it changed', async () => {
    const c = cachedClient();
    const spec = pdb();
    expect((await handler.update(ctx, c.kube, owner, spec, M)).action).toBe('created');
    expect((await handler.update(ctx, c.kube, owner, spec, M)).action).toBe('unchanged');
    const asked = c.calls.resourceFor;
    expect((await handler.update(ctx, c.kube, owner, spec, M)).action).toBe('unchanged');
    expect(c.calls.resourceFor).toBe(asked); // nothing built, no scope asked
    c.edit('shop-web', { minAvailable: 3 });
    expect((await handler.update(ctx, c.kube, owner, spec, M)).action).toBe('updated');
    expect(c.calls.apply).toBe(2);
  });

  it('does not remember for a spec not said memoisable', async () => {
    const c = cachedClient();
    const spec = pdb();
    await handler.update(ctx, c.kube, owner, spec);
    await handler.update(ctx, c.kube, owner, spec);
    const asked = c.calls.resourceFor;
    await handler.update(ctx, c.kube, owner, spec);
    expect(c.calls.resourceFor).toBe(asked + 1);
  });
});
