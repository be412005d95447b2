/**
 * Issue 14 item 18: a graceful stop ends within the drain bound even with no API server to talk to, and a Lease
 * lost while draining aborts the reconciles still running at once. The API server is reached through a TCP
 * proxy that the test cuts; a "slow" resource handler (the ConfigMap handler whose update waits until its
 * request is aborted) keeps a reconcile in flight.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { handler as configmaps } from '@orkestra/configmaps';
import { type ResolvedSpec, type ResourceHandler, silentLogger } from '@orkestra/core';
import { Kubeclient, loadKubeconfig } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import { parse, stringify } from 'yaml';
import { Manager } from '../src/index.js';

const cluster = testCluster();
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-shutdown-'));
const servers: Server[] = [];

/**
 * A TCP proxy to the API server. `cut()` closes every connection and refuses new ones; `cut('silent')` closes
 * them and then accepts new ones but never answers (a server that hangs).
 */
async function proxy(): Promise<{ kubeconfig: string; cut(mode?: 'refuse' | 'silent'): void }> {
  const config = parse(readFileSync(cluster.kubeconfigPath!, 'utf8')) as {
    clusters: { cluster: { server: string } }[];
  };
  const upstream = new URL(config.clusters[0]!.cluster.server);
  const sockets = new Set<Socket>();
  let silent = false;
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    if (silent) return;
    const up = connect(Number(upstream.port), upstream.hostname);
    for (const s of [client, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        client.destroy();
        up.destroy();
      });
    }
    client.pipe(up).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as { port: number }).port;
  for (const c of config.clusters) c.cluster.server = `https://127.0.0.1:${port}`;
  const kubeconfig = join(tmp, `proxied-${port}.kubeconfig`);
  writeFileSync(kubeconfig, stringify(config));
  return {
    kubeconfig,
    cut: (mode = 'refuse') => {
      for (const s of sockets) s.destroy();
      if (mode === 'silent') silent = true;
      else server.close();
    },
  };
}

/** The ConfigMap handler under another key, whose update waits until its request is aborted. */
function slowHandler(): {
  handler: ResourceHandler<unknown, ResolvedSpec>;
  started: Promise<void>;
  aborted: Promise<void>;
} {
  let started!: () => void;
  let aborted!: () => void;
  const startedP = new Promise<void>((resolve) => (started = resolve));
  const abortedP = new Promise<void>((resolve) => (aborted = resolve));
  const handler = {
    ...(configmaps as unknown as ResourceHandler<unknown, ResolvedSpec>),
    key: 'slow',
    update: (ctx: { signal: AbortSignal }) => {
      started();
      return new Promise<never>((_, reject) =>
        ctx.signal.addEventListener(
          'abort',
          () => {
            aborted();
            reject(new Error('aborted'));
          },
          { once: true },
        ),
      );
    },
  } as ResourceHandler<unknown, ResolvedSpec>;
  return { handler, started: startedP, aborted: abortedP };
}

/** One Website reconciler with one "slow" child. */
function reconcilers(handler: ResourceHandler<unknown, ResolvedSpec>, ns: string) {
  return [
    {
      owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
      namespaces: [ns],
      handlers: [handler],
      resources: { slow: { onReconcile: [{ name: '{{metadata.name}}-slow', data: { a: 'b' } }] } },
    },
  ];
}

const clients: Kubeclient[] = [];
const client = (file: string, options: ConstructorParameters<typeof Kubeclient>[1] = {}) => {
  const kube = new Kubeclient(loadKubeconfig({ file }), options);
  clients.push(kube);
  return kube;
};

afterAll(async () => {
  for (const s of servers) s.close();
  await Promise.all(clients.map((c) => c.close()));
  await cluster.deleteNamespaces();
});

describe('stopping a Manager', () => {
  it('ends within the drain bound when the API server hangs: the reconcile still running is aborted, the Lease release cut short', async () => {
    const ns = await cluster.newNamespace('shutdown');
    const link = await proxy();
    const slow = slowHandler();
    const operator = new Manager({
      reconcilers: reconcilers(slow.handler, ns),
      kube: client(link.kubeconfig),
      logger: silentLogger,
      httpAddress: false,
      stopTimeoutMs: 2_000,
      leaderElection: {
        kube: client(link.kubeconfig, { retry: { retries: 0 }, timeoutMs: 4_000 }),
        namespace: ns,
        name: 'slow',
        leaseDurationMs: 10_000,
        renewDeadlineMs: 8_000,
        retryPeriodMs: 500,
      },
    });
    await operator.start();
    await client(cluster.kubeconfigPath!).create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx' },
    });
    await slow.started;
    link.cut('silent');
    const began = performance.now();
    await operator.stop();
    const ms = performance.now() - began;
    console.log(
      `stop with the API server hanging: ${Math.round(ms)} ms (drain bound 2000 ms, then at least 250 ms for the release)`,
    );
    await slow.aborted;
    expect(ms).toBeLessThan(2_000 + 250 + 1_000); // before: the drain, then the release waited out its request timeout (4 s)
  }, 60_000);

  it('aborts the reconciles still running as soon as the Lease is lost while draining', async () => {
    const ns = await cluster.newNamespace('shutdown');
    const link = await proxy();
    const slow = slowHandler();
    const kube = client(cluster.kubeconfigPath!);
    const leaseKube = client(link.kubeconfig, { retry: { retries: 0 }, timeoutMs: 1_000 });
    const operator = new Manager({
      reconcilers: reconcilers(slow.handler, ns),
      kube,
      logger: silentLogger,
      httpAddress: false,
      stopTimeoutMs: 60_000,
      leaderElection: {
        kube: leaseKube,
        namespace: ns,
        name: 'slow',
        leaseDurationMs: 3_000,
        renewDeadlineMs: 2_000,
        retryPeriodMs: 500,
      },
    });
    await operator.start();
    await kube.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx' },
    });
    await slow.started;
    link.cut(); // renewals fail from now on: the Lease is lost after the renew deadline (2 s)
    const began = performance.now();
    await operator.stop();
    const ms = performance.now() - began;
    console.log(`stop while the Lease was lost: ${Math.round(ms)} ms (renew deadline 2000 ms, drain bound 60000 ms)`);
    await slow.aborted;
    expect(ms).toBeLessThan(15_000); // far below the 60 s drain bound: the loss aborted the reconcile
  }, 90_000);
});
