/** forEach against the real API server: items added, removed and reordered. */
import { describe, expect, it } from '@jest/globals';
import { harness } from './harness.js';

const h = harness('foreach');

const names = async () =>
  (await h.user.list('v1', 'ConfigMap', { namespace: h.ns, labelSelector: 'managed-by=orkestra' })).items
    .map((i) => i.metadata.name)
    .sort();

describe('forEach', () => {
  it('creates a child per item, prunes a removed item, and writes nothing when the list is reordered', async () => {
    const r = await h.run({
      resources: {
        configmaps: {
          onReconcile: [
            { forEach: 'spec.databases', name: '{{metadata.name}}-{{item.name}}', data: { size: '{{item.size}}' } },
          ],
        },
      },
    });
    await h.user.create(
      h.website('shop', {
        databases: [
          { name: 'orders', size: '1Gi' },
          { name: 'users', size: '2Gi' },
        ],
      }),
    );
    await h.until(async () => (await names()).length === 2, 'two ConfigMaps');
    expect(await names()).toEqual(['shop-orders', 'shop-users']);

    // Add an item.
    const patch = (databases: unknown[]) =>
      h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { databases } }, { type: 'merge' });
    await patch([
      { name: 'orders', size: '1Gi' },
      { name: 'users', size: '2Gi' },
      { name: 'logs', size: '3Gi' },
    ]);
    await h.until(async () => (await names()).length === 3, 'three ConfigMaps');
    expect((await h.get('ConfigMap', 'v1', 'shop-logs'))?.data).toEqual({ size: '3Gi' });

    // Reorder: a reconcile runs (new generation), and writes no child.
    await r.whenIdle();
    h.kube.requests.reset();
    await patch([
      { name: 'logs', size: '3Gi' },
      { name: 'users', size: '2Gi' },
      { name: 'orders', size: '1Gi' },
    ]);
    await h.until(
      async () =>
        r.lastReports.get(`${h.ns}/shop`)?.children.length === 3 &&
        (await h.get('Website', 'example.com/v1', 'shop'))?.metadata.generation === 3,
      'reconcile of generation 3',
    );
    await r.whenIdle();
    const writes = Object.keys(h.kube.requests.snapshot()).filter(
      (k) => /configmaps/.test(k) && !/^(get|list|watch)/.test(k),
    );
    expect(writes).toEqual([]);
    expect(r.lastReports.get(`${h.ns}/shop`)?.children.map((c) => c.action)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
    ]);

    // Remove an item: its child is pruned, the others stay.
    await patch([
      { name: 'logs', size: '3Gi' },
      { name: 'orders', size: '1Gi' },
    ]);
    await h.until(async () => (await names()).length === 2, 'users pruned');
    expect(await names()).toEqual(['shop-logs', 'shop-orders']);
  });

  it('refuses two items with one name: nothing written, Ready=False naming both items', async () => {
    await h.run({
      resources: {
        configmaps: {
          onReconcile: [
            { forEach: 'spec.databases', name: '{{metadata.name}}-{{item.name}}', data: { size: '{{item.size}}' } },
          ],
        },
      },
    });
    await h.user.create(
      h.website('dup', {
        databases: [
          { name: 'orders', size: '1Gi' },
          { name: 'orders', size: '2Gi' },
        ],
      }),
    );
    const cr = await h.ready('dup', 'False');
    const ready = (cr.status as { conditions: { type: string; message: string }[] }).conditions.find(
      (c) => c.type === 'Ready',
    )!;
    expect(ready.message).toContain('spec.databases[0]');
    expect(ready.message).toContain('spec.databases[1]');
    expect(await names()).toEqual([]);
  });
});
