import { describe, expect, it } from '@jest/globals';
import { SecretValues } from '@orkestra/core';
import { isLoopbackHost } from '../src/console/access.js';
import { ConsoleHistory } from '../src/console/history.js';
import { redactMessages } from '../src/console/views.js';

const reconciled = (key: string, result: 'success' | 'error' = 'success') => ({
  key,
  result,
  durationMs: 12.345,
  trigger: 'event' as const,
});

describe('ConsoleHistory', () => {
  it('keeps each transition of a condition (not each sighting, nor an older one), newest first, bounded', () => {
    const history = new ConsoleHistory({ perInstance: 3, instances: 1 });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const ready = (status: string, reason: string, at: string, message = '') => [
      { type: 'Ready', status, reason, message, lastTransitionTime: at },
      { type: 'Synced', status: 'True', reason: 'Reconciled' },
    ];
    history.observeConditions('Website', 'ns/shop', ready('False', 'Waiting', t(1), '0 of 1'));
    history.observeConditions('Website', 'ns/shop', ready('False', 'Waiting', t(1), '1 of 1'));
    history.observeConditions('Website', 'ns/shop', ready('True', 'Ready', t(2)));
    history.observeConditions('Website', 'ns/shop', ready('False', 'Waiting', t(1))); // a stale cache: ignored
    expect(history.conditionHistory('Website', 'ns/shop').map((c) => `${c.type}=${c.status}@${c.at}`)).toEqual([
      expect.stringMatching(/^Synced=True@\d{4}-/), // no lastTransitionTime: when first seen (now)
      `Ready=True@${t(2)}`,
      `Ready=False@${t(1)}`,
    ]);
    expect(history.conditionHistory('Website', 'ns/shop').at(-1)?.message).toBe('0 of 1');
    history.observeConditions('Website', 'ns/shop', ready('False', 'Failed', t(3)));
    expect(history.conditionHistory('Website', 'ns/shop')).toHaveLength(3);
    history.observeConditions('Website', 'ns/blog', ready('True', 'Ready', t(4)));
    expect(history.conditionHistory('Website', 'ns/shop')).toEqual([]); // one instance kept: the latest changed
    expect(history.conditionHistory('Website', 'ns/blog')).toHaveLength(2);
  });

  it('records each reconcile with the children it changed, newest first, and tells the next observer', () => {
    const history = new ConsoleHistory();
    const seen: string[] = [];
    const observer = history.observer('Website', { reconciled: (i) => seen.push(i.key) });
    observer.childChanged?.({ key: 'ns/shop', kind: 'Deployment', name: 'shop-web', action: 'created' });
    observer.reconciled?.(reconciled('ns/shop'));
    observer.reconciled?.(reconciled('ns/shop', 'error'));
    const timeline = history.timeline('Website', 'ns/shop');
    expect(timeline.map((t) => t.result)).toEqual(['error', 'success']);
    expect(timeline[1]?.changes).toEqual([{ kind: 'Deployment', name: 'shop-web', action: 'created' }]);
    expect(timeline[1]?.durationMs).toBe(12.3);
    expect(timeline[0]?.changes).toEqual([]);
    expect(seen).toEqual(['ns/shop', 'ns/shop']);
    expect(history.perMinute('Website')).toBe(2);
    expect(history.timeline('Other', 'ns/shop')).toEqual([]);
  });

  it('keeps at most perInstance reconciles per instance and the most recently reconciled instances', () => {
    const history = new ConsoleHistory({ perInstance: 3, instances: 2 });
    const observer = history.observer('Website');
    for (let i = 0; i < 5; i++) observer.reconciled?.(reconciled('ns/a'));
    observer.reconciled?.(reconciled('ns/b'));
    observer.reconciled?.(reconciled('ns/a'));
    observer.reconciled?.(reconciled('ns/c'));
    expect(history.timeline('Website', 'ns/a')).toHaveLength(3);
    expect(history.timeline('Website', 'ns/b')).toEqual([]); // the least recently reconciled went
    expect(history.timeline('Website', 'ns/c')).toHaveLength(1);
  });

  it('calls listeners after each reconcile until they stop', () => {
    const history = new ConsoleHistory();
    const heard: string[] = [];
    const off = history.onReconciled((kind, key) => heard.push(`${kind} ${key}`));
    history.observer('Website').reconciled?.(reconciled('ns/a'));
    off();
    history.observer('Website').reconciled?.(reconciled('ns/b'));
    expect(heard).toEqual(['Website ns/a']);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['10.0.0.5', false],
    ['evil.example.com', false],
    ['', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('redactMessages', () => {
  it('hides Secret values inside reasons and messages, deeply, and leaves names alone', () => {
    const secrets = new SecretValues();
    secrets.addSecret({ apiVersion: 'v1', kind: 'Secret', stringData: { password: 's3cr3t-value', user: 'admin' } });
    const view = {
      name: 'shop-admin',
      tree: { name: 'shop-admin', reason: 'env ADMIN=admin', children: [{ name: 'x', reason: 'has s3cr3t-value' }] },
      events: [{ reason: 'Failed', message: 'password s3cr3t-value refused' }],
      lastReconcile: { error: 'apply: s3cr3t-value', waiting: ['x waits for s3cr3t-value'] },
      why: [{ path: ['Secret/shop-admin'], reason: 'saw c3Mz' }],
    };
    const out = redactMessages(view, secrets);
    expect(out.name).toBe('shop-admin');
    expect(out.tree.name).toBe('shop-admin');
    expect(out.tree.reason).toBe('env ADMIN=[redacted]');
    expect(out.tree.children[0]?.reason).toBe('has [redacted]');
    expect(out.events[0]?.message).toBe('password [redacted] refused');
    expect(out.lastReconcile).toEqual({ error: 'apply: [redacted]', waiting: ['x waits for [redacted]'] });
    expect(out.why[0]?.path).toEqual(['Secret/shop-admin']);
    expect(JSON.stringify(out)).not.toContain('s3cr3t-value');
    expect(JSON.stringify(out)).not.toContain(Buffer.from('s3cr3t-value').toString('base64'));
  });
});
