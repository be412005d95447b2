/**
 * A resync of a converged CR recomputes nothing: the planner's memo hands the handlers the same frozen specs,
 * and a handler made with core's defineResource answers "unchanged" from its in-sync memo while the CR and the
 * live child are the versions it matched — no desired object built, no match, no request. A change of the child
 * (someone's edit) or of the CR is still seen and acted on at once.
 */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { ResourceHandler } from '@orkestra/core';
import { defineResource } from '@orkestra/core/authoring';
import { createTemplateEngine } from '@orkestra/template';
import type { ReconcilerConfig } from '../src/index.js';
import { harness } from './harness.js';

const h = harness('steady');

/** The ConfigMap handler, built again with defineResource around a desired() that counts its calls. */
function countingConfigMaps() {
  const real = configmaps.handler;
  const calls = { desired: 0 };
  const handler = defineResource({
    key: real.key,
    apiVersion: real.apiVersion,
    kind: real.kind,
    plural: real.plural,
    namespaced: real.namespaced,
    schema: real.schema,
    resolve: real.resolve,
    desired: (owner, spec, reader) => {
      calls.desired++;
      return real.desired(owner, spec, reader);
    },
  });
  return { handler: handler as unknown as ResourceHandler, calls };
}

async function resync(r: { enqueueAll(): void; whenIdle(): Promise<void> }, times = 3) {
  for (let i = 0; i < times; i++) {
    r.enqueueAll();
    await r.whenIdle();
  }
}

describe('a steady-state resync', () => {
  it('builds no desired object, computes no status and sends no request, and still corrects a drifted child', async () => {
    const { handler, calls } = countingConfigMaps();
    // Status fields are resolved with resolveString: counted, to see that a settled reconcile computes no status.
    const engine = createTemplateEngine();
    const resolveString = engine.resolveString.bind(engine);
    let statusResolves = 0;
    engine.resolveString = (template, cr, options) => {
      statusResolves++;
      return resolveString(template, cr, options);
    };
    const r = await h.run({
      templateEngine: engine,
      status: { fields: { greeting: '{{spec.greeting}}' } },
      handlers: [handler] as ReconcilerConfig['handlers'],
      resources: {
        configmaps: {
          onReconcile: [
            { name: '{{metadata.name}}-a', data: { greeting: '{{spec.greeting}}' } },
            { name: '{{metadata.name}}-b', data: { fixed: 'yes' } },
          ],
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'hello' }));
    await h.ready('shop');
    await resync(r, 1); // the first resync after the creates matches the children once and remembers
    calls.desired = 0;
    statusResolves = 0;
    h.kube.requests.reset();
    await resync(r);
    expect(calls.desired).toBe(0);
    expect(statusResolves).toBe(0);
    expect(h.kube.requests.snapshot()).toEqual({});

    // Someone edits one child: it is matched again and restored; its sibling is still answered from memory.
    await h.user.patch(
      h.ref('ConfigMap', 'v1', 'shop-a'),
      { data: { greeting: 'edited' } },
      { type: 'merge', fieldManager: 'kubectl-edit' },
    );
    await h.until(
      async () =>
        ((await h.get('ConfigMap', 'v1', 'shop-a'))?.data as { greeting?: string } | undefined)?.greeting === 'hello',
      'the drift corrected',
    );
    await r.whenIdle();
    expect(calls.desired).toBeGreaterThanOrEqual(1);
    expect(statusResolves).toBeGreaterThanOrEqual(1); // a reconcile that wrote computes the status again
    expect(r.lastReports.get(`${h.ns}/shop`)?.children.map((c) => [c.name, c.action])).toEqual(
      expect.arrayContaining([['shop-b', 'unchanged']]),
    );

    // A change of the CR gives new specs: both children are built again, and the change rolls out.
    await resync(r, 1);
    calls.desired = 0;
    const cr = await h.get('Website', 'example.com/v1', 'shop');
    await h.user.update({ ...cr!, spec: { greeting: 'bonjour' } });
    await h.until(
      async () =>
        ((await h.get('ConfigMap', 'v1', 'shop-a'))?.data as { greeting?: string } | undefined)?.greeting === 'bonjour',
      'the change rolled out',
    );
    await r.whenIdle();
    expect(calls.desired).toBeGreaterThanOrEqual(2);
  });
});
