/**
 * A handler made with defineResource remembers that a child was in sync for a spec its caller says is
 * memoisable (the same object, never changed), the yielded fields, an owner and a version of the live child,
 * and answers the next call from that while none of them changed: no desired object built, no match. Anything
 * else runs the whole update. The client here is a stand-in for an informer cache (pure logic: what the memo
 * may remember, and when it must forget); the reconciler's integration tests cover it against a real API server.
 */
import { describe, expect, it } from '@jest/globals';
import { defineResource } from '../src/authoring.js';
import {
  createContext,
  type FieldStructure,
  type KubeObject,
  type ObjectClient,
  type ObjectRef,
  type OwnerObject,
  silentLogger,
} from '../src/index.js';

const ctx = createContext({ logger: silentLogger, fieldManager: 'orkestra' });
/** What the reconciler's planner says of the specs it hands out. */
const M = { memoisable: true } as const;
const owner = () =>
  ({
    apiVersion: 'example.com/v1',
    kind: 'Website',
    metadata: { name: 'shop', namespace: 'shop', uid: 'u1', resourceVersion: '1' },
  }) as OwnerObject;

interface Spec {
  name: string;
  value: string;
  copyFrom?: string;
}

/** A handler of ConfigMaps counting how often it builds a desired object. */
function countingHandler() {
  const calls = { desired: 0 };
  const handler = defineResource<Spec, Spec>({
    key: 'things',
    apiVersion: 'v1',
    kind: 'ConfigMap',
    plural: 'configmaps',
    namespaced: true,
    schema: {},
    resolve: (source) => source,
    desired: async (_owner, spec, reader) => {
      calls.desired++;
      const copied = spec.copyFrom
        ? await reader?.kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: spec.copyFrom })
        : undefined;
      return {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: spec.name },
        data: { ...(copied?.data as Record<string, string> | undefined), value: spec.value },
      };
    },
  });
  return { handler, calls };
}

/** One ConfigMap store answering like an informer cache of Orkestra's children; applies bump resourceVersion. */
function cachedClient() {
  const store = new Map<string, KubeObject>();
  let version = 10;
  let structure: FieldStructure | undefined = { preserveUnknownFields: true };
  const writes: KubeObject[] = [];
  const key = (ref: ObjectRef) => `${ref.namespace}/${ref.name}`;
  const kube = {
    schemaFor: async () => structure,
    peek: (ref: ObjectRef) => ({ object: store.get(key(ref)) }),
    get: async (ref: ObjectRef) => store.get(key(ref)),
    apply: async (obj: KubeObject) => {
      writes.push(obj);
      const stored = {
        ...obj,
        metadata: {
          ...obj.metadata,
          uid: store.get(key(refOf(obj)))?.metadata.uid ?? 'c1',
          resourceVersion: `${++version}`,
        },
      };
      store.set(key(refOf(obj)), stored);
      return stored;
    },
  } as unknown as ObjectClient;
  return {
    kube,
    writes,
    /** Someone else edits the stored ConfigMap (a new resourceVersion). */
    edit(name: string, data: Record<string, string>) {
      const live = store.get(`shop/${name}`)!;
      store.set(`shop/${name}`, { ...live, data, metadata: { ...live.metadata, resourceVersion: `${++version}` } });
    },
    newStructure() {
      structure = { preserveUnknownFields: true };
    },
  };
}

const refOf = (o: KubeObject): ObjectRef => ({
  apiVersion: o.apiVersion,
  kind: o.kind,
  namespace: o.metadata.namespace,
  name: o.metadata.name ?? '',
});

describe('the in-sync memo of a defined resource', () => {
  it('answers an unchanged child from memory for the same memoisable spec, owner and live version', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    const spec = Object.freeze({ name: 'cfg', value: 'a' });
    expect((await handler.update(ctx, c.kube, cr, spec, M)).action).toBe('created');
    expect((await handler.update(ctx, c.kube, cr, spec, M)).action).toBe('unchanged'); // matched, remembered
    const before = calls.desired;
    const again = await handler.update(ctx, c.kube, cr, spec, M);
    expect(again.action).toBe('unchanged');
    expect(again.object?.data).toEqual({ value: 'a' });
    expect(calls.desired).toBe(before); // nothing built
    expect(c.writes).toHaveLength(1);
  });

  it('matches again when the live child changed, and corrects the drift', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    const spec = Object.freeze({ name: 'cfg', value: 'a' });
    await handler.update(ctx, c.kube, cr, spec, M);
    await handler.update(ctx, c.kube, cr, spec, M);
    c.edit('cfg', { value: 'someone else' });
    const before = calls.desired;
    expect((await handler.update(ctx, c.kube, cr, spec, M)).action).toBe('updated');
    expect(calls.desired).toBe(before + 1);
    expect(c.writes.at(-1)?.data).toEqual({ value: 'a' });
  });

  it('does not remember for a spec not said memoisable, another owner object, or a new field structure', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    const loose = { name: 'cfg', value: 'a' };
    await handler.update(ctx, c.kube, cr, loose);
    await handler.update(ctx, c.kube, cr, loose);
    let before = calls.desired;
    loose.value = 'b'; // changed in place: must be seen
    expect((await handler.update(ctx, c.kube, cr, loose)).action).toBe('updated');
    expect(calls.desired).toBe(before + 1);

    const frozen = Object.freeze({ name: 'cfg', value: 'b' });
    await handler.update(ctx, c.kube, cr, frozen, M);
    before = calls.desired;
    const next = owner();
    await handler.update(ctx, c.kube, next, frozen, M); // an equal owner, but another object: the CR changed
    expect(calls.desired).toBe(before + 1);
    await handler.update(ctx, c.kube, next, frozen, M);
    expect(calls.desired).toBe(before + 1);
    c.newStructure(); // the kind's schema was read again
    await handler.update(ctx, c.kube, next, frozen, M);
    expect(calls.desired).toBe(before + 2);
  });

  it('builds again every time when the desired object reads other objects (fromConfigMap)', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    await handler.update(ctx, c.kube, cr, Object.freeze({ name: 'base', value: 'x' }), M);
    const spec = Object.freeze({ name: 'cfg', value: 'a', copyFrom: 'base' });
    await handler.update(ctx, c.kube, cr, spec, M);
    await handler.update(ctx, c.kube, cr, spec, M);
    const before = calls.desired;
    c.edit('base', { value: 'x', extra: 'new' });
    const result = await handler.update(ctx, c.kube, cr, spec, M);
    expect(calls.desired).toBe(before + 1);
    expect(result.action).toBe('updated');
    expect(c.writes.at(-1)?.data).toEqual({ value: 'a', extra: 'new' });
  });

  it('does not answer from memory when the yielded fields differ from those the answer was found for', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    const spec = Object.freeze({ name: 'cfg', value: 'a' });
    await handler.update(ctx, c.kube, cr, spec, M);
    await handler.update(ctx, c.kube, cr, spec, M);
    const before = calls.desired;
    const yielding = { ...M, yieldedFields: ['data.absent'] };
    expect((await handler.update(ctx, c.kube, cr, spec, yielding)).action).toBe('unchanged');
    expect(calls.desired).toBe(before + 1); // built and matched again: the answer was for no yielded field
    await handler.update(ctx, c.kube, cr, spec, { ...M, yieldedFields: ['data.absent'] });
    expect(calls.desired).toBe(before + 1); // equal yielded fields: answered from memory
    await handler.update(ctx, c.kube, cr, spec, M);
    expect(calls.desired).toBe(before + 2);
  });

  it('remembers an existing child for create too', async () => {
    const { handler, calls } = countingHandler();
    const c = cachedClient();
    const cr = owner();
    const spec = Object.freeze({ name: 'cfg', value: 'a' });
    expect((await handler.create(ctx, c.kube, cr, spec, M)).action).toBe('created');
    expect((await handler.create(ctx, c.kube, cr, spec, M)).action).toBe('unchanged');
    const before = calls.desired;
    expect((await handler.create(ctx, c.kube, cr, spec, M)).action).toBe('unchanged');
    expect(calls.desired).toBe(before);
  });
});
