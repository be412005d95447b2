/** What only Services do, against the real API server (the contract itself: contract.int.test.ts). */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import type { ServiceSource } from '../src/index.js';
import * as services from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'services' });
// Node ports are cluster-wide and stay taken while earlier tests' namespaces terminate: each test gets its own,
// from the static band of the default range (30000–30085), which the API server leaves out of its own
// allocations (a server-allocated port once took the one a test asked for): 30000–30011 here (two a test), the
// contract suite 30012 on.
let nextNodePort = 30000;
let np: number;
beforeEach(() => {
  np = nextNodePort;
  nextNodePort += 2;
});

interface Port {
  name?: string;
  port: number;
  targetPort: number | string;
  protocol: string;
  nodePort?: number;
}
interface Spec {
  type: string;
  clusterIP?: string;
  ports?: Port[];
  selector?: Record<string, string>;
}
type Service = KubeObject & { spec: Spec };

const ref = (name = 'site-svc') => ({ apiVersion: 'v1', kind: 'Service', namespace: t.namespace, name });
const read = async (name = 'site-svc') => (await t.other.get(ref(name))) as Service | undefined;
const edit = (patch: unknown, type: 'merge' | 'json' = 'merge', name = 'site-svc') =>
  t.other.patch(ref(name), patch, { fieldManager: 'kubectl-edit', type });
const spec = (source: ServiceSource) => services.resolve(source, 'site');
/** Who owns something under spec.ports, by manager. */
const portOwners = (obj: KubeObject | undefined) =>
  ((obj?.metadata.managedFields ?? []) as { manager: string; fieldsV1?: { 'f:spec'?: { 'f:ports'?: object } } }[])
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:ports'])
    .map((m) => m.manager);

describe('update', () => {
  it.each([
    ['read from the server', false],
    ["read from a cache that drops managedFields, as the reconciler's does", true],
  ])(
    'restores a port someone renumbered (%s): their port is taken over, then one apply puts ours back',
    async (_, cached) => {
      await services.update(t.ctx, t.kube, t.owner, spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }));
      const before = await read();
      // `kubectl edit` changing 80 to 81: the port (key port/protocol) is now someone else's, with our port's name.
      await edit({ spec: { ports: [{ name: 'http', port: 81, targetPort: 8080, protocol: 'TCP' }] } });
      expect(portOwners(await read())).toContain('kubectl-edit');
      if (cached) {
        const { managedFields: _dropped, ...metadata } = (await read())!.metadata;
        const copy = { ...(await read())!, metadata };
        t.kube.setReadCache({
          get: (r) => (r.kind === 'Service' && r.name === 'site-svc' ? { object: copy } : undefined),
        });
      }
      t.kube.requests.reset();
      const result = await services.update(
        t.ctx,
        t.kube,
        t.owner,
        spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }),
      );
      t.kube.setReadCache(undefined);
      expect(result.action).toBe('updated');
      // Server-side apply alone cannot do it: the server would refuse a second port named http.
      expect(t.kube.requests.count({ verb: 'patch' })).toBe(1);
      expect(t.kube.requests.count({ verb: 'apply' })).toBe(1);
      expect(t.kube.requests.count({ verb: 'list' })).toBe(cached ? 1 : 0);
      const live = await read();
      expect(live?.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }]);
      expect(live?.spec.clusterIP).toBe(before?.spec.clusterIP);
      expect(portOwners(live)).toEqual(['orkestra-test']);
      t.kube.requests.reset();
      expect(
        (await services.update(t.ctx, t.kube, t.owner, spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] })))
          .action,
      ).toBe('unchanged');
      expect(t.kube.requests.writes()).toBe(0);
    },
  );

  it('a port someone else added beside ours is theirs: not drift, and kept', async () => {
    await services.update(t.ctx, t.kube, t.owner, spec({ ports: [{ name: 'http', port: 80 }] }));
    await edit({
      spec: {
        ports: [
          { name: 'http', port: 80, targetPort: 80, protocol: 'TCP' },
          { name: 'metrics', port: 9102, targetPort: 9102, protocol: 'TCP' },
        ],
      },
    });
    t.kube.requests.reset();
    expect((await services.update(t.ctx, t.kube, t.owner, spec({ ports: [{ name: 'http', port: 80 }] }))).action).toBe(
      'unchanged',
    );
    expect(t.kube.requests.writes()).toBe(0);
    expect((await read())?.spec.ports?.map((p) => p.name)).toEqual(['http', 'metrics']);
  });

  it('changes the type in place, keeping the cluster IP; node ports the server allocated go with NodePort', async () => {
    await services.update(t.ctx, t.kube, t.owner, spec({ port: 80 }));
    const first = await read();
    const steps: [ServiceSource, (live: Service | undefined) => void][] = [
      [{ type: 'NodePort', port: 80 }, (live) => expect(live?.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000)],
      [
        { type: 'LoadBalancer', port: 80 },
        (live) => expect(live?.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000),
      ],
      [{ type: 'ClusterIP', port: 80 }, (live) => expect(live?.spec.ports?.[0]).not.toHaveProperty('nodePort')],
      [{ type: 'NodePort', port: 80, nodePort: np }, (live) => expect(live?.spec.ports?.[0]?.nodePort).toBe(np)],
      [{ port: 80 }, (live) => expect(live?.spec.ports?.[0]).not.toHaveProperty('nodePort')],
    ];
    let writes = 0;
    for (const [source, check] of steps) {
      t.kube.requests.reset();
      expect((await services.update(t.ctx, t.kube, t.owner, spec(source))).action).toBe('updated');
      writes += t.kube.requests.writes();
      const live = await read();
      expect(live?.spec.type).toBe(source.type ?? 'ClusterIP');
      expect(live?.spec.clusterIP).toBe(first?.spec.clusterIP);
      expect(live?.metadata.uid).toBe(first?.metadata.uid);
      check(live);
    }
    // One apply per step, and once the hand-over of the POSTed Service's fields (the first step that changes
    // its set of fields: nodePort).
    expect(writes).toBe(steps.length + 1);
  });

  it('keeps the nodePort the server allocated across updates', async () => {
    await services.update(t.ctx, t.kube, t.owner, spec({ type: 'NodePort', port: 80, labels: { app: 'web' } }));
    const allocated = (await read())?.spec.ports?.[0]?.nodePort;
    await edit({ metadata: { labels: { app: 'other' } } });
    expect(
      (await services.update(t.ctx, t.kube, t.owner, spec({ type: 'NodePort', port: 80, labels: { app: 'web' } })))
        .action,
    ).toBe('updated');
    expect(
      (
        await services.update(
          t.ctx,
          t.kube,
          t.owner,
          spec({ type: 'NodePort', port: 80, targetPort: 8080, labels: { app: 'web' } }),
        )
      ).action,
    ).toBe('updated');
    expect((await read())?.spec.ports).toEqual([{ port: 80, targetPort: 8080, protocol: 'TCP', nodePort: allocated }]);
  });

  it('a NodePort with a fixed nodePort is created with it and moved when the template moves it', async () => {
    await services.update(t.ctx, t.kube, t.owner, spec({ type: 'NodePort', port: 80, nodePort: np }));
    expect((await read())?.spec.ports?.[0]?.nodePort).toBe(np);
    t.kube.requests.reset();
    expect(
      (await services.update(t.ctx, t.kube, t.owner, spec({ type: 'NodePort', port: 80, nodePort: np + 1 }))).action,
    ).toBe('updated');
    expect(t.kube.requests.writes()).toBe(1);
    expect((await read())?.spec.ports?.[0]?.nodePort).toBe(np + 1);
  });
});
