import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { ConflictError, type KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import { GenericReconciler, type ReconcilerConfig } from '../src/index.js';

const cluster = testCluster();
const crdPath = fileURLToPath(new URL('./crds/website.yaml', import.meta.url));
const handlers = [
  deployments.handler,
  services.handler,
  configmaps.handler,
  secrets.handler,
] as ReconcilerConfig['handlers'];
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

function websiteConfig(overrides: Partial<ReconcilerConfig> = {}, webName = '{{metadata.name}}-web'): ReconcilerConfig {
  return {
    owner,
    handlers,
    resources: {
      deployments: {
        onReconcile: [{ name: webName, image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}', port: 8080 }],
      },
      services: { onReconcile: [{ name: webName, port: 80, targetPort: 8080 }] },
      configmaps: {
        onReconcile: [
          { data: { greeting: '{{spec.greeting}}' } },
          {
            name: '{{metadata.name}}-tls',
            when: { field: 'spec.tls', operator: 'equals', value: true },
            data: { enabled: 'yes' },
          },
        ],
        onDelete: [{ name: '{{metadata.name}}-farewell', data: { bye: '{{metadata.name}}' } }],
      },
      secrets: { onCreate: [{ stringData: { password: '{{spec.password}}' } }] },
    },
    status: {
      fields: { image: '{{spec.image}}', replicas: '{{#each children.deployments}}{{this.spec.replicas}}{{/each}}' },
    },
    resyncPeriodMs: 3_600_000,
    // No nodes run here, so the Deployment never becomes available: these tests are about the children's
    // lifecycle, so Ready keeps meaning in sync (rollout.int.test.ts covers Ready on a real rollout).
    readiness: 'synced',
    ...overrides,
  };
}

const website = (ns: string, name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name, namespace: ns },
  spec,
});

type Status = {
  conditions?: { type: string; status: string; reason: string; message: string }[];
  observedGeneration?: number;
  image?: string;
  replicas?: string;
};
const readyOf = (cr: KubeObject | undefined) =>
  (cr?.status as Status | undefined)?.conditions?.find((c) => c.type === 'Ready');

describe('GenericReconciler against kube-apiserver with the garbage collector', () => {
  let kube: Kubeclient; // the reconciler's client: its requests are counted
  let user: Kubeclient; // someone else
  let ns: string;
  const running: GenericReconciler[] = [];
  const changes: { name: string; action: string }[] = [];

  async function run(config: ReconcilerConfig): Promise<GenericReconciler> {
    const r = new GenericReconciler(kube, {
      ...config,
      namespaces: [ns],
      observer: { childChanged: (c) => changes.push(c) },
    });
    running.push(r);
    await r.start();
    return r;
  }
  const get = (kind: string, apiVersion: string, name: string) => user.get({ apiVersion, kind, namespace: ns, name });
  const until = <T>(check: () => Promise<T>, description: string, timeoutMs = 20_000) =>
    cluster.waitFor(check, { timeoutMs, intervalMs: 50, description });

  beforeAll(() => {
    kube = new Kubeclient(cluster.kubeConfig);
    user = new Kubeclient(cluster.kubeConfig);
  });
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await cluster.deleteNamespaces();
    await kube.close();
    await user.close();
  });
  beforeEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    ns = await cluster.newNamespace('reconciler');
    changes.length = 0;
  });

  it('creates every child, reports Ready, then costs no request at all in steady state', async () => {
    const r = await run(websiteConfig());
    await user.create(website(ns, 'shop', { image: 'nginx:1.27', replicas: 2, greeting: 'hello', password: 's3cret' }));
    const cr = await until(async () => {
      const c = await get('Website', 'example.com/v1', 'shop');
      return readyOf(c)?.status === 'True' && c;
    }, 'the Website to be Ready');
    expect(readyOf(cr)).toMatchObject({ reason: 'Reconciled' });
    expect((cr.status as Status).observedGeneration).toBe(1);
    expect((cr.status as Status).image).toBe('nginx:1.27');
    // A status field templated from a child: children.<handler key>.<child name> is the live object.
    expect((cr.status as Status).replicas).toBe('2');

    const deployment = (await get('Deployment', 'apps/v1', 'shop-web')) as KubeObject & { spec: any };
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(deployment.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'Website',
      name: 'shop',
      uid: cr.metadata.uid,
      controller: true,
    });
    expect(((await get('Service', 'v1', 'shop-web')) as any).spec.ports[0]).toMatchObject({
      port: 80,
      targetPort: 8080,
    });
    expect((await get('ConfigMap', 'v1', 'shop-config'))?.data).toEqual({ greeting: 'hello' });
    expect(await get('ConfigMap', 'v1', 'shop-tls')).toBeUndefined();
    expect(
      Buffer.from(
        ((await get('Secret', 'v1', 'shop-secret'))!.data as Record<string, string>).password!,
        'base64',
      ).toString(),
    ).toBe('s3cret');
    expect(cr.metadata.finalizers).toContain('orkestra.io/finalizer');

    await r.whenIdle();
    kube.requests.reset();
    for (let i = 0; i < 5; i++) {
      r.enqueueAll();
      await r.whenIdle();
    }
    const steady = kube.requests.snapshot();
    expect({ writes: kube.requests.writes(), reads: kube.requests.reads(), requests: steady }).toEqual({
      writes: 0,
      reads: 0,
      requests: {},
    });
  });

  it('restores a child edited by someone else within a second, and recreates a deleted one', async () => {
    await run(websiteConfig());
    await user.create(website(ns, 'shop', { image: 'nginx:1.27', greeting: 'hello', password: 'x' }));
    await until(async () => readyOf(await get('Website', 'example.com/v1', 'shop'))?.status === 'True', 'Ready');
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-web' };
    const live = (await user.get(ref)) as any;
    const containers = live.spec.template.spec.containers.map((c: any) => ({ ...c, image: 'evil:latest' }));
    const edited = Date.now();
    await user.patch(
      ref,
      { spec: { template: { spec: { containers } } } },
      { type: 'strategic', fieldManager: 'kubectl-edit' },
    );
    await until(
      async () => ((await user.get(ref)) as any).spec.template.spec.containers[0].image === 'nginx:1.27',
      'the image to be restored',
      5_000,
    );
    const restoredAfterMs = Date.now() - edited;
    console.log(`drift on a Deployment image corrected after ${restoredAfterMs} ms`);
    expect(restoredAfterMs).toBeLessThan(5_000);

    await user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'shop-config' });
    await until(
      async () =>
        ((await get('ConfigMap', 'v1', 'shop-config'))?.data as Record<string, string> | undefined)?.greeting ===
        'hello',
      'the deleted ConfigMap to be recreated',
      5_000,
    );
  });

  it('prunes a renamed child and deletes a child whose when turns false', async () => {
    const first = await run(websiteConfig());
    await user.create(website(ns, 'shop', { image: 'nginx:1.27', greeting: 'hi', tls: true, password: 'x' }));
    await until(async () => (await get('ConfigMap', 'v1', 'shop-tls')) !== undefined, 'the tls ConfigMap (when true)');
    await first.stop();

    await run(websiteConfig({}, '{{metadata.name}}-frontend'));
    await until(
      async () => (await get('Deployment', 'apps/v1', 'shop-frontend')) !== undefined,
      'the renamed Deployment',
    );
    await until(
      async () => (await get('Deployment', 'apps/v1', 'shop-web')) === undefined,
      'the old Deployment to be pruned',
    );
    await until(async () => (await get('Service', 'v1', 'shop-web')) === undefined, 'the old Service to be pruned');
    expect(changes).toEqual(
      expect.arrayContaining([{ key: `${ns}/shop`, kind: 'Deployment', name: 'shop-web', action: 'pruned' }]),
    );

    const cr = await get('Website', 'example.com/v1', 'shop');
    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { spec: { ...(cr as any).spec, tls: false } },
      { fieldManager: 'user' },
    );
    await until(
      async () => (await get('ConfigMap', 'v1', 'shop-tls')) === undefined,
      'the tls ConfigMap to be deleted (when false)',
    );
  });

  it('a bad template writes no child, sets Ready=False and records a Warning event', async () => {
    const config = websiteConfig();
    config.resources.deployments = { onReconcile: [{ image: '{{spec.imagee}}' }] };
    const r = await run(config);
    await user.create(website(ns, 'broken', { image: 'nginx', greeting: 'x', password: 'p' }));
    const cr = await until(async () => {
      const c = await get('Website', 'example.com/v1', 'broken');
      return readyOf(c)?.status === 'False' && c;
    }, 'Ready=False');
    expect(readyOf(cr)?.reason).toBe('TemplateError');
    expect(readyOf(cr)?.message).toContain('spec.imagee');
    await r.whenIdle();
    for (const [kind, apiVersion] of [
      ['Deployment', 'apps/v1'],
      ['Service', 'v1'],
      ['ConfigMap', 'v1'],
      ['Secret', 'v1'],
    ] as const) {
      const { items } = await user.list(apiVersion, kind, { namespace: ns, labelSelector: 'managed-by=orkestra' });
      expect({ kind, count: items.length }).toEqual({ kind, count: 0 });
    }
    const events = await until(async () => {
      const { items } = await user.list('v1', 'Event', { namespace: ns });
      return items.filter((e: any) => e.involvedObject?.name === 'broken' && e.type === 'Warning').length > 0 && items;
    }, 'a Warning event');
    expect(events.some((e: any) => e.reason === 'TemplateError' && !String(e.message).includes('nginx'))).toBe(true);
  });

  it('on deletion runs onDelete children, removes its finalizer only, and the children go', async () => {
    await run(websiteConfig());
    await user.create({
      ...website(ns, 'shop', { image: 'nginx', greeting: 'x', password: 'p' }),
      metadata: { name: 'shop', namespace: ns, finalizers: ['example.com/keep'] },
    });
    await until(async () => readyOf(await get('Website', 'example.com/v1', 'shop'))?.status === 'True', 'Ready');
    await user.delete({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
    const cr = await until(async () => {
      const c = await get('Website', 'example.com/v1', 'shop');
      return c && !c.metadata.finalizers?.includes('orkestra.io/finalizer') && c;
    }, 'our finalizer to be removed');
    expect(cr.metadata.finalizers).toEqual(['example.com/keep']);
    expect(changes).toEqual(
      expect.arrayContaining([{ key: `${ns}/shop`, kind: 'ConfigMap', name: 'shop-farewell', action: 'created' }]),
    );
    await user.patch(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      { metadata: { finalizers: null } },
      { fieldManager: 'user' },
    );
    for (const [kind, apiVersion, name] of [
      ['Deployment', 'apps/v1', 'shop-web'],
      ['Service', 'v1', 'shop-web'],
      ['ConfigMap', 'v1', 'shop-config'],
      ['Secret', 'v1', 'shop-secret'],
      ['ConfigMap', 'v1', 'shop-farewell'],
    ] as const) {
      await until(
        async () => (await get(kind, apiVersion, name)) === undefined,
        `${kind} ${name} to be garbage-collected`,
        30_000,
      );
    }
  });

  type EventObject = KubeObject & { type: string; reason: string; message: string; involvedObject: { name: string } };
  const eventsOf = async (name: string) =>
    ((await user.list('v1', 'Event', { namespace: ns })).items as EventObject[]).filter(
      (e) => e.involvedObject?.name === name,
    );

  it('sends no Normal event for the children of a new CR, but does for a later creation and a drift', async () => {
    const r = await run(websiteConfig());
    await user.create(website(ns, 'quiet', { image: 'nginx:1.27', greeting: 'hi', password: 'p' }));
    await until(async () => readyOf(await get('Website', 'example.com/v1', 'quiet'))?.status === 'True', 'Ready');
    await r.whenIdle();
    expect(changes.filter((c) => c.action === 'created').length).toBe(4); // the observer still hears of them
    expect((await eventsOf('quiet')).map((e) => `${e.type} ${e.reason}`)).toEqual([]);

    await user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'quiet-config' });
    const created = await until(
      async () => (await eventsOf('quiet')).find((e) => e.reason === 'Created'),
      'a Created event for the recreated ConfigMap',
    );
    expect(created).toMatchObject({ type: 'Normal', message: 'created ConfigMap quiet-config' });

    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'quiet-config' };
    await until(async () => (await user.get(ref)) !== undefined, 'the ConfigMap back');
    await user.patch(ref, { data: { greeting: 'changed' } }, { fieldManager: 'kubectl-edit' });
    const drift = await until(
      async () => (await eventsOf('quiet')).find((e) => e.reason === 'DriftCorrected'),
      'a DriftCorrected event',
    );
    expect(drift.type).toBe('Normal');
  });

  it("sends a Created event for a new CR's children with events.initialCreate", async () => {
    const r = await run(websiteConfig({ events: { initialCreate: true } }));
    await user.create(website(ns, 'loud', { image: 'nginx:1.27', greeting: 'hi', password: 'p' }));
    await until(async () => readyOf(await get('Website', 'example.com/v1', 'loud'))?.status === 'True', 'Ready');
    await r.whenIdle();
    const events = await until(async () => {
      const e = await eventsOf('loud');
      return e.length > 0 && e;
    }, 'an event');
    expect(events.map((e) => `${e.type} ${e.reason}`)).toEqual(['Normal Created']);
    expect(events[0]!.message).toMatch(/^created (Deployment|Service|ConfigMap|Secret) /);
    expect(events[0]!.message.split(', ')).toHaveLength(4);
  });

  it('converges new CRs with no read of a child from the server and no more writes than children + one status + one inventory each', async () => {
    const config = websiteConfig();
    config.resources.configmaps = { onReconcile: config.resources.configmaps!.onReconcile! }; // no onDelete child: no finalizer patch
    const r = await run(config);
    const n = 20;
    kube.requests.reset();
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        user.create(website(ns, `new-${i}`, { image: 'nginx', greeting: `g${i}`, password: `p${i}` })),
      ),
    );
    await until(
      async () => {
        const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
        return items.length === n && items.every((c) => readyOf(c)?.status === 'True');
      },
      `all ${n} Websites to be Ready`,
      60_000,
    );
    await r.whenIdle();
    const requests = kube.requests.snapshot();
    // A new CR's children cannot exist yet: the synced child caches answer "absent" (core then sends a
    // create-only apply, which the server refuses if an object of that name exists after all).
    expect(Object.keys(requests).filter((k) => /^get (deployments|services|configmaps|secrets)$/.test(k))).toEqual([]);
    expect(requests['create events']).toBeUndefined();
    // 4 children, the status, and the inventory annotation (the kinds of the CR's children, so a kind removed
    // from the configuration can still be pruned): written once per CR, never in steady state.
    expect(requests['patch websites']).toBe(n);
    expect(kube.requests.writes()).toBeLessThanOrEqual(6 * n);
  });

  it('reports a Conflict by its class (report.cause), and retries it until the CR converges', async () => {
    let conflicts = 1;
    const flaky = {
      ...configmaps.handler,
      update: async (...args: Parameters<typeof configmaps.handler.update>) => {
        if (conflicts-- > 0)
          throw new ConflictError('Conflict', 409, 'apply ConfigMap: the object has been modified', {
            verb: 'apply',
            kind: 'ConfigMap',
          });
        return configmaps.handler.update(...args);
      },
    };
    const r = new GenericReconciler(kube, {
      owner,
      handlers: [flaky] as ReconcilerConfig['handlers'],
      resources: { configmaps: { onReconcile: [{ data: { a: '1' } }] } },
      namespaces: [ns],
      resyncPeriodMs: 3_600_000,
    });
    running.push(r);
    await user.create(website(ns, 'clash', { image: 'nginx:1.27' }));
    await r.start();
    await until(
      async () => (await get('ConfigMap', 'v1', 'clash-config')) !== undefined,
      'the ConfigMap after the retried conflict',
    );
    expect(conflicts).toBeLessThan(0); // the handler ran again after the conflict
    conflicts = 1;
    const report = await r.reconcileNow(ns, 'clash');
    expect(report.result).toBe('error');
    expect(report.cause).toBeInstanceOf(ConflictError);
    expect(report.error).toBe('apply ConfigMap: the object has been modified');
  });

  it('converges 200 CRs without an error (figures printed, not asserted)', async () => {
    const r = await run(websiteConfig({ concurrency: 8 }));
    kube.requests.reset();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        user.create(website(ns, `site-${i}`, { image: 'nginx', greeting: `g${i}`, password: `p${i}` })),
      ),
    );
    await until(
      async () => {
        const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
        return items.length === 200 && items.every((c) => readyOf(c)?.status === 'True');
      },
      'all 200 Websites to be Ready',
      120_000,
    );
    await r.whenIdle();
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `200 CRs converged in ${seconds.toFixed(1)} s; reconciler requests: ${JSON.stringify(kube.requests.snapshot())}`,
    );
    const errors = [...r.lastReports.values()].filter((rep) => rep.result === 'error' || rep.result === 'invalid');
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('GenericReconciler when the API server restarts', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await start({ crds: [crdPath] });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('recovers and converges without a restart of the process', async () => {
    const kube = new Kubeclient(env.kubeConfig, { retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 500 } });
    const user = new Kubeclient(env.kubeConfig);
    const ns = 'default';
    const r = new GenericReconciler(kube, websiteConfig({ namespaces: [ns] }));
    try {
      await r.start();
      await user.create(website(ns, 'before', { image: 'nginx', greeting: 'a', password: 'p' }));
      await env.waitFor(
        async () =>
          readyOf(await user.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'before' }))
            ?.status === 'True',
        { timeoutMs: 20_000, description: 'Ready before the restart' },
      );
      await env.stopApiServer();
      await new Promise((res) => setTimeout(res, 2_000));
      await env.startApiServer();
      await user.create(website(ns, 'after', { image: 'nginx', greeting: 'b', password: 'p' }));
      await user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'before-config' });
      await env.waitFor(
        async () =>
          readyOf(await user.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'after' }))
            ?.status === 'True',
        { timeoutMs: 60_000, description: 'a Website created after the restart to be Ready' },
      );
      await env.waitFor(
        async () =>
          (await user.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'before-config' })) !== undefined,
        { timeoutMs: 60_000, description: 'a child deleted after the restart to be recreated' },
      );
    } finally {
      await r.stop();
      await kube.close();
      await user.close();
    }
  }, 180_000);
});

describe('GenericReconciler sharing its client', () => {
  it("reconciles a CR created through the reconciler's own client at once, not at the next resync", async () => {
    const kube = new Kubeclient(cluster.kubeConfig);
    const ns = await cluster.newNamespace('shared-client');
    const r = new GenericReconciler(kube, websiteConfig({ namespaces: [ns] }));
    try {
      await r.start();
      for (let i = 0; i < 5; i++)
        await kube.create(website(ns, `own-${i}`, { image: 'nginx', greeting: 'x', password: 'p' }));
      await cluster.waitFor(
        async () => {
          const { items } = await kube.list('example.com/v1', 'Website', { namespace: ns });
          return items.length === 5 && items.every((c) => readyOf(c)?.status === 'True');
        },
        { timeoutMs: 20_000, description: 'every Website created through the shared client to be Ready' },
      );
    } finally {
      await r.stop();
      await kube.close();
    }
  });
});
