/**
 * The life of one Website, as the demo plays it against the running operator: applied and Ready, a drift made by
 * hand and corrected, a change rolled out, deleted and its children garbage-collected, and the metrics that
 * counted it all. Each part is a step of {@link DemoSteps}; each waits for what the operator does in return.
 */
import type { ChildResult, KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import type { Manager } from '@orkestra/operator';
import type { DemoCluster } from './cluster.js';
import type { DemoSteps } from './steps.js';
import { waitUntil } from './wait.js';

/** A child write, as the handlers report it: what the demo prints about creations, drift and pruning. */
export interface DemoWrite {
  kind: string;
  name: string;
  result: ChildResult;
}

type Ready = { status: string; reason: string; message: string } | undefined;
const readyOf = (cr: KubeObject | undefined): Ready =>
  (
    (cr?.status as { conditions?: { type: string; status: string; reason: string; message: string }[] } | undefined)
      ?.conditions ?? []
  ).find((c) => c.type === 'Ready');

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'nothing');
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const millis = (since: number) => Math.round(performance.now() - since);

/** See the module comment. */
export class WebsiteLife {
  private readonly user: Kubeclient;
  private readonly namespace: string;
  private readonly ref: { apiVersion: string; kind: string; namespace: string; name: string };
  /** `Ready=False` messages seen while waiting, printed once the wait is over. */
  private readonly seen = new Set<string>();

  constructor(
    private readonly steps: DemoSteps,
    cluster: DemoCluster,
    private readonly operator: Manager,
    private readonly website: KubeObject,
    private readonly rel: (file: string) => string,
    private readonly writes: DemoWrite[],
  ) {
    this.user = cluster.user!;
    this.namespace = cluster.namespace;
    this.ref = {
      apiVersion: website.apiVersion,
      kind: website.kind,
      namespace: this.namespace,
      name: website.metadata.name ?? 'shop',
    };
  }

  /** Every part, in order. */
  async play(): Promise<void> {
    await this.apply();
    await this.drift();
    await this.change();
    await this.remove();
    await this.metrics();
  }

  private get(kind: string, apiVersion: string, name: string): Promise<KubeObject | undefined> {
    return this.user.get({ apiVersion, kind, namespace: this.namespace, name });
  }

  private takeWrites(): DemoWrite[] {
    return this.writes.splice(0);
  }

  private describeWrite(w: DemoWrite): string {
    return `${w.result.action} ${w.kind} ${this.namespace}/${w.name}`;
  }

  /** The Website once Ready=True (and `more` holds), recording each `Ready=False` message on the way. */
  private untilReady(what: string, more: (cr: KubeObject) => Promise<boolean> = async () => true) {
    return waitUntil(what, async () => {
      const cr = await this.user.get(this.ref);
      const r = readyOf(cr);
      if (r?.status === 'False') this.seen.add(r.message);
      return cr && r?.status === 'True' && (await more(cr)) && cr;
    });
  }

  /** The `Ready=False` messages seen while waiting, as details. */
  private waited(): void {
    for (const message of this.seen) this.steps.detail(`status: Ready=False (${message})`);
    this.seen.clear();
  }

  /** The Deployment's running pods, as details. */
  private async pods(): Promise<void> {
    for (const pod of await podsOf(this.user, this.namespace, `${this.ref.name}-web`)) this.steps.detail(pod);
  }

  /** Applies the Website and waits until it is Ready: its children created, its pods running. */
  private async apply(): Promise<void> {
    const { steps, ref, website } = this;
    steps.begin('apply a Website');
    const spec = website.spec as Record<string, unknown> | undefined;
    steps.say(
      `kubectl apply -f ${this.rel('website.yaml')}   (image ${String(spec?.image)}, replicas ${String(spec?.replicas ?? 1)})`,
    );
    await this.user.create({ ...website, metadata: { ...website.metadata, namespace: this.namespace } });
    const t0 = performance.now();
    const ready = await this.untilReady('the Website to be Ready');
    for (const w of this.takeWrites()) steps.detail(`${steps.marks.add} ${this.describeWrite(w)}`);
    this.waited();
    await this.pods();
    const status = ready.status as Record<string, unknown>;
    steps.detail(
      `status: Ready=True (${readyOf(ready)?.message}), image ${show(status.image)}, url ${show(status.url)}`,
    );
    const secret = await this.get('Secret', 'v1', `${ref.name}-admin`);
    const password = (secret?.data as Record<string, string> | undefined)?.password;
    if (password)
      steps.detail(
        `Secret ${ref.name}-admin: password generated once (${Buffer.from(password, 'base64').length} characters, never printed)`,
      );
    steps.finish(`Website ${this.namespace}/${ref.name} is Ready ${seconds(t0)} s after it was applied`);
  }

  /** Scales the Deployment and deletes the ConfigMap as someone else; waits until the operator undid both. */
  private async drift(): Promise<void> {
    const { steps, ref, namespace } = this;
    steps.begin('introduce a drift by hand');
    const deployment = `${ref.name}-web`;
    steps.say(`kubectl scale deployment ${deployment} --replicas=5   (as someone else: field manager kubectl)`);
    const t1 = performance.now();
    await this.user.patch(
      { apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: deployment },
      { spec: { replicas: 5 } },
      { type: 'merge', fieldManager: 'kubectl' },
    );
    const wanted = (this.website.spec as { replicas?: number }).replicas;
    await waitUntil(
      'the drift to be corrected',
      async () =>
        ((await this.get('Deployment', 'apps/v1', deployment))?.spec as { replicas?: number } | undefined)?.replicas ===
        wanted,
    );
    // The server may show the corrected Deployment before the handler's update has returned and been recorded.
    await waitUntil('the correction to be recorded', async () => this.writes.some((w) => w.kind === 'Deployment'));
    for (const w of this.takeWrites())
      steps.detail(
        `${steps.marks.change} ${this.describeWrite(w)}: ${(w.result.drifted ?? []).map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`).join(', ')}`,
      );
    const ms = millis(t1);
    steps.say(`kubectl delete configmap ${ref.name}-page`);
    await this.user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name: `${ref.name}-page` });
    await waitUntil(
      'the deleted ConfigMap to come back',
      async () => (await this.get('ConfigMap', 'v1', `${ref.name}-page`)) !== undefined,
    );
    for (const w of this.takeWrites()) steps.detail(`${steps.marks.add} ${this.describeWrite(w)} again`);
    steps.finish(`drift corrected in ${ms} ms, and the deleted ConfigMap recreated`);
  }

  /** Changes image, replicas and page, and turns the Service's `when` false; waits for the rollout and the prune. */
  private async change(): Promise<void> {
    const { steps, ref } = this;
    steps.begin('change the Website');
    const change = { image: 'nginx:1.28', replicas: 3, greeting: 'Now with a sale', expose: false };
    steps.say(`kubectl patch website ${ref.name} --type merge -p '${JSON.stringify({ spec: change })}'`);
    const t2 = performance.now();
    await this.user.patch(ref, { spec: change }, { type: 'merge', fieldManager: 'kubectl' });
    const rolled = await this.untilReady(
      'the change to be rolled out',
      async (cr) =>
        (cr.status as { observedGeneration?: number }).observedGeneration === cr.metadata.generation &&
        (await this.get('Service', 'v1', `${ref.name}-web`)) === undefined,
    );
    await this.operator.reconcilers[0]?.whenIdle();
    for (const w of this.takeWrites()) steps.detail(this.changeLine(w));
    this.waited();
    await this.pods();
    const status = rolled.status as Record<string, unknown>;
    steps.detail(
      `status: Ready=True (${readyOf(rolled)?.message}), observedGeneration ${String(status.observedGeneration)}, image ${show(status.image)}`,
    );
    steps.finish(`change rolled out in ${millis(t2)} ms`);
  }

  /** A write the change caused: a pruned child, or the fields an update changed. */
  private changeLine(w: DemoWrite): string {
    const m = this.steps.marks;
    if (w.result.action === 'deleted')
      return `${m.remove} pruned ${w.kind} ${this.namespace}/${w.name} (its when, spec.expose != false, no longer holds)`;
    const fields = (w.result.drifted ?? [])
      .filter((d) => !d.path.includes('applied-fields'))
      .map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`);
    return `${m.change} ${this.describeWrite(w)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
  }

  /** Deletes the Website and waits until the garbage collector removed each child (by owner reference). */
  private async remove(): Promise<void> {
    const { steps, ref, namespace } = this;
    steps.begin('delete the Website');
    steps.say(`kubectl delete website ${ref.name}`);
    const children: [string, string, string][] = [
      ['Deployment', 'apps/v1', `${ref.name}-web`],
      ['ConfigMap', 'v1', `${ref.name}-page`],
      ['Secret', 'v1', `${ref.name}-admin`],
    ];
    const before = await Promise.all(
      children.map(async ([kind, apiVersion, name]) => ({
        kind,
        apiVersion,
        name,
        uid: (await this.get(kind, apiVersion, name))?.metadata.uid,
      })),
    );
    const t3 = performance.now();
    await this.user.delete(ref);
    for (const child of before) {
      await waitUntil(
        `${child.kind} ${child.name} to be garbage-collected`,
        async () => (await this.get(child.kind, child.apiVersion, child.name))?.metadata.uid !== child.uid,
      );
      steps.detail(
        `${steps.marks.remove} ${child.kind} ${namespace}/${child.name} garbage-collected (owner reference → Website)`,
      );
    }
    steps.finish(`Website deleted; its children were garbage-collected ${millis(t3)} ms later`);
  }

  /** Reads the operator's metrics endpoint: reconciles, drift corrections, prunes and API requests. */
  private async metrics(): Promise<void> {
    const { steps, operator } = this;
    steps.begin('read the metrics');
    const metrics = await (await fetch(`${operator.url}/metrics`)).text();
    const sum = (name: string, filter = '') =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(name) && l.includes(filter))
        .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    steps.detail(
      `orkestra_reconcile_total{result="success"} ${sum('orkestra_reconcile_total', 'result="success"')}, orkestra_drift_corrections_total ${sum('orkestra_drift_corrections_total')}, orkestra_pruned_children_total ${sum('orkestra_pruned_children_total')}, orkestra_api_requests_total ${sum('orkestra_api_requests_total')}`,
    );
    steps.finish(`metrics served at ${operator.url}/metrics`);
  }
}

/** The running pods of a Deployment (by the name prefix its ReplicaSets give them): where each runs, and its image. */
async function podsOf(kube: Kubeclient, namespace: string, deployment: string): Promise<string[]> {
  type Pod = KubeObject & {
    spec: { nodeName?: string; containers: { image: string }[] };
    status?: { phase?: string; conditions?: { type: string; status: string }[] };
  };
  const pods = ((await kube.list('v1', 'Pod', { namespace })).items as Pod[]).filter(
    (p) => p.metadata.name?.startsWith(`${deployment}-`) && !p.metadata.deletionTimestamp,
  );
  return pods.map((p) => {
    const ready = p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    return `pod ${p.metadata.name} on ${p.spec.nodeName ?? '(not scheduled)'}: ${p.status?.phase ?? 'Pending'}${ready ? ', Ready' : ''} (${p.spec.containers.map((c) => c.image).join(', ')})`;
  });
}
