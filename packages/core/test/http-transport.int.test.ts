// What Kubeclient's transports (src/kube/http-transport.ts, HTTP/1.1; src/kube/http2-transport.ts, HTTP/2) must do,
// against a real kube-apiserver: keep connections alive, fail a silent watch, decode UTF-8 across chunks, abort,
// time out, close, and keep Secret answers redacted. Core's jest config runs this file over each HTTP version.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import type { ClientRequest } from 'node:http';
import type { ClientHttp2Stream } from 'node:http2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import { InvalidError, type KubeObject, OrkestraError, UnavailableError, type WatchEvent } from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
let kube: Kubeclient;
let ns: string;

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('transport');
});

const configMap = (name: string, data: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns },
  data,
});

/**
 * Runs `fn` and returns the connections that carried the responses it received: the sockets of HTTP/1.1 responses
 * (Node's `http.client.response.finish` channel), the sessions of HTTP/2 ones (`http2.client.stream.finish`).
 */
async function connectionsUsedBy(fn: () => Promise<void>): Promise<{ responses: number; connections: Set<object> }> {
  const connections = new Set<object>();
  let responses = 0;
  const onResponse = (message: unknown) => {
    responses++;
    const socket = (message as { request: ClientRequest }).request.socket;
    if (socket) connections.add(socket);
  };
  const onStream = (message: unknown) => {
    responses++;
    connections.add((message as { stream: ClientHttp2Stream }).stream.session as object);
  };
  subscribe('http.client.response.finish', onResponse);
  subscribe('http2.client.stream.finish', onStream);
  try {
    await fn();
  } finally {
    unsubscribe('http.client.response.finish', onResponse);
    unsubscribe('http2.client.stream.finish', onStream);
  }
  return { responses, connections };
}

describe('Kubeclient transport: connections', () => {
  it('reuses kept-alive connections: 50 sequential GETs go over one socket (HTTP/1.1) or session (HTTP/2)', async () => {
    const client = new Kubeclient(cluster.kubeConfig);
    try {
      await client.create(configMap('reused', { a: '1' }));
      const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'reused' };
      const { responses, connections } = await connectionsUsedBy(async () => {
        for (let i = 0; i < 50; i++) expect((await client.get(ref))?.data).toEqual({ a: '1' });
      });
      expect(client.requests.count({ verb: 'get' })).toBe(50);
      expect(responses).toBe(50); // every response seen: the count below is not vacuous
      expect(connections.size).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('opens no more than `connections` sockets for concurrent requests (HTTP/2: one session)', async () => {
    const client = new Kubeclient(cluster.kubeConfig, { connections: 2 });
    try {
      await client.create(configMap('pooled', { a: '1' }));
      const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'pooled' };
      const { responses, connections } = await connectionsUsedBy(async () => {
        await Promise.all(Array.from({ length: 20 }, () => client.get(ref)));
      });
      expect(responses).toBe(20);
      expect(connections.size).toBeGreaterThanOrEqual(1);
      expect(connections.size).toBeLessThanOrEqual(client.httpVersion === '2' ? 1 : 2); // HTTP/2 multiplexes
    } finally {
      await client.close();
    }
  });

  it('keeps watches out of the pool: with more open watches than `connections`, requests still go through', async () => {
    // An operator watches one kind per CRD and per child kind: 15 CRDs and 4 child kinds are 19 watches. Were
    // watches in the pool of 16, every other request would wait for a free connection forever.
    const client = new Kubeclient(cluster.kubeConfig, { connections: 2 });
    const stop = new AbortController();
    try {
      await client.create(configMap('beside-watches', { a: '1' }));
      const watches = Array.from({ length: 5 }, () =>
        client
          .watch('v1', 'ConfigMap', { namespace: ns, signal: stop.signal, timeoutSeconds: 60 }, () => undefined)
          .catch(() => undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the watches are open and streaming
      const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'beside-watches' };
      const reads = await Promise.all(
        Array.from({ length: 6 }, () => client.get(ref, { signal: AbortSignal.timeout(5_000) })),
      );
      expect(reads.map((r) => r?.data)).toEqual(Array.from({ length: 6 }, () => ({ a: '1' })));
      stop.abort();
      await Promise.all(watches);
    } finally {
      stop.abort();
      await client.close();
    }
  });

  it('fails every request after close() with Closed, a watch running at the time included', async () => {
    const client = new Kubeclient(cluster.kubeConfig);
    const events: string[] = [];
    await client.create(configMap('seen', { a: '1' }));
    const watching = client
      .watch('v1', 'ConfigMap', { namespace: ns }, (e) => events.push(e.type))
      .catch((e: unknown) => e);
    await cluster.waitFor(() => events.length > 0, { timeoutMs: 10_000, description: 'the first watch event' });
    await client.close();
    const ended = await watching;
    expect(ended).toBeInstanceOf(OrkestraError);
    expect((ended as OrkestraError).reason).toBe('Closed');
    const after = await client
      .get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'seen' })
      .catch((e: unknown) => e);
    expect((after as OrkestraError).reason).toBe('Closed');
  });
});

describe('Kubeclient transport: watch streams', () => {
  it('fails a watch whose stream goes silent for idleTimeoutMs with UnavailableError', async () => {
    // Nothing matches the selector and bookmarks are a minute away: the stream stays silent.
    const events: WatchEvent[] = [];
    const err = await kube
      .watch('v1', 'ConfigMap', { namespace: ns, labelSelector: 'nothing=here', idleTimeoutMs: 300 }, (e) =>
        events.push(e),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as Error).message).toMatch(
      /watch ConfigMap .* failed: cannot reach the API server \(no data from the server for 300 ms\)/,
    );
    expect(events.filter((e) => e.type !== 'BOOKMARK')).toEqual([]); // at most the bookmark that ends the initial events
  });

  it('decodes UTF-8 split across chunks of a watch stream', async () => {
    // ~390 KB of 2-, 3- and 4-byte characters: the stream arrives in many chunks, most of them cut inside a character.
    const text = 'ä€😀'.repeat(40_000);
    const { resourceVersion } = await kube.list('v1', 'ConfigMap', { namespace: ns });
    await kube.create(configMap('wide', { text }));
    const controller = new AbortController();
    let received: string | undefined;
    await kube
      .watch('v1', 'ConfigMap', { namespace: ns, resourceVersion, signal: controller.signal }, (e) => {
        if (e.type === 'ADDED' && e.object.metadata.name === 'wide') {
          received = (e.object.data as Record<string, string>).text;
          controller.abort();
        }
      })
      .catch((e: unknown) => expect((e as OrkestraError).reason).toBe('Aborted'));
    expect(received?.length).toBe(text.length);
    expect(received === text).toBe(true); // not toEqual: a 390 KB diff helps no one
  });

  it('rejects a watch aborted mid-stream at once with Aborted', async () => {
    const controller = new AbortController();
    await kube.create(configMap('one', {}));
    // idleTimeoutMs and timeoutSeconds far beyond the test's timeout: only the abort can end this watch in time.
    const err = await kube
      .watch(
        'v1',
        'ConfigMap',
        { namespace: ns, idleTimeoutMs: 600_000, timeoutSeconds: 600, signal: controller.signal },
        () => controller.abort(),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OrkestraError);
    expect((err as OrkestraError).reason).toBe('Aborted');
    expect((err as Error).message).toMatch(/^watch ConfigMap .* was aborted$/);
  });
});

describe('Kubeclient transport: error answers of sensitive kinds', () => {
  it('redacts the values the API server echoes in a Secret answer, and only there', async () => {
    const bad = (kind: 'Secret' | 'ConfigMap'): KubeObject => ({
      apiVersion: 'v1',
      kind,
      metadata: { name: 'x', namespace: ns, labels: { l: 'hunter2 hunter2' } },
      data: {},
    });
    const secret = (await kube.create(bad('Secret')).catch((e: unknown) => e)) as InvalidError;
    expect(secret).toBeInstanceOf(InvalidError);
    expect(secret.message).toContain('metadata.labels');
    expect(secret.message).not.toContain('hunter2');
    expect(JSON.stringify(secret.status)).not.toContain('hunter2');
    expect(secret.causes.map((c) => c.message)).toContainEqual(expect.stringContaining('Invalid value: "[redacted]"'));
    // The same answer for a ConfigMap keeps the value: the redaction is by kind, not an accident of the transport.
    const cm = (await kube.create(bad('ConfigMap')).catch((e: unknown) => e)) as InvalidError;
    expect(cm).toBeInstanceOf(InvalidError);
    expect(cm.message).toContain('Invalid value: "hunter2 hunter2"');
  });
});

describe('Kubeclient transport: an API server that stops answering', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await start();
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  /**
   * Whether every thread of `pid` is stopped. A group stop reaches each thread when it next enters the kernel: on a
   * loaded machine a thread busy in user space may still read a request and write its answer for a moment (CI saw
   * a request answered right after the SIGSTOP once).
   */
  function allThreadsStopped(pid: number): boolean {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return tasks.every((t) => {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state === 'T' || state === 't';
    });
  }

  /** Freezes kube-apiserver (SIGSTOP): connections are accepted by the kernel, nothing is answered. */
  async function frozen<T>(fn: () => Promise<T>): Promise<T> {
    const pid = env.pids.kubeApiServer!;
    process.kill(pid, 'SIGSTOP');
    try {
      for (let i = 0; i < 200 && !allThreadsStopped(pid); i++) await new Promise((r) => setTimeout(r, 5));
      return await fn();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  }

  const ref = { apiVersion: 'v1', kind: 'Namespace', name: 'default' };

  it('fails a request without response headers after timeoutMs, as a transient failure it retries', async () => {
    const client = new Kubeclient(env.kubeConfig, {
      timeoutMs: 300,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 },
    });
    try {
      await client.get(ref); // a kept-alive connection: the next request is sent and then waits for headers
      client.requests.reset();
      const err = await frozen(() => client.get(ref).catch((e: unknown) => e));
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as Error).message).toMatch(
        /get Namespace default failed: cannot reach the API server \(no response headers within 300 ms\)/,
      );
      expect(client.requests.count({ verb: 'get' })).toBe(3);
      expect((await client.get(ref))?.metadata.name).toBe('default'); // thawed: answered again
    } finally {
      await client.close();
    }
  }, 60_000);

  it('does not send a create again when it was sent and no answer came: the server may have made it', async () => {
    const client = new Kubeclient(env.kubeConfig, {
      timeoutMs: 300,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 },
    });
    const namespace = 'default';
    const name = `unanswered-${Date.now()}`;
    try {
      await client.get(ref); // a kept-alive connection: the create is written to it, then waits for headers
      client.requests.reset();
      const err = await frozen(() =>
        client.create({ ...configMap(name, { a: '1' }), metadata: { name, namespace } }).catch((e: unknown) => e),
      );
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as Error).message).toMatch(/no response headers within 300 ms/);
      expect(client.requests.count({ verb: 'create' })).toBe(1);
      // Thawed, the server may well make the ConfigMap from the bytes it had received: the reason not to send it again.
    } finally {
      await client.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name }).catch(() => undefined);
      await client.close();
    }
  }, 60_000);

  it('rejects a request aborted while it waits for the server with Aborted, at once and without retrying', async () => {
    // The default timeout (30 s) and 5 retries: only the abort can end the request within the test's timeout.
    const client = new Kubeclient(env.kubeConfig);
    try {
      await client.get(ref);
      client.requests.reset();
      const err = await frozen(async () => {
        const controller = new AbortController();
        const pending = client.get(ref, { signal: controller.signal }).catch((e: unknown) => e);
        setTimeout(() => controller.abort(), 200);
        return pending;
      });
      expect(err).toBeInstanceOf(OrkestraError);
      expect((err as OrkestraError).reason).toBe('Aborted');
      expect((err as Error).message).toBe('get Namespace default was aborted');
      expect(client.requests.count({ verb: 'get' })).toBe(1);
    } finally {
      await client.close();
    }
  }, 20_000);
});
