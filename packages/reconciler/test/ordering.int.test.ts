/**
 * Ordering and references against the real API server: a child that depends on another's readiness waits
 * (not written, the status says on what) and is created once the test has written the status the Deployment
 * controller would; deletion behind the finalizer removes dependents first and what they depend on once they
 * are gone; a child reading another's live object gets its value, and waits while that child is missing.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import * as secrets from '@orkestra/secrets';
import { GenericReconciler, type ReconcilerConfig } from '../src/index.js';
import { handlers, harness } from './harness.js';

const h = harness('ordering');
type Condition = { type: string; status: string; reason: string; message: string };
const conditions = (cr: KubeObject | undefined) =>
  Object.fromEntries(
    ((cr?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).map((c) => [c.type, c]),
  );
const website = () => h.get('Website', 'example.com/v1', 'shop');
/** Waits are generous: the machine is shared and slow at times; nothing here depends on time. */
const LONG = 60_000;
const ready = () => h.until(async () => conditions(await website()).Ready?.status === 'True', 'shop Ready=True', LONG);

/**
 * The reconciler's client with a slow ConfigMap watch, as under load: while held, the events of its ConfigMap
 * watches are kept back (in order) until released; with `unseen`, its ConfigMap lists leave out that object
 * (an informer that has not caught up with it yet). Every other call goes to the real client.
 */
function slowConfigMapWatch(kube: Kubeclient, unseen?: string) {
  const heldBack: (() => void)[] = [];
  let holding = false;
  const list = (async (apiVersion: string, kind: string, options?: Parameters<Kubeclient['list']>[2]) => {
    const answer = await kube.list(apiVersion, kind, options);
    if (kind !== 'ConfigMap') return answer;
    return { ...answer, items: answer.items.filter((o) => o.metadata.name !== unseen) };
  }) as Kubeclient['list'];
  const watch: Kubeclient['watch'] = (apiVersion, kind, options, onEvent) =>
    kube.watch<Parameters<typeof onEvent>[0]['object']>(apiVersion, kind, options, (event) => {
      if (kind === 'ConfigMap' && holding) heldBack.push(() => onEvent(event));
      else onEvent(event);
    });
  const client = new Proxy(kube, {
    get: (target, prop) => {
      if (prop === 'watch') return watch;
      if (prop === 'list') return list;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    client,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const deliver of heldBack.splice(0)) deliver();
    },
  };
}

/** What the Deployment controller would write once one replica is up. */
async function rollOut(name: string): Promise<void> {
  const ref = h.ref('Deployment', 'apps/v1', name);
  const generation = (await h.user.get(ref))!.metadata.generation;
  await h.user.patchStatus(ref, {
    observedGeneration: generation,
    replicas: 1,
    updatedReplicas: 1,
    readyReplicas: 1,
    availableReplicas: 1,
  });
}

const dbThenApp: ReconcilerConfig['resources'] = {
  deployments: { onReconcile: [{ id: 'db', name: '{{metadata.name}}-db', image: 'postgres:17', replicas: 1 }] },
  configmaps: {
    onReconcile: [{ name: '{{metadata.name}}-app', data: { mode: 'app' }, dependsOn: ['deployments.db'] }],
  },
};

/** Creates the CR, waits until it is Ready (the db rolled out), then puts someone else's finalizer on its app. */
async function convergeWithAppHeld(): Promise<void> {
  await h.user.create(h.website('shop', {}));
  await h.until(async () => await h.get('Deployment', 'apps/v1', 'shop-db'), 'the db Deployment', LONG);
  await rollOut('shop-db');
  await ready();
  await h.user.patch(
    h.ref('ConfigMap', 'v1', 'shop-app'),
    { metadata: { finalizers: ['example.com/hold'] } },
    { type: 'merge' },
  );
}

/**
 * Deletes the CR while someone else's finalizer holds its app ConfigMap: after a resync, the db Deployment the app
 * depends on is still there and the CR keeps its finalizer; once `release` has run (a held-back watch let go) and
 * the hold is lifted, the db goes, then the CR.
 */
async function expectDbKeptWhileAppDeleting(r: GenericReconciler, release = () => {}): Promise<void> {
  const app = h.ref('ConfigMap', 'v1', 'shop-app');
  await h.user.delete(h.ref('Website', 'example.com/v1', 'shop'));
  await h.until(
    async () => (await h.get('ConfigMap', 'v1', 'shop-app'))?.metadata.deletionTimestamp,
    'app deleting',
    LONG,
  );
  await r.whenIdle();
  r.enqueueAll();
  await r.whenIdle();
  const db = await h.get('Deployment', 'apps/v1', 'shop-db');
  expect(db).toBeDefined();
  expect(db?.metadata.deletionTimestamp).toBeUndefined();
  expect((await website())?.metadata.finalizers).toContain('orkestra.io/finalizer');

  release();
  await h.user.patch(app, { metadata: { finalizers: null } }, { type: 'merge' });
  await h.until(async () => !(await h.get('Deployment', 'apps/v1', 'shop-db')), 'db deleted after app', LONG);
  await h.until(async () => !(await website()), 'the CR is gone', LONG);
}

describe('ordering: dependsOn', () => {
  it('creates a child only once what it depends on is ready, the status saying what it waits for', async () => {
    const r = await h.run({ resources: dbThenApp });
    await h.user.create(h.website('shop', {}));
    const waiting = await h.until(
      async () => {
        const c = conditions(await website());
        return c.Synced?.reason === 'Waiting' && c;
      },
      'Synced=False Waiting',
      LONG,
    );
    expect(waiting.Synced).toMatchObject({ status: 'False', reason: 'Waiting' });
    expect(waiting.Synced!.message).toBe('ConfigMap shop-app waits for Deployment shop-db: rollout not observed yet');
    expect(await h.get('Deployment', 'apps/v1', 'shop-db')).toBeDefined();
    expect(await h.get('ConfigMap', 'v1', 'shop-app')).toBeUndefined();
    expect(r.lastReports.get(`${h.ns}/shop`)?.waiting).toEqual([waiting.Synced!.message]);

    await rollOut('shop-db');
    await ready();
    expect((await h.get('ConfigMap', 'v1', 'shop-app'))?.data).toEqual({ mode: 'app' });
  });

  it('deletes dependents first, and what they depend on once they are gone', async () => {
    const r = await h.run({ resources: dbThenApp });
    await convergeWithAppHeld();
    expect((await website())?.metadata.finalizers).toContain('orkestra.io/finalizer');
    await expectDbKeptWhileAppDeleting(r);
  });

  it('keeps what a dependent needs while the dependent is still on the server, though the cache has not seen it', async () => {
    const slow = slowConfigMapWatch(h.kube);
    const r = await h.run({ resources: dbThenApp }, slow.client);
    await convergeWithAppHeld();
    // From here the reconciler's ConfigMap watch lags: it learns nothing of the app being deleted.
    slow.hold();
    await expectDbKeptWhileAppDeleting(r, slow.release);
  });

  it('keeps what a dependent needs while the dependent is on the server, though the cache does not hold it yet', async () => {
    const first = await h.run({ resources: dbThenApp });
    await convergeWithAppHeld();
    await first.stop();

    // The next reconciler's ConfigMap informer has not caught up: it has not seen the app at all.
    const slow = slowConfigMapWatch(h.kube, 'shop-app');
    slow.hold();
    const r = await h.run({ resources: dbThenApp }, slow.client);
    await expectDbKeptWhileAppDeleting(r, slow.release);
  });

  it('refuses a cycle when the reconciler is built, naming it', () => {
    expect(
      () =>
        new GenericReconciler(h.kube, {
          owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
          handlers,
          resources: {
            deployments: { onReconcile: [{ id: 'a', image: 'x', dependsOn: ['configmaps.b'] }] },
            configmaps: { onReconcile: [{ id: 'b', data: {}, dependsOn: ['deployments.a'] }] },
          },
        }),
    ).toThrow('dependency cycle: deployments.a -> configmaps.b -> deployments.a');
  });
});

describe('ordering: children that read each other', () => {
  const readsDb: ReconcilerConfig['resources'] = {
    services: {
      onReconcile: [{ id: 'db', name: '{{metadata.name}}-db', port: 5432, when: '{{spec.tls}}' }],
    },
    configmaps: {
      onReconcile: [
        {
          name: '{{metadata.name}}-app',
          data: { dbHost: '{{children.services.db.spec.clusterIP}}', dbName: '{{children.services.db.metadata.name}}' },
        },
      ],
    },
  };

  it('resolves a reference from the live child, and waits while the child is missing', async () => {
    await h.run({ resources: readsDb });
    await h.user.create(h.website('shop', { tls: false }));
    const waiting = await h.until(
      async () => {
        const c = conditions(await website());
        return c.Synced?.reason === 'Waiting' && c;
      },
      'Synced=False Waiting',
      LONG,
    );
    expect(waiting.Synced!.message).toBe('configmaps.onReconcile[0] waits for services.db (not there yet)');
    expect(await h.get('ConfigMap', 'v1', 'shop-app')).toBeUndefined();

    await h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { tls: true } }, { type: 'merge' });
    await ready();
    const svc = await h.get('Service', 'v1', 'shop-db');
    const clusterIP = (svc?.spec as { clusterIP?: string } | undefined)?.clusterIP;
    expect(clusterIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await h.get('ConfigMap', 'v1', 'shop-app'))?.data).toEqual({ dbHost: clusterIP, dbName: 'shop-db' });
  });

  it("a field the read child's kind does not have is InvalidSpec, naming it, not an endless wait", async () => {
    await h.run({
      resources: {
        services: { onReconcile: [{ id: 'db', name: '{{metadata.name}}-db', port: 5432 }] },
        configmaps: {
          onReconcile: [
            { name: '{{metadata.name}}-app', data: { dbHost: '{{children.services.db.spec.clusterIPP}}' } },
          ],
        },
      },
    });
    await h.user.create(h.website('shop', {}));
    const refused = await h.until(
      async () => {
        const c = conditions(await website());
        return c.Ready?.reason === 'InvalidSpec' && c.Ready;
      },
      'Ready=False InvalidSpec',
      LONG,
    );
    expect(refused.message).toContain(
      'configmaps.onReconcile[0].data.dbHost: children.services.db.spec.clusterIPP is not a field of Service: spec has no field "clusterIPP" (did you mean children.services.db.spec.clusterIP?)',
    );
    expect(await h.get('Service', 'v1', 'shop-db')).toBeDefined();
    expect(await h.get('ConfigMap', 'v1', 'shop-app')).toBeUndefined();
  });

  it('reads a generated Secret key without the value reaching the status or the logs', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (o: object, m: string) => void lines.push(JSON.stringify(o) + m),
      info: (o: object, m: string) => void lines.push(JSON.stringify(o) + m),
      warn: (o: object, m: string) => void lines.push(JSON.stringify(o) + m),
      error: (o: object, m: string) => void lines.push(JSON.stringify(o) + m),
    };
    await h.run({
      handlers: [...handlers, secrets.handler] as ReconcilerConfig['handlers'],
      logger: logger as unknown as ReconcilerConfig['logger'],
      resources: {
        secrets: {
          onReconcile: [{ id: 'creds', name: '{{metadata.name}}-creds', stringData: { password: 's3cr3t-value' } }],
        },
        configmaps: {
          onReconcile: [
            {
              name: '{{metadata.name}}-app',
              data: {
                passwordB64: '{{children.secrets.creds.data.password}}',
                missing: '{{children.secrets.creds.data.nope}}',
              },
            },
          ],
        },
      },
    });
    await h.user.create(h.website('shop', {}));
    const waiting = await h.until(
      async () => {
        const c = conditions(await website());
        return c.Synced?.reason === 'Waiting' && c;
      },
      'Synced=False Waiting',
      LONG,
    );
    expect(waiting.Synced!.message).toContain('configmaps.onReconcile[0] waits for');
    expect(waiting.Synced!.message).toContain('children.secrets.creds.data.nope');
    const encoded = Buffer.from('s3cr3t-value').toString('base64');
    for (const text of [JSON.stringify(await website()), ...lines]) {
      expect(text).not.toContain('s3cr3t-value');
      expect(text).not.toContain(encoded);
    }
  });
});
