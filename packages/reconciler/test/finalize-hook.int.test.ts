/** The `finalize(cr, ctx)` hook against the real API server: behind the finalizer, retried with backoff, bounded by a timeout. */
import { describe, expect, it } from '@jest/globals';
import { HookTimeoutError } from '../src/index.js';
import { harness, readyOf } from './harness.js';

const h = harness('finalize-hook');

const configmap = {
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const website = () => h.get('Website', 'example.com/v1', 'shop');

describe('the finalize hook', () => {
  it('fails twice then succeeds: failures on the status and as Warning Events, the finalizer removed only after success', async () => {
    let attempts = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await h.run({
      resources: configmap,
      hooks: {
        finalize: async (cr) => {
          attempts++;
          if (attempts <= 2) throw new Error(`DNS record of ${cr.metadata.name} not deleted: API down`);
          await released; // the third attempt succeeds once the test has looked
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'hello' }));
    const cr = await h.ready('shop');
    // No onDelete child: the hook alone puts the finalizer on the CR.
    expect(cr.metadata.finalizers).toEqual(['orkestra.io/finalizer']);

    await h.user.delete(h.ref('Website', 'example.com/v1', 'shop'));
    await h.until(async () => attempts === 3, 'the third attempt');
    const deleting = await website();
    expect(deleting?.metadata.finalizers).toEqual(['orkestra.io/finalizer']);
    expect(readyOf(deleting)).toMatchObject({
      status: 'False',
      reason: 'FinalizeFailed',
      message: expect.stringContaining('finalize hook failed: DNS record of shop not deleted: API down (attempt 2;'),
    });
    const warnings = (await h.eventsOf('shop')).filter((e) => e.type === 'Warning' && e.reason === 'FinalizeFailed');
    // The second, identical failure is counted by the Event spam filter rather than sent again.
    expect(warnings.map((e) => e.message)).toEqual(['finalize hook failed: DNS record of shop not deleted: API down']);

    release();
    await h.until(async () => (await website()) === undefined, 'shop gone');
    expect(attempts).toBe(3);
  });

  it('an attempt that hangs is aborted by the timeout (its signal) and retried', async () => {
    const signals: AbortSignal[] = [];
    await h.run({
      resources: configmap,
      finalizeTimeoutMs: 500,
      hooks: {
        finalize: (_cr, ctx) => {
          signals.push(ctx.signal);
          // The first attempt never settles, whatever its signal says; the second succeeds at once.
          return signals.length === 1 ? new Promise<void>(() => undefined) : undefined;
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'hello' }));
    await h.ready('shop');
    await h.user.delete(h.ref('Website', 'example.com/v1', 'shop'));
    await h.until(async () => (await website()) === undefined, 'shop gone');
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[0]!.reason).toBeInstanceOf(HookTimeoutError);
    expect(signals[1]!.aborted).toBe(false);
    expect((await h.eventsOf('shop')).map((e) => [e.type, e.reason, e.message])).toContainEqual([
      'Warning',
      'FinalizeFailed',
      'finalize hook failed: did not finish within 500 ms (aborted; raise finalizeTimeoutMs if it needs longer)',
    ]);
  });

  it('a success after a failure replaces the failure on the status of a CR that another finalizer keeps', async () => {
    let attempts = 0;
    await h.run({
      resources: configmap,
      hooks: {
        finalize: () => {
          if (++attempts === 1) throw new Error('bucket not empty yet');
        },
      },
    });
    await h.user.create({
      ...h.website('shop', { greeting: 'hello' }),
      metadata: { name: 'shop', namespace: h.ns, finalizers: ['example.com/keep'] },
    });
    await h.ready('shop');
    await h.user.delete(h.ref('Website', 'example.com/v1', 'shop'));
    const kept = await h.until(async () => {
      const cr = await website();
      return cr?.metadata.finalizers?.length === 1 && cr;
    }, 'our finalizer removed');
    expect(kept.metadata.finalizers).toEqual(['example.com/keep']);
    expect(readyOf(kept)).toMatchObject({
      status: 'False',
      reason: 'Finalized',
      message: 'finalize hook succeeded; the finalizer is removed',
    });
    expect(attempts).toBe(2);
    await h.user.patch(
      h.ref('Website', 'example.com/v1', 'shop'),
      { metadata: { finalizers: null } },
      { type: 'merge' },
    );
    await h.until(async () => (await website()) === undefined, 'shop gone');
  });
});
