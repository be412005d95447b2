import { describe, expect, it } from '@jest/globals';
import { isFirstReconcile, namedList, statusPatch } from '../src/status.js';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-01T01:00:00Z');

describe('statusPatch', () => {
  it('writes Ready, observedGeneration and fields on a fresh CR', () => {
    expect(
      statusPatch(
        { metadata: { generation: 2 } },
        { ready: true, reason: 'Reconciled', message: 'ok', fields: { url: 'x' } },
        t0,
      ),
    ).toEqual({
      url: 'x',
      observedGeneration: 2,
      conditions: [
        {
          type: 'Synced',
          status: 'True',
          reason: 'Reconciled',
          message: 'ok',
          lastTransitionTime: t0.toISOString(),
          observedGeneration: 2,
        },
        {
          type: 'Ready',
          status: 'True',
          reason: 'Reconciled',
          message: 'ok',
          lastTransitionTime: t0.toISOString(),
          observedGeneration: 2,
        },
      ],
    });
  });

  it('with readiness: Synced stays True while Ready waits, naming what waits; Ready turns True when nothing does', () => {
    const waiting = statusPatch(
      { metadata: { generation: 1 } },
      {
        ready: true,
        reason: 'Reconciled',
        message: '2 children in sync',
        waiting: ['Deployment shop-web: 1 of 3 replicas available'],
        fields: {},
      },
      t0,
    )!;
    const byType = (p: Record<string, unknown>) =>
      Object.fromEntries(
        (
          p.conditions as {
            type: string;
            status: string;
            reason: string;
            message: string;
            lastTransitionTime: string;
          }[]
        ).map((c) => [c.type, c]),
      );
    expect(byType(waiting).Synced).toMatchObject({ status: 'True', reason: 'Reconciled' });
    expect(byType(waiting).Ready).toMatchObject({
      status: 'False',
      reason: 'Waiting',
      message: 'waiting for Deployment shop-web: 1 of 3 replicas available',
    });
    const ready = statusPatch(
      { metadata: { generation: 1 }, status: waiting },
      { ready: true, reason: 'Reconciled', message: '2 children in sync', waiting: [], fields: {} },
      t1,
    )!;
    expect(byType(ready).Ready).toMatchObject({
      status: 'True',
      reason: 'ChildrenReady',
      message: '2 children in sync and ready',
      lastTransitionTime: t1.toISOString(),
    });
    expect(byType(ready).Synced!.lastTransitionTime).toBe(t0.toISOString());
    const failed = statusPatch(
      { metadata: { generation: 1 }, status: ready },
      { ready: false, reason: 'TemplateError', message: 'bad', waiting: [], fields: {} },
      t1,
    )!;
    expect([byType(failed).Synced!.status, byType(failed).Ready!.status, byType(failed).Ready!.reason]).toEqual([
      'False',
      'False',
      'TemplateError',
    ]);
  });

  it('names every child that waits, up to ten, then how many more', () => {
    const waiting = Array.from({ length: 12 }, (_, i) => `Deployment web-${i}: 0 of 2 replicas available`);
    const patch = statusPatch(
      { metadata: {} },
      { ready: true, reason: 'Reconciled', message: '12 children in sync', waiting, fields: {} },
      t0,
    )!;
    const ready = (patch.conditions as { type: string; message: string }[]).find((c) => c.type === 'Ready')!;
    expect(ready.message).toBe(`waiting for ${waiting.slice(0, 10).join('; ')}; and 2 more`);
    expect(namedList(['a', 'b'])).toBe('a; b');
    expect(namedList(['a', 'b', 'c'], ', ', 2)).toBe('a, b, and 1 more');
  });

  it('returns undefined when nothing changed (no write in steady state)', () => {
    const first = statusPatch(
      { metadata: { generation: 1 } },
      { ready: true, reason: 'Reconciled', message: 'ok', fields: {} },
      t0,
    )!;
    expect(
      statusPatch(
        { metadata: { generation: 1 }, status: first },
        { ready: true, reason: 'Reconciled', message: 'ok', fields: {} },
        t1,
      ),
    ).toBeUndefined();
  });

  it('keeps lastTransitionTime when the status stays, moves it on a transition', () => {
    const first = statusPatch(
      { metadata: { generation: 1 } },
      { ready: true, reason: 'Reconciled', message: 'ok', fields: {} },
      t0,
    )!;
    const sameStatus = statusPatch(
      { metadata: { generation: 2 }, status: first },
      { ready: true, reason: 'Reconciled', message: 'now 2', fields: {} },
      t1,
    )!;
    expect((sameStatus.conditions as { lastTransitionTime: string }[])[1]!.lastTransitionTime).toBe(t0.toISOString());
    const flipped = statusPatch(
      { metadata: { generation: 2 }, status: first },
      { ready: false, reason: 'TemplateError', message: 'bad', fields: {} },
      t1,
    )!;
    expect((flipped.conditions as { lastTransitionTime: string; status: string }[])[1]).toMatchObject({
      status: 'False',
      lastTransitionTime: t1.toISOString(),
    });
  });

  it('keeps conditions of other types', () => {
    const status = {
      conditions: [{ type: 'Progressing', status: 'True', reason: 'x', message: '', lastTransitionTime: 'then' }],
    };
    const patch = statusPatch(
      { metadata: { generation: 1 }, status },
      { ready: true, reason: 'Reconciled', message: 'ok', fields: {} },
      t0,
    )!;
    expect((patch.conditions as { type: string }[]).map((c) => c.type)).toEqual(['Progressing', 'Synced', 'Ready']);
  });

  it('a failed child: Ready=False ChildFailed naming it (before what waits) and Stalled=True; Stalled goes with it', () => {
    type C = { type: string; status: string; reason: string; message: string };
    const byType = (p: Record<string, unknown> | undefined) =>
      Object.fromEntries((p!.conditions as C[]).map((c) => [c.type, c]));
    const failed = statusPatch(
      { metadata: { generation: 1 } },
      {
        ready: true,
        reason: 'Reconciled',
        message: '2 children in sync',
        fields: {},
        waiting: ['Service shop-lb: no load balancer ingress address yet'],
        failed: ['Job shop-migrate: failed (BackoffLimitExceeded: Job has reached the specified backoff limit)'],
      },
      t0,
    );
    const message = 'Job shop-migrate: failed (BackoffLimitExceeded: Job has reached the specified backoff limit)';
    expect(byType(failed)).toMatchObject({
      Synced: { status: 'True', reason: 'Reconciled' },
      Ready: { status: 'False', reason: 'ChildFailed', message },
      Stalled: { status: 'True', reason: 'ChildFailed', message },
    });
    const recovered = statusPatch(
      { metadata: { generation: 1 }, status: failed },
      { ready: true, reason: 'Reconciled', message: '2 children in sync', fields: {}, waiting: [] },
      t1,
    );
    expect(Object.keys(byType(recovered))).toEqual(['Synced', 'Ready']);
    expect(byType(recovered).Ready).toMatchObject({ status: 'True', reason: 'ChildrenReady' });
  });

  it('children of a kind without a readiness rule count as ready, and Ready says they are only present', () => {
    const patch = statusPatch(
      { metadata: { generation: 1 } },
      {
        ready: true,
        reason: 'Reconciled',
        message: '3 children in sync',
        fields: {},
        waiting: [],
        present: ['Db shop-db'],
      },
      t0,
    )!;
    expect((patch.conditions as { type: string }[]).find((c) => c.type === 'Ready')).toMatchObject({
      status: 'True',
      reason: 'ChildrenReady',
      message: '3 children in sync: 2 ready, 1 present with no readiness rule (Db shop-db)',
    });
  });
});

describe('isFirstReconcile', () => {
  it('is true until the status has a Ready condition, whatever its status', () => {
    expect(isFirstReconcile({ metadata: {} })).toBe(true);
    expect(isFirstReconcile({ metadata: {}, status: { conditions: [{ type: 'Available', status: 'True' }] } })).toBe(
      true,
    );
    expect(isFirstReconcile({ metadata: {}, status: { conditions: [{ type: 'Ready', status: 'False' }] } })).toBe(
      false,
    );
    const written = statusPatch(
      { metadata: { generation: 1 } },
      { ready: true, reason: 'Reconciled', message: 'ok', fields: {} },
      new Date(),
    );
    expect(isFirstReconcile({ metadata: {}, status: written })).toBe(false);
  });
});
