import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { Kubeclient } from '@orkestra/core/kube';
import { LeaderElector, microTime, parseAddress } from '@orkestra/operator/internal';

describe('small parts', () => {
  it('writes Lease times as MicroTime', () => {
    expect(microTime(new Date('2026-01-02T03:04:05.123Z'))).toBe('2026-01-02T03:04:05.123000Z');
  });
  it('parses --http-address', () => {
    expect(parseAddress(':8080')).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(parseAddress('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseAddress('[::1]:9090')).toEqual({ host: '::1', port: 9090 });
    expect(() => parseAddress('localhost')).toThrow('not an address');
  });
  it('refuses leader-election timings that cannot work, as client-go does', () => {
    const kc = new KubeConfig();
    kc.loadFromClusterAndUser({ name: 'c', server: 'https://127.0.0.1:1', skipTLSVerify: true }, { name: 'u' });
    const kube = new Kubeclient(kc);
    expect(
      () => new LeaderElector(kube, { namespace: 'n', name: 'l', leaseDurationMs: 10_000, renewDeadlineMs: 10_000 }),
    ).toThrow('leaseDuration (10000 ms) must be greater than renewDeadline');
    expect(
      () => new LeaderElector(kube, { namespace: 'n', name: 'l', renewDeadlineMs: 2_000, retryPeriodMs: 2_000 }),
    ).toThrow('renewDeadline (2000 ms) must be greater than 1.2 × retryPeriod');
    expect(new LeaderElector(kube, { namespace: 'n', name: 'l' }).identity).toMatch(/_[0-9a-f]{8}$/);
  });
});
