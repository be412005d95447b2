/**
 * After a restart over many converged CRs, their re-checks queue behind anything that happened: a CR created while
 * the backlog drains gets its children before the backlog is through, and a CR edited while no reconciler ran is
 * served first. Each CR is reconciled once, and the re-checks write nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { harness } from './harness.js';

const h = harness('backlog');
const resources = {
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OLD = 300;

describe('the backlog after a start', () => {
  it('a new CR gets its children before the re-checks of 300 converged CRs drain; an edited one goes first', async () => {
    const names = Array.from({ length: OLD }, (_, i) => `old-${String(i).padStart(3, '0')}`);
    const first = await h.run({ resources, concurrency: 4 });
    for (let i = 0; i < names.length; i += 25)
      await Promise.all(
        names.slice(i, i + 25).map((n) => h.user.create(h.website(n, { image: 'nginx:1.27', greeting: n }))),
      );
    await h.until(
      async () => {
        const { items } = await h.user.list('example.com/v1', 'Website', { namespace: h.ns });
        return items.filter((w) => JSON.stringify(w.status ?? {}).includes('"Synced"')).length === OLD;
      },
      `${OLD} Websites converged`,
      120_000,
    );
    await first.whenIdle();
    await first.stop();
    // edited while no reconciler runs: its status no longer matches its generation
    await h.user.patch(h.ref('Website', 'example.com/v1', 'old-150'), { spec: { greeting: 'edited' } });

    // the restart: a client of its own (fresh informers, a first list), one worker, a slow reconcile (20 ms)
    const restarted = new Kubeclient(h.cluster.kubeConfig);
    const order: string[] = [];
    const triggers = new Map<string, string>();
    try {
      const r = await h.run(
        {
          resources,
          concurrency: 1,
          hooks: { validate: async () => void (await sleep(20)) },
          observer: {
            reconciled: ({ key, trigger }) => {
              order.push(key.slice(h.ns.length + 1));
              triggers.set(key.slice(h.ns.length + 1), trigger);
            },
          },
        },
        restarted,
      );
      await h.user.create(h.website('late', { image: 'nginx:1.27', greeting: 'late' }));
      await h.until(async () => (await h.get('ConfigMap', 'v1', 'late-config')) !== undefined, 'late-config', 60_000);
      const oldDoneWhenLateServed = order.filter((n) => n.startsWith('old-')).length;
      expect(oldDoneWhenLateServed).toBeLessThan(OLD); // the children came before the backlog drained
      expect(order.indexOf('old-150')).toBeLessThanOrEqual(1); // the first, or behind the one re-check already running

      await r.whenIdle();
      await sleep(500); // late watch events (echoes of the late CR's writes)
      await r.whenIdle();
      const counts = new Map<string, number>();
      for (const n of order) counts.set(n, (counts.get(n) ?? 0) + 1);
      expect([...counts].filter(([, c]) => c !== 1)).toEqual([]); // each CR once: never queued twice
      expect(counts.size).toBe(OLD + 1);
      // why each ran: the new CR and the one edited while no reconciler ran by an event, the rest as re-checks
      expect(
        [...triggers]
          .filter(([, t]) => t === 'event')
          .map(([n]) => n)
          .sort(),
      ).toEqual(['late', 'old-150']);
      expect([...triggers.values()].filter((t) => t === 'resync')).toHaveLength(OLD - 1);
      // the re-checks wrote nothing: one ConfigMap for late, one correction for old-150
      expect(restarted.requests.count({ resource: 'configmaps', verb: 'create' })).toBe(1);
    } finally {
      await Promise.all(h.running.splice(0).map((x) => x.stop()));
      await restarted.close();
    }
  }, 240_000);
});
