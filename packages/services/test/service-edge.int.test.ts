/**
 * A Service port renumbered by another writer while Orkestra restores it (issue 14 item 4): the take-over
 * patch and the apply race the other writer, and the API server refuses the apply with
 * `spec.ports[i].name: Duplicate value`. The whole take-over is retried within the bound; when the other
 * writer keeps winning, the error names it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ContestedItemsError, type KubeObject, type WriteOptions } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as services from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'services' }); // t.other: the other writer, kubectl edit

type Port = { name?: string; port: number; targetPort?: number | string; protocol?: string };
type Service = KubeObject & { spec: { ports?: Port[] } };
const ref = () => ({ apiVersion: 'v1', kind: 'Service', namespace: t.namespace, name: 'site-svc' });
const renumber = (port: number) =>
  t.other.patch(
    ref(),
    { spec: { ports: [{ name: 'http', port, targetPort: 8080, protocol: 'TCP' }] } },
    { fieldManager: 'kubectl-edit', type: 'merge' },
  );
const spec = () => services.resolve({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }, 'site');

/**
 * Orkestra's client, with the other writer renumbering the port again just before each of the first `races`
 * applies of a Service: the moment between the take-over patch and the apply, made certain.
 */
class RacedClient extends Kubeclient {
  races = 0;
  /** How many more times the other writer renumbers the port right after one of our applies succeeded. */
  redrifts = 0;
  private next = 90;
  override async apply<T extends KubeObject>(
    obj: T,
    options: WriteOptions & { fieldManager: string; force?: boolean; createOnly?: boolean },
  ): Promise<T> {
    const ours = obj.kind === 'Service' && !options.createOnly;
    if (ours && this.races > 0) {
      this.races--;
      await renumber(this.next++);
    }
    const applied = await super.apply(obj, options);
    if (ours && this.redrifts > 0) {
      this.redrifts--;
      await renumber(this.next++);
    }
    return applied;
  }
}
let kube: RacedClient;

beforeAll(() => {
  kube = new RacedClient(t.cluster.kubeConfig);
});
afterAll(() => kube.close());
beforeEach(async () => {
  kube.races = 0;
  kube.redrifts = 0;
  await services.update(t.ctx, kube, t.owner, spec());
  await renumber(81); // kubectl edit: 80 → 81, keeping the name http
  kube.requests.reset();
});

describe('a renumbered port while the other writer keeps editing', () => {
  it('converges: the refused apply (Duplicate value) retries the whole take-over', async () => {
    kube.races = 1;
    const result = await services.update(t.ctx, kube, t.owner, spec());
    expect(result.action).toBe('updated');
    expect(kube.requests.count({ verb: 'apply' })).toBe(2);
    expect(kube.requests.count({ verb: 'patch' })).toBe(2); // ownership of 81, then of the port the race put there
    expect(((await t.other.get<Service>(ref()))?.spec.ports ?? []).map((p) => [p.name, p.port])).toEqual([
      ['http', 80],
    ]);
    kube.requests.reset();
    expect((await services.update(t.ctx, kube, t.owner, spec())).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('when the other writer wins every time, the error names it after the bounded retries', async () => {
    kube.races = 100;
    const error = await services.update(t.ctx, kube, t.owner, spec()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContestedItemsError);
    const message = (error as Error).message;
    expect(message).toContain('kubectl-edit');
    expect(message).toContain('spec.ports');
    expect(message).toContain(`Service ${t.namespace}/site-svc`);
    expect(message).not.toMatch(/fix the listed fields in the template/);
    expect((error as ContestedItemsError).managers).toEqual(['kubectl-edit']);
    expect(kube.requests.count({ verb: 'apply' })).toBe(4); // the first try and 3 retries
  });
});

describe('many updates of one Service at once, while another writer renumbers its port', () => {
  it('all succeed: updates of one child through one client run one after the other', async () => {
    // The other writer renumbers the port just before each of the first three applies, while 50 updates of the
    // Service are issued at once. Run at once, they would read together and race each other's take-over
    // patches (guarded by resourceVersion) round after round, each race of the other writer one more round:
    // Conflicts. One after the other, the first retries past the three races, the others find it in sync.
    kube.races = 3;
    const updates = await Promise.allSettled(
      Array.from({ length: 50 }, () => services.update(t.ctx, kube, t.owner, spec())),
    );
    const failed = updates.flatMap((u) => (u.status === 'rejected' ? [(u.reason as Error).constructor.name] : []));
    expect(failed).toEqual([]);
    expect(updates.map((u) => u.status === 'fulfilled' && u.value.action).filter((a) => a === 'updated')).toEqual([
      'updated',
    ]);
    expect(((await t.other.get<Service>(ref()))?.spec.ports ?? []).map((p) => [p.name, p.port])).toEqual([
      ['http', 80],
    ]);
    expect((await services.update(t.ctx, kube, t.owner, spec())).action).toBe('unchanged');
  });

  it('share one outcome: with the other writer renumbering after every write of ours, two runs answer all 50', async () => {
    // Run one after the other, each of the 50 would find the port renumbered again by the time its turn came,
    // take it over and write (50 writes, each a round against the other writer that may exhaust its retries).
    // Queued behind the first, the 49 identical updates share the one run that starts after all of them asked.
    kube.races = 3;
    kube.redrifts = 50;
    const updates = await Promise.allSettled(
      Array.from({ length: 50 }, () => services.update(t.ctx, kube, t.owner, spec())),
    );
    expect(updates.filter((u) => u.status === 'rejected')).toEqual([]);
    expect(kube.requests.count({ verb: 'apply' })).toBe(5); // the first: 3 races + 1; the shared run: 1
    expect(kube.redrifts).toBe(48);
  });
});
