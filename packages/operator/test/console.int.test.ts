/**
 * The console of a Manager running the Website operator on a control plane with simulated nodes: the kinds with
 * their counts, an instance's tree becoming Ready during a rollout, a child that never becomes ready shown as the
 * cause first, the event stream, and the security cases (no token, a token without access to a namespace, a
 * Secret's value searched in every response).
 */
import { request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type OwnerObject, SecretValues, silentLogger } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { serviceAccountIdentity, start, type TestEnvironment } from '@orkestra/testenv';
import { childDiffs } from '../src/console/child-diff.js';
import { CONTENT_SECURITY_POLICY, ConsoleServer } from '../src/console/console-server.js';
import type { InstanceView, KindView } from '../src/console/views.js';
import type { Manager, ManagerOptions } from '../src/index.js';

const NEVER_READY = 'example.com/never-ready:1';
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));
type WebsiteManager = (kube: Kubeclient, options?: Omit<ManagerOptions, 'kube' | 'reconcilers'>) => Manager;

let env: TestEnvironment;
let admin: Kubeclient;
let manager: Manager;
let ns: string;
let other: string;
const run = new AbortController();
const KIND = 'websites.example.com';

const website = (namespace: string, name: string, image: string, replicas = 1) => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name, namespace },
  spec: { image, replicas },
});
const instanceUrl = (base: string, namespace: string, name: string, path = 'instance') =>
  `${base}/api/${path}?kind=${KIND}&namespace=${namespace}&name=${name}`;
const getJson = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text(), json: undefined as T | undefined };
};
const view = async (namespace: string, name: string) =>
  JSON.parse((await getJson(instanceUrl(manager.console!.url!, namespace, name))).text) as InstanceView;

/** The first `count` messages of an event stream, as their raw `data:` texts. */
async function streamMessages(url: string, count: number, until?: (data: string) => boolean): Promise<string[]> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const messages: string[] = [];
  let buffer = '';
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const data = buffer.slice(0, cut).replace(/^data: /, '');
      buffer = buffer.slice(cut + 2);
      if (!until || until(data) || messages.length === 0) messages.push(data);
      cut = buffer.indexOf('\n\n');
    }
  }
  abort.abort();
  return messages;
}

beforeAll(async () => {
  env = await start({ nodes: { count: 2, neverReadyImages: [NEVER_READY], podStartDelayMs: 500 } });
  admin = new Kubeclient(env.kubeConfig);
  ns = await env.newNamespace('console');
  other = await env.newNamespace('console-other');
  const { websiteManager } = (await import(pathToFileURL(exampleFile).href)) as { websiteManager: WebsiteManager };
  manager = websiteManager(new Kubeclient(env.kubeConfig), {
    installCrds: true,
    console: { address: '127.0.0.1:0', streamIntervalMs: 200, assets: false },
  });
  void manager.run(run.signal);
  await env.waitFor(() => manager.readiness().ready && manager.console?.url, { timeoutMs: 60_000 });
  await admin.create(website(ns, 'shop', 'nginx:1.27'));
  await admin.create(website(ns, 'broken', NEVER_READY));
  await admin.create(website(other, 'blog', 'nginx:1.27'));
}, 180_000);
afterAll(async () => {
  run.abort();
  await manager?.exited;
  await admin?.close();
  await env?.stop();
}, 60_000);

describe('console on loopback (the operator’s view)', () => {
  it('lists the kinds served with counts, queue depth and reconcile rate', async () => {
    const kinds = await env.waitFor(
      async () => {
        const r = await getJson(`${manager.console!.url}/api/kinds`);
        const body = JSON.parse(r.text) as { kinds: KindView[] };
        return body.kinds[0]?.instances.length === 3 && body.kinds[0].counts.ready >= 1 && body.kinds;
      },
      { timeoutMs: 60_000, description: 'three Websites, one ready' },
    );
    expect(kinds).toHaveLength(1);
    expect(kinds[0]).toMatchObject({ id: KIND, kind: 'Website', queueDepth: expect.any(Number) });
    const counts = kinds[0]?.counts ?? { ready: 0, waiting: 0, failing: 0 };
    expect(counts.ready + counts.waiting + counts.failing).toBe(3);
    expect(kinds[0]?.reconcilesPerMinute).toBeGreaterThan(0);
  });

  it('shows an instance: its tree Ready, conditions, Events and the timeline of reconciles with what changed', async () => {
    const shop = await env.waitFor(
      async () => {
        const v = await view(ns, 'shop');
        return v.state === 'Current' && v;
      },
      { timeoutMs: 60_000, description: 'shop Ready' },
    );
    expect(shop.why).toEqual([]);
    expect(shop.conditions.map((c) => `${c.type}=${c.status}`)).toEqual(expect.arrayContaining(['Ready=True']));
    expect(shop.tree.children.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['Deployment', 'Service', 'ConfigMap', 'Secret']),
    );
    const created = shop.timeline.flatMap((t) => t.changes).filter((c) => c.action === 'created');
    expect(created.map((c) => c.kind)).toEqual(expect.arrayContaining(['Deployment', 'Secret']));
    expect(shop.timeline[0]).toMatchObject({ trigger: expect.any(String), result: 'success' });
    expect(shop.hidden).toEqual([]);
    // the conditions' history: Ready=True, the newest transition of Ready, with when it happened
    const ready = shop.conditionHistory.find((c) => c.type === 'Ready');
    expect(ready).toMatchObject({ status: 'True', at: expect.stringMatching(/^\d{4}-/) });
    expect(shop.lastReconcile).toMatchObject({ result: 'success', waiting: [], failed: [] });
  });

  it('puts the cause first for a child that never becomes ready', async () => {
    const broken = await env.waitFor(
      async () => {
        const v = await view(ns, 'broken');
        return v.why[0]?.path.at(-1)?.startsWith('Pod/') && v;
      },
      { timeoutMs: 40_000, description: 'the never-ready Pod as the cause' },
    );
    expect(broken.state).toBe('InProgress');
    // the deepest cause, with the path that leads to it: the Pod whose image never becomes ready
    expect(broken.why[0]?.path.join(' → ')).toMatch(/^Deployment\/broken-web → ReplicaSet\/broken-web-\w+ → Pod\//);
    expect(broken.why[0]?.reason).toBeTruthy();
    expect(broken.tree.children[0]?.kind).toBe('Deployment');
  });

  it('streams the tree whole on each change: a rollout turns Ready', async () => {
    await admin.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { replicas: 3 } },
    );
    const messages = await streamMessages(instanceUrl(manager.console!.url!, ns, 'shop', 'stream'), 2, (data) => {
      const v = JSON.parse(data) as InstanceView;
      const pods = v.tree.children.find((c) => c.kind === 'Deployment')?.children.flatMap((rs) => rs.children) ?? [];
      return v.state === 'Current' && pods.length === 3;
    });
    const last = JSON.parse(messages.at(-1)!) as InstanceView;
    expect(last.state).toBe('Current');
    // the rollout is an Event of the CR (a new CR's creations are not: see events.initialCreate)
    await env.waitFor(async () => (await view(ns, 'shop')).events.some((e) => e.reason === 'Updated'), {
      timeoutMs: 10_000,
      description: 'the Updated Event in the instance view',
    });
  }, 60_000);

  it('shows the desired-versus-live difference of each child, with no Secret value in it', async () => {
    const shop = await view(ns, 'shop');
    expect(shop.diff.map((d) => `${d.kind}=${d.state}`).sort()).toEqual([
      'ConfigMap=in-sync',
      'Deployment=in-sync',
      'Secret=in-sync',
      'Service=in-sync',
    ]);
    // Drift that the running reconciler would undo at once: a desired state other than the live one instead.
    const secret = await admin.get({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'shop-admin' });
    const encoded = ((secret?.data ?? {}) as Record<string, string>).password ?? '';
    const password = Buffer.from(encoded, 'base64').toString();
    const r = manager.reconcilers[0]!;
    const changed = (r.plannedChildren(`${ns}/shop`) ?? []).map((c) => {
      const change: Record<string, Record<string, unknown>> = {
        deployments: { image: 'nginx:1.28' },
        secrets: { stringData: { username: 'op-7731-root' } },
        configmaps: { data: { greeting: password } },
      };
      return { ...c, spec: { ...c.spec, ...change[c.handler.key] } };
    });
    const planned = { kube: r.kube, config: r.config, plannedChildren: () => changed } as unknown as typeof r;
    const cr = (await admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' }))!;
    const secrets = new SecretValues();
    secrets.addSecret({ ...secret!, apiVersion: 'v1', kind: 'Secret' });
    const diffs = await childDiffs(planned, cr as OwnerObject, `${ns}/shop`, secrets);
    const byKind = Object.fromEntries(diffs.map((d) => [d.kind, d]));
    expect(byKind.Service?.state).toBe('in-sync');
    expect(byKind.Deployment).toMatchObject({ state: 'drifted', name: 'shop-web' });
    expect(byKind.Deployment?.drifted).toEqual(
      expect.arrayContaining([expect.objectContaining({ live: 'nginx:1.27', desired: 'nginx:1.28' })]),
    );
    expect(byKind.Secret?.state).toBe('drifted');
    expect(byKind.Secret?.drifted?.every((d) => d.desired === '[redacted]' || d.desired === undefined)).toBe(true);
    expect(byKind.ConfigMap?.drifted).toEqual(
      expect.arrayContaining([expect.objectContaining({ desired: '[redacted]' })]),
    );
    const text = JSON.stringify(diffs);
    expect(text).not.toContain(password);
    expect(text).not.toContain(encoded);
    expect(text).not.toContain('op-7731-root');
  });

  it('reads the children Orkestra owns from the reconciler’s caches, lists no kind it does not make', async () => {
    const kube = manager.reconcilers[0]!.kube;
    await view(ns, 'shop'); // warm: discovery and schemas are read once
    const before = kube.requests.snapshot();
    await view(ns, 'broken');
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the pages' shared lists expire
    await view(ns, 'shop');
    const after = kube.requests.snapshot();
    const sent = Object.entries(after)
      .map(([k, n]) => [k, n - (before[k] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([k]) => k);
    // The owned kinds (Deployments, Services, ConfigMaps, Secrets) come from the informers; kinds the Website
    // operator never makes (StatefulSets, CronJobs …) are not listed; what the children's controllers made
    // (ReplicaSets, Pods) and the Events are.
    for (const cached of ['list deployments', 'list services', 'list configmaps', 'list secrets'])
      expect(sent).not.toContain(cached);
    for (const never of ['list statefulsets', 'list cronjobs', 'list ingresses', 'list roles'])
      expect(sent).not.toContain(never);
    expect(sent).toEqual(expect.arrayContaining(['list replicasets', 'list pods', 'list events']));
  });

  it('is read-only and strict: GET only, a CSP on every answer, loopback Host names only', async () => {
    const url = manager.console!.url!;
    const posted = await fetch(`${url}/api/kinds`, { method: 'POST' });
    expect(posted.status).toBe(405);
    const kinds = await fetch(`${url}/api/kinds`);
    expect(kinds.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(kinds.headers.get('x-content-type-options')).toBe('nosniff');
    const rebound = await new Promise<number | undefined>((resolve, reject) =>
      request(`${url}/api/kinds`, { headers: { host: 'evil.example.com' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(rebound).toBe(403);
    const missing = await getJson(instanceUrl(url, ns, 'nope'));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).error).toContain('not found');
    const root = await getJson(`${url}/`);
    expect(JSON.parse(root.text).console).toContain('npm install @orkestra/console');
  });

  it('shows no Secret value in any response or stream', async () => {
    const secret = await admin.get({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'shop-admin' });
    const encoded = ((secret?.data ?? {}) as Record<string, string>).password ?? '';
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    expect(decoded.length).toBeGreaterThanOrEqual(16);
    const url = manager.console!.url!;
    const texts = [
      (await getJson(`${url}/api/kinds`)).text,
      (await getJson(instanceUrl(url, ns, 'shop'))).text,
      (await getJson(instanceUrl(url, ns, 'broken'))).text,
      (await getJson(instanceUrl(url, ns, 'shop-admin'))).text,
      (await getJson(`${url}/`)).text,
      ...(await streamMessages(instanceUrl(url, ns, 'shop', 'stream'), 1)),
      ...(await streamMessages(`${url}/api/stream`, 1)),
    ];
    for (const text of texts) {
      expect(text).not.toContain(decoded);
      expect(text).not.toContain(encoded);
    }
  });
});

describe('console on a non-loopback address', () => {
  let open: ConsoleServer;
  let url: string;
  beforeAll(async () => {
    open = new ConsoleServer(manager.reconcilers, { address: '0.0.0.0:0', assets: false }, silentLogger);
    await open.listen();
    url = open.url!.replace('0.0.0.0', '127.0.0.1');
  });
  afterAll(() => open?.close());

  it('refuses a request without a token, or with one the API server does not accept', async () => {
    const none = await getJson(`${url}/api/kinds`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text).error).toContain('Authorization: Bearer');
    const bad = await getJson(`${url}/api/kinds`, { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
  });

  it('shows a token’s user only the namespaces and kinds it may get', async () => {
    const reader = await serviceAccountIdentity(env, ns, 'reader');
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'reader', namespace: ns },
      rules: [
        { apiGroups: ['example.com'], resources: ['websites'], verbs: ['get', 'list'] },
        { apiGroups: ['apps'], resources: ['deployments', 'replicasets'], verbs: ['get', 'list'] },
        { apiGroups: [''], resources: ['pods', 'services', 'configmaps', 'events'], verbs: ['get', 'list'] },
      ],
    });
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'reader', namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
      subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: ns }],
    });
    const auth = { authorization: `Bearer ${reader.token}` };
    const kinds = JSON.parse((await getJson(`${url}/api/kinds`, auth)).text) as { kinds: KindView[] };
    expect(kinds.kinds[0]?.instances.map((i) => i.namespace)).toEqual([ns, ns]);
    expect((await getJson(instanceUrl(url, other, 'blog'), auth)).status).toBe(404);
    const shop = JSON.parse((await getJson(instanceUrl(url, ns, 'shop'), auth)).text) as InstanceView;
    expect(shop.tree.children.map((c) => c.kind)).not.toContain('Secret');
    expect(shop.hidden).toContain('Secret: not permitted');
    expect(shop.tree.children.map((c) => c.kind)).toContain('Deployment');
    // the desired-versus-live difference only of the children it may get
    expect(shop.diff.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Service']);
  });
});
