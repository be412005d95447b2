/**
 * What every scene of the demo does with its custom resource: apply it in the demo's namespace, read its
 * children, wait for its `Ready` condition while noting each `Ready=False` message on the way, print the child
 * writes the handlers reported, and list the pods a workload runs.
 */
import type { ChildResult, KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import type { DemoCluster } from './cluster.js';
import type { DemoSteps } from './steps.js';
import { waitUntil } from './wait.js';

/** A child write, as the handlers report it: what the demo prints about creations, drift and pruning. */
export interface DemoWrite {
  kind: string;
  name: string;
  result: ChildResult;
  /** When the handler reported it (`performance.now()`). */
  at?: number;
}

/** A line of the demo's output about something that happened, and when: for {@link CrLife.inOrder}. */
interface Happened {
  line: string;
  /** The resourceVersion the API server gave the object as it happened, when known. */
  version: bigint | undefined;
  /** When the demo learnt of it (`performance.now()`). */
  at: number;
}

/** An object's resourceVersion as a number: the API server's storage (one etcd) orders every write by it. */
function versionOf(object: KubeObject | undefined): bigint | undefined {
  const v = object?.metadata.resourceVersion;
  return v && /^\d+$/.test(v) ? BigInt(v) : undefined;
}

/** A condition of a custom resource's status, as the reconciler writes it. */
export type Condition = { type: string; status: string; reason: string; message: string };

/** The `type` condition of `cr` (default `Ready`), if its status has one. */
export function conditionOf(cr: KubeObject | undefined, type = 'Ready'): Condition | undefined {
  return ((cr?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === type);
}

/** A value as the demo prints it: strings quoted, anything else as JSON. */
export function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'nothing');
}

export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
export const millis = (since: number) => Math.round(performance.now() - since);

/** See the module comment. */
export abstract class CrLife {
  protected readonly user: Kubeclient;
  protected readonly namespace: string;
  protected readonly ref: { apiVersion: string; kind: string; namespace: string; name: string };
  /** `<condition>=False (<message>)` seen while waiting, printed once the wait is over, with when it was first seen. */
  private readonly seen = new Map<string, Omit<Happened, 'line'>>();
  /** The conditions whose `False` messages {@link note} records. */
  protected readonly noted: readonly string[] = ['Ready'];

  constructor(
    protected readonly steps: DemoSteps,
    cluster: DemoCluster,
    protected readonly cr: KubeObject,
    protected readonly rel: (file: string) => string,
    protected readonly writes: DemoWrite[],
  ) {
    this.user = cluster.user!;
    this.namespace = cluster.namespace;
    this.ref = { apiVersion: cr.apiVersion, kind: cr.kind, namespace: this.namespace, name: cr.metadata.name ?? '' };
  }

  /** Every part of the scene, in order. */
  abstract play(): Promise<void>;

  /** Creates the custom resource in the demo's namespace, as `kubectl apply` would. */
  protected async create(): Promise<void> {
    await this.user.create({ ...this.cr, metadata: { ...this.cr.metadata, namespace: this.namespace } });
  }

  protected get(kind: string, apiVersion: string, name: string): Promise<KubeObject | undefined> {
    return this.user.get({ apiVersion, kind, namespace: this.namespace, name });
  }

  /** The writes reported since the last call, in the order they happened. */
  protected takeWrites(): DemoWrite[] {
    return this.writes.splice(0);
  }

  protected describeWrite(w: DemoWrite): string {
    return `${w.result.action} ${w.kind} ${this.namespace}/${w.name}`;
  }

  /** Notes `cr`'s `False` conditions of {@link noted} with their messages, for {@link waited}. */
  protected note(cr: KubeObject | undefined): void {
    for (const type of this.noted) {
      const c = conditionOf(cr, type);
      const line = `${type}=False (${c?.message})`;
      if (c?.status === 'False' && !this.seen.has(line))
        this.seen.set(line, { version: versionOf(cr), at: performance.now() });
    }
  }

  /** The custom resource once Ready=True (and `more` holds), noting each `False` condition on the way. */
  protected untilReady(what: string, more: (cr: KubeObject) => Promise<boolean> = async () => true) {
    return waitUntil(what, async () => {
      const cr = await this.user.get(this.ref);
      this.note(cr);
      return cr && conditionOf(cr)?.status === 'True' && (await more(cr)) && cr;
    });
  }

  /**
   * The writes taken since the last call (each printed as `lineOf` says) and the `False` conditions seen while
   * waiting, as details in the order they happened: by the resourceVersion the API server gave each — a status
   * seen while polling carries the version of the write that set it — or, when one has none (a pruned child, a
   * cluster whose versions are not numbers), by when the demo learnt of it.
   */
  protected inOrder(lineOf: (w: DemoWrite) => string): void {
    const happened: Happened[] = this.takeWrites().map((w) => ({
      line: lineOf(w),
      version: versionOf(w.result.object),
      at: w.at ?? 0,
    }));
    for (const [line, when] of this.seen) happened.push({ line: `status: ${line}`, ...when });
    this.seen.clear();
    const byVersion = happened.every((h) => h.version !== undefined);
    happened.sort((a, b) => (byVersion ? Number(a.version! - b.version!) : a.at - b.at));
    for (const h of happened) this.steps.detail(h.line);
  }

  /** The live pods whose names start with `prefix-` (a workload's pods), as details: where each runs, its image. */
  protected async pods(prefix: string): Promise<void> {
    type Pod = KubeObject & {
      spec: { nodeName?: string; containers: { image: string }[] };
      status?: { phase?: string; conditions?: { type: string; status: string }[] };
    };
    for (const p of (await this.liveByPrefix('Pod', `${prefix}-`)) as Pod[]) {
      const ready = p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
      this.steps.detail(
        `pod ${p.metadata.name} on ${p.spec.nodeName ?? '(not scheduled)'}: ` +
          `${p.status?.phase ?? 'Pending'}${ready ? ', Ready' : ''} ` +
          `(${p.spec.containers.map((c) => c.image).join(', ')})`,
      );
    }
  }

  /**
   * Deletes the custom resource, then waits until each of `children` (kind, apiVersion, name) is gone or replaced
   * by another object of its name, printing `<child> <how>` as each goes (in the order seen, polled together);
   * resolves to the ms it took.
   */
  protected async deleteAndAwait(children: [string, string, string][], how: string): Promise<number> {
    let left = await Promise.all(
      children.map(async ([kind, apiVersion, name]) => ({
        kind,
        apiVersion,
        name,
        uid: (await this.get(kind, apiVersion, name))?.metadata.uid,
      })),
    );
    const t0 = performance.now();
    await this.user.delete(this.ref);
    await waitUntil(`${left.map((c) => `${c.kind} ${c.name}`).join(', ')} to be deleted`, async () => {
      const gone = await Promise.all(
        left.map(async (c) => (await this.get(c.kind, c.apiVersion, c.name))?.metadata.uid !== c.uid),
      );
      for (const c of left.filter((_, i) => gone[i]))
        this.steps.detail(`${this.steps.marks.remove} ${c.kind} ${this.namespace}/${c.name} ${how}`);
      left = left.filter((_, i) => !gone[i]);
      return left.length === 0;
    });
    return millis(t0);
  }

  /** The objects of a core (`v1`) kind in the demo's namespace whose names start with `prefix`, not being deleted. */
  protected async liveByPrefix(kind: string, prefix: string): Promise<KubeObject[]> {
    return (await this.user.list('v1', kind, { namespace: this.namespace })).items.filter(
      (o) => o.metadata.name?.startsWith(prefix) && !o.metadata.deletionTimestamp,
    );
  }
}
