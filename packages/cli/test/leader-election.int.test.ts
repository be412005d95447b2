import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import { example } from './helpers.js';
import { website } from './test-files.js';

// Two real `orkestra run` processes (the built dist/bin.js) against the test control plane. Timings are
// shortened from client-go's defaults (15 s / 10 s / 2 s) so the test takes seconds, not a minute.
const LEASE_MS = 6_000;
const RENEW_MS = 4_000;
const RETRY_MS = 1_000;
const cluster = testCluster();
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Replica {
  name: string;
  child: ChildProcess;
  logs: Record<string, unknown>[];
  url: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown> & { at: number }>;
  metric(name: string): Promise<number | undefined>;
}

function replica(name: string, ns: string): Replica {
  const child = spawn(
    process.execPath,
    [
      bin,
      'run',
      '--katalog',
      example('katalog.yaml'),
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--leader-election-namespace',
      ns,
      '--identity',
      name,
      '--http-address',
      '127.0.0.1:0',
      '--log-format',
      'json',
      '--lease-duration',
      `${LEASE_MS}ms`,
      '--renew-deadline',
      `${RENEW_MS}ms`,
      '--retry-period',
      `${RETRY_MS}ms`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } },
  );
  const logs: (Record<string, unknown> & { at: number })[] = [];
  const waiters: { msg: string; resolve: (l: Record<string, unknown> & { at: number }) => void }[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const entry: Record<string, unknown> & { at: number } = {
          ...(JSON.parse(text) as Record<string, unknown>),
          at: performance.now(),
        };
        logs.push(entry);
        for (const w of waiters.splice(0)) {
          if (String(entry.msg).includes(w.msg)) w.resolve(entry);
          else waiters.push(w);
        }
      } catch {
        // not a log line
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitLog = (msg: string, timeoutMs = 30_000) => {
    const seen = logs.find((l) => String(l.msg).includes(msg));
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown> & { at: number }>((resolve, reject) => {
      const t = setTimeout(
        () =>
          reject(
            new Error(
              `${name}: no log "${msg}" within ${timeoutMs} ms; stderr: ${stderr}; logs: ${logs.map((l) => l.msg).join(' | ')}`,
            ),
          ),
        timeoutMs,
      );
      waiters.push({
        msg,
        resolve: (l) => {
          clearTimeout(t);
          resolve(l);
        },
      });
      void exited.then(({ code }) =>
        reject(new Error(`${name} exited with ${code} before logging "${msg}"; stderr: ${stderr}`)),
      );
    });
  };
  const url = waitLog('serving health and metrics').then((l) => String(l.url));
  const metric = async (metricName: string) => {
    const text = await (await fetch(`${await url}/metrics`)).text();
    const lines = text.split('\n').filter((l) => l.startsWith(metricName) && !l.startsWith('#'));
    return lines.length ? lines.reduce((n, l) => n + Number(l.split(' ').pop()), 0) : undefined;
  };
  return { name, child, logs, url, exited, waitLog, metric };
}

describe('leader election between two orkestra run processes', () => {
  let user: Kubeclient;
  let ns: string;
  const replicas: Replica[] = [];
  const lease = async () =>
    (await user.get({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: ns, name: 'orkestra-website' }))
      ?.spec as { holderIdentity?: string; leaseTransitions?: number } | undefined;
  const deployment = async () =>
    (await user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-web' })) as
      | (KubeObject & { spec: { replicas: number } })
      | undefined;
  const start = (name: string) => {
    const r = replica(name, ns);
    replicas.push(r);
    return r;
  };

  beforeAll(async () => {
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('leader');
  });
  afterAll(async () => {
    for (const r of replicas) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await Promise.all(replicas.map((r) => r.exited));
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('only the holder of the Lease reconciles; kill -9 hands over within the lease duration; SIGTERM hands over at once', async () => {
    const a = start('replica-a');
    await a.waitLog('acquired the leader-election Lease');
    const b = start('replica-b');
    await b.waitLog('waiting for the leader-election Lease');
    expect((await lease())?.holderIdentity).toBe('replica-a');

    await user.create(website(ns, 'shop', { image: 'nginx:1.27', replicas: 2 }));
    await cluster.waitFor(async () => (await deployment())?.spec.replicas === 2, {
      timeoutMs: 20_000,
      description: 'the leader to create the Deployment',
    });
    expect(await a.metric('orkestra_leader')).toBe(1);
    expect(await a.metric('orkestra_reconcile_total')).toBeGreaterThan(0);
    expect(await b.metric('orkestra_leader')).toBe(0);
    expect(await b.metric('orkestra_reconcile_total')).toBeUndefined(); // the standby never reconciled
    const standby = await fetch(`${await b.url}/readyz`);
    expect([standby.status, (await standby.text()).trim()]).toEqual([
      200,
      'standby: waiting for the leader-election Lease (held by replica-a)',
    ]);

    // kill -9: no release; the standby takes over once the Lease has not changed for its duration.
    const killedAt = performance.now();
    a.child.kill('SIGKILL');
    const acquired = await b.waitLog('acquired the leader-election Lease', LEASE_MS + 10_000);
    const handoverMs = acquired.at - killedAt;
    console.log(
      `kill -9 of the leader: the standby took over after ${Math.round(handoverMs)} ms (lease duration ${LEASE_MS} ms, retry period ${RETRY_MS} ms)`,
    );
    // Expiry counts on the standby's clock from its first sight of the leader's last renewal, which is at
    // most one jittered retry period (≤ 2.2 × retryPeriod) after the kill; the standby then notices the expiry at
    // its next try, at most one more jittered period later. So: lease duration + 2 × 2.2 × retryPeriod (+ slack
    // for a loaded machine).
    expect(handoverMs).toBeLessThan(LEASE_MS + 2 * 2.2 * RETRY_MS + 1_000);
    expect((await lease())?.holderIdentity).toBe('replica-b');
    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { replicas: 3 } },
      { fieldManager: 'kubectl' },
    );
    await cluster.waitFor(async () => (await deployment())?.spec.replicas === 3, {
      timeoutMs: 20_000,
      description: 'the new leader to roll out the change',
    });
    expect(await b.metric('orkestra_leader')).toBe(1);

    // SIGTERM: the leader finishes, releases the Lease, exits 0; the next standby acquires at its next try.
    const c = start('replica-c');
    await c.waitLog('waiting for the leader-election Lease');
    const termAt = performance.now();
    b.child.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    await b.waitLog('released the leader-election Lease');
    const takeover = await c.waitLog('acquired the leader-election Lease', 10_000);
    console.log(
      `SIGTERM of the leader: released, and the standby took over after ${Math.round(takeover.at - termAt)} ms`,
    );
    expect(takeover.at - termAt).toBeLessThan(LEASE_MS);
    expect((await lease())?.holderIdentity).toBe('replica-c');
    expect((await lease())?.leaseTransitions).toBe(2);
  }, 90_000);

  it('a leader that loses its Lease stops at once and exits 6', async () => {
    const c = replicas.find((r) => r.name === 'replica-c')!;
    const live = await user.get({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      namespace: ns,
      name: 'orkestra-website',
    });
    // Someone else takes the Lease (as a replica on the far side of a partition would after expiry).
    await user.update({
      ...live!,
      spec: { ...(live!.spec as object), holderIdentity: 'intruder', leaseDurationSeconds: 60 },
    });
    const exit = await c.exited;
    expect(exit.code).toBe(6);
    expect(c.logs.some((l) => String(l.msg).startsWith('leader election lost'))).toBe(true);
  }, 30_000);
});
