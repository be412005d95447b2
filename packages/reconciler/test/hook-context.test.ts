/**
 * The hooks' cache reader and the record of what each CR read: pure, over informers that are never started
 * (their caches filled through recordWrite, as the reconciler's own writes fill them).
 */
import { describe, expect, it } from '@jest/globals';
import { type KubeObject, silentLogger } from '@orkestra/core';
import { FakeClient } from '@orkestra/testenv/fake';
import { HookReads } from '../src/hook-context.js';
import { CacheReadError } from '../src/index.js';
import { Informer } from '../src/machinery/informer.js';

const informer = (kind: string, namespace?: string) =>
  new Informer(new FakeClient(), { apiVersion: 'v1', kind, namespace, logger: silentLogger });
const object = (kind: string, namespace: string | undefined, name: string, labels?: Record<string, string>) =>
  ({
    apiVersion: 'v1',
    kind,
    metadata: { name, namespace, resourceVersion: '1', ...(labels ? { labels } : {}) },
  }) as KubeObject;

function setup() {
  const configMaps = [informer('ConfigMap', 'a'), informer('ConfigMap', 'b')];
  const namespaces = [informer('Namespace')];
  configMaps[0]!.recordWrite(object('ConfigMap', 'a', 'settings', { app: 'web' }));
  configMaps[0]!.recordWrite(object('ConfigMap', 'a', 'other'));
  configMaps[1]!.recordWrite(object('ConfigMap', 'b', 'settings', { app: 'web' }));
  namespaces[0]!.recordWrite(object('Namespace', undefined, 'a'));
  const reads = new HookReads({
    namespaces: ['a', 'b'],
    lookup: (_apiVersion, kind) =>
      kind === 'ConfigMap'
        ? { informers: configMaps, namespaced: true }
        : kind === 'Namespace'
          ? { informers: namespaces, namespaced: false }
          : undefined,
  });
  return { reads, cr: (namespace: string, name: string) => object('Website', namespace, name) };
}

describe('HookReads', () => {
  it('reads from the caches: the CR’s namespace by default, another watched one, cluster-scoped kinds, lists with selectors', () => {
    const { reads, cr } = setup();
    const { reader } = reads.reader(cr('a', 'shop'));
    expect(reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: 'settings' })?.metadata.namespace).toBe('a');
    expect(reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: 'settings', namespace: 'b' })).toBeDefined();
    expect(reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: 'missing' })).toBeUndefined();
    expect(reader.get({ apiVersion: 'v1', kind: 'Namespace', name: 'a' })?.metadata.name).toBe('a');
    const names = (objects: KubeObject[]) => objects.map((o) => `${o.metadata.namespace}/${o.metadata.name}`).sort();
    expect(names(reader.list({ apiVersion: 'v1', kind: 'ConfigMap' }))).toEqual(['a/other', 'a/settings']);
    expect(
      names(reader.list({ apiVersion: 'v1', kind: 'ConfigMap' }, { namespace: '*', labelSelector: 'app=web' })),
    ).toEqual(['a/settings', 'b/settings']);
  });

  it('refuses, naming the fix, a kind or a namespace that is not cached', () => {
    const { reads, cr } = setup();
    const { reader } = reads.reader(cr('a', 'shop'));
    expect(() => reader.get({ apiVersion: 'v1', kind: 'Secret', name: 'x' })).toThrow(
      new CacheReadError(
        "Secret (v1) is not cached for hooks: add { apiVersion: 'v1', kind: 'Secret' } to the reconciler's reads",
      ),
    );
    expect(() => reader.list({ apiVersion: 'v1', kind: 'ConfigMap' }, { namespace: 'c' })).toThrow(
      'namespace c is not watched by this reconciler (it watches a, b): ConfigMap objects there are not cached',
    );
  });

  it('knows which CRs read an object, by name or by listing, from their last reconcile only', () => {
    const { reads, cr } = setup();
    const shop = reads.reader(cr('a', 'shop'));
    shop.reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: 'settings' });
    shop.commit('a/shop');
    const blog = reads.reader(cr('b', 'blog'));
    blog.reader.list({ apiVersion: 'v1', kind: 'ConfigMap' });
    blog.reader.get({ apiVersion: 'v1', kind: 'Namespace', name: 'a' });
    blog.commit('b/blog');
    const all = reads.reader(cr('a', 'all'));
    all.reader.list({ apiVersion: 'v1', kind: 'ConfigMap' }, { namespace: '*' });
    all.commit('a/all');

    expect(reads.dependents(object('ConfigMap', 'a', 'settings')).sort()).toEqual(['a/all', 'a/shop']);
    expect(reads.dependents(object('ConfigMap', 'a', 'other'))).toEqual(['a/all']);
    expect(reads.dependents(object('ConfigMap', 'b', 'new')).sort()).toEqual(['a/all', 'b/blog']);
    expect(reads.dependents(object('Namespace', undefined, 'a'))).toEqual(['b/blog']);
    expect(reads.dependents(object('Namespace', undefined, 'b'))).toEqual([]);

    // The next reconcile of shop reads nothing: it no longer depends on settings; a CR gone is forgotten.
    reads.reader(cr('a', 'shop')).commit('a/shop');
    reads.forget('a/all');
    expect(reads.dependents(object('ConfigMap', 'a', 'settings'))).toEqual([]);
  });
});
