/**
 * Convergence of a burst of new CRs: each costs one reconcile, and a resync falling in the burst does not put the
 * CRs that are already converged ahead of them. A child edited by someone else while its CR is being reconciled
 * (between our write and its echo) still brings the CR back.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { harness } from './harness.js';

const h = harness('converge');
const resources = {
  deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}' }] },
  services: { onReconcile: [{ name: '{{metadata.name}}-web', port: 80 }] },
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise with its resolver, to hold a reconcile inside a hook until the test lets it go. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('convergence', () => {
  it('a burst of new CRs: each reconciled exactly once until converged, before the resync of converged ones', async () => {
    const order: string[] = [];
    const entered = latch();
    const gate = latch();
    const r = await h.run({
      resources,
      concurrency: 1,
      hooks: {
        // `gate`'s reconcile waits here, holding the only worker, while the test queues the burst behind it
        validate: async (cr) => {
          if (cr.metadata.name !== 'gate') return undefined;
          entered.open();
          await gate.promise;
          return undefined;
        },
      },
      observer: { reconciled: ({ key, result }) => order.push(`${key.split('/')[1]}:${result}`) },
    });
    const old = ['old-0', 'old-1', 'old-2'];
    for (const name of old) await h.user.create(h.website(name, { image: 'nginx:1.27', greeting: name }));
    for (const name of old) await h.ready(name);
    await r.whenIdle();
    order.length = 0;

    await h.user.create(h.website('gate', { image: 'nginx:1.27', greeting: 'gate' }));
    await entered.promise;
    r.enqueueAll(); // the periodic resync, falling while the worker is busy
    const burst = Array.from({ length: 6 }, (_, i) => `new-${i}`);
    for (const name of burst) await h.user.create(h.website(name, { image: 'nginx:1.27', greeting: name }));
    await h.until(async () => r.queueDepth === old.length + burst.length, 'the burst queued behind the gate');
    gate.open();
    for (const name of burst) await h.ready(name);
    await r.whenIdle();
    await sleep(500); // any late watch event (an echo of our writes) has arrived
    await r.whenIdle();

    // the burst first, each CR once, in the order it came; then the resync's re-checks
    expect(order.slice(0, 1 + burst.length)).toEqual(['gate:success', ...burst.map((n) => `${n}:success`)]);
    expect(order.slice(1 + burst.length).sort()).toEqual([...old, 'gate'].map((n) => `${n}:success`).sort());
    for (const name of burst) expect(r.lastReports.get(`${h.ns}/${name}`)?.children).toHaveLength(3);
  });

  it('a child edited by someone else between our write and its echo brings the CR back', async () => {
    const runs: string[] = [];
    let edited = false;
    const r = await h.run({
      resources,
      hooks: {
        // runs after the children are written and before the reconcile ends: the edit lands while the echoes
        // of our own writes are still arriving
        status: async (cr) => {
          if (!edited) {
            edited = true;
            await h.user.patch(
              h.ref('ConfigMap', 'v1', `${cr.metadata.name}-config`),
              { data: { greeting: 'edited meanwhile' } },
              { fieldManager: 'kubectl-edit' },
            );
          }
          return {};
        },
      },
      observer: { reconciled: ({ key }) => runs.push(key) },
    });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.until(
      async () =>
        runs.length >= 2 &&
        (
          (await h.get('ConfigMap', 'v1', 'shop-config')) as
            | (KubeObject & { data?: Record<string, string> })
            | undefined
        )?.data?.greeting === 'hi',
      'the ConfigMap edited during the first reconcile corrected by a second one',
    );
    await r.whenIdle();
    await sleep(500);
    await r.whenIdle();
    expect(runs).toEqual([`${h.ns}/shop`, `${h.ns}/shop`]);
  });
});

describe('the periodic resync', () => {
  it('leaves out of a tick the CRs reconciled within the last period', async () => {
    const period = 2_000;
    const runs = new Map<string, number[]>();
    const r = await h.run({
      resyncPeriodMs: period,
      resources: { configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: 'hi' } }] } },
      observer: {
        reconciled: ({ key }) => {
          const name = key.split('/')[1]!;
          runs.set(name, [...(runs.get(name) ?? []), performance.now()]);
        },
      },
    });
    await h.user.create(h.website('early', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('early');
    await sleep(period / 2);
    // Created half a period before a tick: a tick for all would check it again a moment after its creation.
    await h.user.create(h.website('late', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.until(
      async () => (runs.get('early')?.length ?? 0) >= 3 && (runs.get('late')?.length ?? 0) >= 3,
      'three reconciles of each CR: the create and two resyncs',
      30_000,
    );
    await r.whenIdle();
    for (const [name, times] of runs) {
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      // A re-check never comes within 90 % of a period of the reconcile before it (a tenth for the timer's drift).
      for (const gap of gaps) expect({ name, gap: gap >= period * 0.9 - 50 }).toEqual({ name, gap: true });
    }
    // late, reconciled half a period before the first tick, was left out of it
    expect(runs.get('late')![1]! - runs.get('late')![0]!).toBeGreaterThan(period);
  });
});
