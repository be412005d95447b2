import { describe, expect, it } from '@jest/globals';
import {
  apiServerFlags,
  controllerManagerFlags,
  etcdFlags,
  featureGatesFlag,
  mergeFlags,
  schedulerFlags,
  toArgs,
} from '../src/flags.js';

const apiInputs = {
  etcdUrl: 'http://127.0.0.1:2379',
  securePort: 6443,
  certDir: '/t/certs',
  tlsCertFile: '/t/certs/apiserver.crt',
  tlsPrivateKeyFile: '/t/certs/apiserver.key',
  clientCAFile: '/t/certs/client-ca.crt',
  serviceAccountKeyFile: '/t/certs/sa.pub',
  serviceAccountSigningKeyFile: '/t/certs/sa.key',
};

describe('toArgs', () => {
  it('renders --name=value in order, repeats arrays, skips null and undefined', () => {
    expect(toArgs({ a: 1, '--b': true, c: ['x', 'y'], d: null, e: undefined, f: 'v' })).toEqual([
      '--a=1',
      '--b=true',
      '--c=x',
      '--c=y',
      '--f=v',
    ]);
  });
});

describe('mergeFlags', () => {
  it('overrides defaults, removes them with null, adds new flags, ignores leading dashes', () => {
    const merged = mergeFlags(
      { 'authorization-mode': 'RBAC', profiling: false },
      {
        '--authorization-mode': 'Node,RBAC',
        profiling: null,
        v: 4,
      },
    );
    expect(merged).toEqual({ 'authorization-mode': 'Node,RBAC', v: 4 });
  });
});

describe('kube-apiserver defaults', () => {
  const args = toArgs(apiServerFlags(apiInputs));

  it('has envtest’s settings', () => {
    expect(args).toEqual(
      expect.arrayContaining([
        '--etcd-servers=http://127.0.0.1:2379',
        '--secure-port=6443',
        '--bind-address=127.0.0.1',
        '--service-cluster-ip-range=10.0.0.0/16',
        '--allow-privileged=true',
        '--disable-admission-plugins=ServiceAccount',
        '--authorization-mode=RBAC',
        '--client-ca-file=/t/certs/client-ca.crt',
        '--tls-cert-file=/t/certs/apiserver.crt',
        '--tls-private-key-file=/t/certs/apiserver.key',
        '--service-account-issuer=https://127.0.0.1:6443/',
        '--service-account-key-file=/t/certs/sa.pub',
        '--service-account-signing-key-file=/t/certs/sa.key',
        '--cert-dir=/t/certs',
        '--shutdown-watch-termination-grace-period=2s',
      ]),
    );
  });

  it('turns the endpoint reconciler off, which refuses a loopback advertise address', () => {
    expect(args).toContain('--advertise-address=127.0.0.1');
    expect(args).toContain('--endpoint-reconciler-type=none');
  });

  it('lets extra flags win', () => {
    const merged = toArgs(mergeFlags(apiServerFlags(apiInputs), { 'authorization-mode': 'Node,RBAC', v: 2 }));
    expect(merged.filter((a) => a.startsWith('--authorization-mode='))).toEqual(['--authorization-mode=Node,RBAC']);
    expect(merged).toContain('--v=2');
  });
});

describe('etcd defaults', () => {
  it('is one loopback member with a private data dir and no fsync', () => {
    expect(toArgs(etcdFlags({ dataDir: '/t/etcd', clientPort: 1, peerPort: 2 }))).toEqual([
      '--name=default',
      '--data-dir=/t/etcd',
      '--listen-client-urls=http://127.0.0.1:1',
      '--advertise-client-urls=http://127.0.0.1:1',
      '--listen-peer-urls=http://127.0.0.1:2',
      '--initial-advertise-peer-urls=http://127.0.0.1:2',
      '--initial-cluster=default=http://127.0.0.1:2',
      '--unsafe-no-fsync=true',
      '--log-level=warn',
    ]);
  });
});

describe('kube-controller-manager defaults', () => {
  it('runs only the given controllers, without leader election, as the admin', () => {
    const args = toArgs(
      controllerManagerFlags({
        controllers: ['garbagecollector', 'namespace'],
        kubeconfig: '/t/kubeconfig',
        securePort: 10257,
        certDir: '/t/kcm',
        serviceAccountPrivateKeyFile: '/t/certs/sa.key',
        rootCAFile: '/t/certs/serving-ca.crt',
      }),
    );
    expect(args).toEqual(
      expect.arrayContaining([
        '--controllers=garbagecollector,namespace',
        '--kubeconfig=/t/kubeconfig',
        '--authentication-kubeconfig=/t/kubeconfig',
        '--authorization-kubeconfig=/t/kubeconfig',
        '--leader-elect=false',
        '--use-service-account-credentials=false',
        '--bind-address=127.0.0.1',
        '--secure-port=10257',
        '--cert-dir=/t/kcm',
      ]),
    );
  });

  it('lifts the client rate limit above the production default of 20 requests/s', () => {
    const args = toArgs(
      controllerManagerFlags({
        controllers: ['deployment'],
        kubeconfig: '/t/kubeconfig',
        securePort: 10257,
        certDir: '/t/kcm',
        serviceAccountPrivateKeyFile: '/t/certs/sa.key',
        rootCAFile: '/t/certs/serving-ca.crt',
      }),
    );
    expect(args).toEqual(expect.arrayContaining(['--kube-api-qps=200', '--kube-api-burst=400']));
  });
});

describe('kube-scheduler defaults', () => {
  it('runs without leader election, as the admin, with the test client rate', () => {
    const args = toArgs(schedulerFlags({ kubeconfig: '/t/kubeconfig', securePort: 10259, certDir: '/t/sched' }));
    expect(args).toEqual(
      expect.arrayContaining([
        '--kubeconfig=/t/kubeconfig',
        '--leader-elect=false',
        '--secure-port=10259',
        '--kube-api-qps=200',
        '--kube-api-burst=400',
      ]),
    );
  });
});

describe('featureGatesFlag', () => {
  it('renders gates sorted by name as name=bool pairs, nothing for no gates', () => {
    expect(featureGatesFlag({ ShardedListAndWatch: true, AnAlphaGate: false })).toBe(
      'AnAlphaGate=false,ShardedListAndWatch=true',
    );
    expect(featureGatesFlag({})).toBeUndefined();
  });
});
