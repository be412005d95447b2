import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { silentLogger } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import type { InformerEvent } from '../src/machinery/informer.js';
import { Informer } from '../src/machinery/informer.js';
import { StringPool } from '../src/machinery/string-pool.js';

const cluster = testCluster();
let kube: Kubeclient;
let ns: string;

beforeAll(async () => {
  kube = new Kubeclient(cluster.kubeConfig);
  ns = await cluster.newNamespace('informer');
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});

/**
 * 23 ConfigMaps (`cm-00` … `cm-22`, data `{ v: '1' }`) in a new namespace, and an informer of them over a client of
 * its own that lists 5 per page; `beforePage` runs before each page is asked for (a promise it returns holds it).
 */
async function pagedInformer(prefix: string, beforePage: () => Promise<void> | undefined | void) {
  const paged = await cluster.newNamespace(prefix);
  const names = Array.from({ length: 23 }, (_, i) => `cm-${String(i).padStart(2, '0')}`);
  await Promise.all(
    names.map((name) =>
      kube.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: paged }, data: { v: '1' } }),
    ),
  );
  const client = new Kubeclient(cluster.kubeConfig);
  const informer = new Informer(client, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    namespace: paged,
    pageSize: 5,
    logger: silentLogger,
  });
  const list = client.list.bind(client);
  client.list = (async (...args: Parameters<typeof list>) => {
    await beforePage();
    return list(...args);
  }) as typeof client.list;
  return { paged, names, client, informer };
}

describe('Informer', () => {
  it('lists, then delivers changes; a silent stream is restarted without losing events', async () => {
    await kube.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'before', namespace: ns, labels: { 'managed-by': 'orkestra' } },
    });
    const informer = new Informer(kube, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: ns,
      labelSelector: 'managed-by=orkestra',
      idleTimeoutMs: 400,
      logger: silentLogger,
    });
    const events: InformerEvent[] = [];
    informer.on((e) => events.push(e));
    try {
      await informer.start();
      expect(informer.get(ns, 'before')?.data).toBeUndefined();
      expect(informer.get(ns, 'before')?.metadata.managedFields).toBeUndefined();
      // Quiet for longer than the idle timeout: the watch is taken for stalled and restarted.
      await cluster.waitFor(() => informer.stats.failures >= 2 && informer.stats.watches >= 3, {
        timeoutMs: 15_000,
        description: 'the idle watch to be restarted twice',
      });
      await kube.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'after', namespace: ns, labels: { 'managed-by': 'orkestra' } },
        data: { a: '1' },
      });
      await kube.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unlabelled', namespace: ns } });
      await cluster.waitFor(() => (informer.get(ns, 'after')?.data as Record<string, string> | undefined)?.a === '1', {
        timeoutMs: 15_000,
        description: 'the new ConfigMap in the cache',
      });
      await kube.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'before' });
      await cluster.waitFor(() => informer.get(ns, 'before') === undefined, {
        timeoutMs: 15_000,
        description: 'the deleted ConfigMap gone from the cache',
      });
      expect(informer.get(ns, 'unlabelled')).toBeUndefined();
      const names = events
        .filter((e) => e.type !== 'relisted')
        .map((e) => `${e.type} ${'object' in e ? e.object.metadata.name : ''}`);
      expect(names).toEqual(expect.arrayContaining(['added before', 'added after', 'deleted before']));
    } finally {
      await informer.stop();
    }
  }, 60_000);

  it('lists a collection larger than a page (500) in pages and holds every object', async () => {
    const big = await cluster.newNamespace('informer-pages');
    const names = Array.from({ length: 501 }, (_, i) => `cm-${i}`);
    for (let i = 0; i < names.length; i += 25) {
      await Promise.all(
        names.slice(i, i + 25).map((name) =>
          kube.create({
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name, namespace: big, labels: { paged: 'yes' } },
          }),
        ),
      );
    }
    const counting = new Kubeclient(cluster.kubeConfig);
    const informer = new Informer(counting, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: big,
      labelSelector: 'paged=yes',
      logger: silentLogger,
    });
    try {
      await informer.start();
      expect(informer.list()).toHaveLength(501);
      expect(names.every((n) => informer.get(big, n) !== undefined)).toBe(true);
      expect(counting.requests.count({ verb: 'list' })).toBe(2); // 500 + 1
      expect(informer.stats.lists).toBe(1);
    } finally {
      await informer.stop();
      await counting.close();
    }
  }, 60_000);

  it('takes each page into the cache before it asks for the next, marks the first list initial, then watches from its version', async () => {
    // what the cache holds each time the informer asks the (real) API server for a page
    const heldAtRequest: number[] = [];
    const { paged, names, client, informer } = await pagedInformer('informer-paged', () => {
      heldAtRequest.push(informer.size);
    });
    const events: InformerEvent[] = [];
    informer.on((e) => events.push(e));
    try {
      await informer.start();
      expect(heldAtRequest).toEqual([0, 5, 10, 15, 20]);
      expect(informer.stats).toMatchObject({ lists: 1, pages: 5 });
      expect(
        informer
          .list()
          .map((o) => o.metadata.name)
          .sort(),
      ).toEqual(names);
      const added = events.filter((e) => e.type === 'added');
      expect(added).toHaveLength(23);
      expect(added.every((e) => e.initial === true)).toBe(true);
      expect(events.at(-1)).toEqual({ type: 'relisted', initial: true });

      // the watch starts from the list's resourceVersion: a change after the list arrives, once, not initial
      await kube.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after', namespace: paged } });
      await cluster.waitFor(() => informer.get(paged, 'after') !== undefined, {
        timeoutMs: 15_000,
        description: 'the ConfigMap created after the list, in the cache',
      });
      const later = events.filter((e) => e.type === 'added' && e.object.metadata.name === 'after');
      expect(later).toHaveLength(1);
      expect(later[0]).not.toHaveProperty('initial');
      expect(events.filter((e) => e.type === 'added')).toHaveLength(24); // nothing of the list delivered again
      expect(informer.stats.lists).toBe(1);
    } finally {
      await informer.stop();
      await client.close();
    }
  }, 60_000);

  it('watches from the first page while the later pages come in: a change meanwhile arrives at once, and no page undoes it', async () => {
    // the third page (cm-10 … cm-14) is held back until the changes below are in the cache
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const { paged, names, client, informer } = await pagedInformer('informer-beside', () =>
      ++requests === 3 ? held : undefined,
    );
    const events: InformerEvent[] = [];
    informer.on((e) => events.push(e));
    const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: paged, name });
    try {
      const started = informer.start();
      await cluster.waitFor(() => requests === 3, { timeoutMs: 15_000, description: 'the third page asked for' });
      // made after the snapshot: a new object, an object of a later page changed, another deleted
      await kube.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'during', namespace: paged } });
      await kube.patch(cm('cm-21'), { data: { v: '2' } }, { type: 'merge' });
      await kube.delete(cm('cm-22'));
      await cluster.waitFor(
        () => informer.get(paged, 'during') !== undefined && events.some((e) => e.type === 'deleted'),
        { timeoutMs: 15_000, description: 'the changes, by the watch, while the list is held' },
      );
      expect(informer.hasSynced).toBe(false);
      expect(informer.size).toBe(12); // two pages, the new object, and cm-21 in its changed version
      release();
      await started;
      expect(
        informer
          .list()
          .map((o) => o.metadata.name)
          .sort(),
      ).toEqual([...names.filter((n) => n !== 'cm-22'), 'during'].sort());
      expect(informer.get(paged, 'cm-21')?.data).toEqual({ v: '2' }); // the page's older version not taken
      expect(events.filter((e) => e.type !== 'relisted' && e.object.metadata.name === 'cm-22')).toEqual([
        expect.objectContaining({ type: 'deleted' }),
      ]);
      expect(events.filter((e) => e.type === 'added' && e.object.metadata.name === 'during')).toEqual([
        expect.not.objectContaining({ initial: true }),
      ]);
      expect(events.at(-1)).toEqual({ type: 'relisted', initial: true });
      expect(informer.stats).toMatchObject({ lists: 1, pages: 5, watches: 1 });
    } finally {
      release();
      await informer.stop();
      await client.close();
    }
  }, 60_000);

  it('takes our own write at once (read-your-writes), announces it once, and ignores an older version arriving later', async () => {
    const informer = new Informer(kube, { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, logger: silentLogger });
    const seen: string[] = [];
    informer.on((e) => {
      if (e.type !== 'relisted' && e.object.metadata.name === 'ryw') seen.push(e.type);
    });
    try {
      await informer.start();
      const written = await kube.apply(
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ryw', namespace: ns }, data: { v: '1' } },
        { fieldManager: 'test' },
      );
      informer.recordWrite(written);
      expect(informer.get(ns, 'ryw')?.data).toEqual({ v: '1' });
      // The watch delivers the same version later: it is recognised, not announced a second time.
      await new Promise((r) => setTimeout(r, 500));
      expect(seen).toEqual(['added']);
      const older = { ...written, metadata: { ...written.metadata, resourceVersion: '1' }, data: { v: 'stale' } };
      informer.recordWrite(older);
      expect(informer.get(ns, 'ryw')?.data).toEqual({ v: '1' });
    } finally {
      await informer.stop();
    }
  });

  it('does not copy the watch event of a version our own write already put in the cache', async () => {
    const informer = new Informer(kube, { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, logger: silentLogger });
    // The cache's copy of an object is made by pooling its strings (StringPool.internAll on the object itself).
    const internAll = jest.spyOn(StringPool.prototype, 'internAll');
    const copiesOf = (name: string) =>
      internAll.mock.calls.filter(
        ([o]) =>
          (o as { kind?: string; metadata?: { name?: string } })?.kind === 'ConfigMap' &&
          (o as { metadata: { name?: string } }).metadata.name === name,
      ).length;
    try {
      await informer.start();
      const cm = (name: string) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace: ns },
        data: { v: '1' },
      });
      informer.recordWrite(await kube.apply(cm('echo'), { fieldManager: 'test' }));
      expect(copiesOf('echo')).toBe(1);
      // a later object seen through the watch: the echo of ours, delivered before it, has been handled too
      await kube.apply(cm('after-echo'), { fieldManager: 'test' });
      for (let i = 0; i < 600 && !informer.get(ns, 'after-echo'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(informer.get(ns, 'after-echo')).toBeDefined();
      expect(copiesOf('after-echo')).toBe(1);
      expect(copiesOf('echo')).toBe(1);
    } finally {
      internAll.mockRestore();
      await informer.stop();
    }
  }, 60_000);
});

describe('Informer start', () => {
  it('keeps retrying a list it may not make, and stop() rejects the pending start', async () => {
    const informer = new Informer(kube, { apiVersion: 'example.invalid/v1', kind: 'Nothing', logger: silentLogger });
    const started = informer.start();
    await cluster.waitFor(() => informer.stats.failures >= 1, {
      timeoutMs: 10_000,
      description: 'the first failed list',
    });
    expect(informer.lastError).toBeInstanceOf(Error);
    expect(informer.hasSynced).toBe(false);
    await informer.stop();
    await expect(started).rejects.toThrow('informer for Nothing stopped before its first list');
  });
});

describe('Informer index', () => {
  it('keeps objects by the index value as they come and go', async () => {
    const informer = new Informer(kube, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: ns,
      labelSelector: 'team',
      indexBy: (o) => o.metadata.labels?.team,
      logger: silentLogger,
    });
    const cm = (name: string, team: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace: ns, labels: { team } },
    });
    try {
      await kube.create(cm('a1', 'alpha'));
      await informer.start();
      await kube.create(cm('a2', 'alpha'));
      await kube.create(cm('b1', 'beta'));
      await cluster.waitFor(() => informer.byIndex('alpha').length === 2 && informer.byIndex('beta').length === 1, {
        timeoutMs: 15_000,
        description: 'two alpha and one beta in the index',
      });
      await kube.apply({ ...cm('a2', 'beta') }, { fieldManager: 'test', force: true });
      await kube.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'a1' });
      await cluster.waitFor(() => informer.byIndex('alpha').length === 0 && informer.byIndex('beta').length === 2, {
        timeoutMs: 15_000,
        description: 'a2 moved to beta, a1 gone',
      });
      expect(
        informer
          .byIndex('beta')
          .map((o) => o.metadata.name)
          .sort(),
      ).toEqual(['a2', 'b1']);
      expect(informer.byIndex('nobody')).toEqual([]);
    } finally {
      await informer.stop();
    }
  });
});
