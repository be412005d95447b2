/**
 * The life of one Website, as the demo plays it against the running operator: applied and Ready, a drift made by
 * hand and corrected, a change rolled out, deleted and its children garbage-collected. Each part is a step of
 * {@link DemoSteps}; each waits for what the operator does in return.
 */
import type { KubeObject } from '@orkestra/core';
import type { Manager } from '@orkestra/operator';
import type { DemoCluster } from './cluster.js';
import { CrLife, conditionOf, type DemoWrite, millis, seconds, show } from './cr-life.js';
import type { DemoSteps } from './steps.js';
import { waitUntil } from './wait.js';

/** See the module comment. */
export class WebsiteLife extends CrLife {
  constructor(
    steps: DemoSteps,
    cluster: DemoCluster,
    private readonly operator: Manager,
    website: KubeObject,
    rel: (file: string) => string,
    writes: DemoWrite[],
  ) {
    super(steps, cluster, website, rel, writes);
  }

  /** Every part, in order (the metrics are read by the demo once every scene played). */
  async play(): Promise<void> {
    await this.apply();
    await this.drift();
    await this.change();
    await this.remove();
  }

  /** Applies the Website and waits until it is Ready: its children created, its pods running. */
  private async apply(): Promise<void> {
    const { steps, ref } = this;
    steps.begin('apply a Website');
    const spec = this.cr.spec as Record<string, unknown> | undefined;
    steps.say(
      `kubectl apply -f ${this.rel('website.yaml')}   ` +
        `(image ${String(spec?.image)}, replicas ${String(spec?.replicas ?? 1)})`,
    );
    await this.create();
    const t0 = performance.now();
    const ready = await this.untilReady('the Website to be Ready');
    this.inOrder((w) => `${steps.marks.add} ${this.describeWrite(w)}`);
    await this.pods(`${this.ref.name}-web`);
    const status = ready.status as Record<string, unknown>;
    steps.detail(
      `status: Ready=True (${conditionOf(ready)?.message}), image ${show(status.image)}, url ${show(status.url)}`,
    );
    const secret = await this.get('Secret', 'v1', `${ref.name}-admin`);
    const password = (secret?.data as Record<string, string> | undefined)?.password;
    if (password)
      steps.detail(
        `Secret ${ref.name}-admin: password generated once ` +
          `(${Buffer.from(password, 'base64').length} characters, never printed)`,
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
    const wanted = (this.cr.spec as { replicas?: number }).replicas;
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
        `${steps.marks.change} ${this.describeWrite(w)}: ` +
          (w.result.drifted ?? []).map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`).join(', '),
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
    this.inOrder((w) => this.changeLine(w));
    await this.pods(`${this.ref.name}-web`);
    const status = rolled.status as Record<string, unknown>;
    steps.detail(
      `status: Ready=True (${conditionOf(rolled)?.message}), ` +
        `observedGeneration ${String(status.observedGeneration)}, image ${show(status.image)}`,
    );
    steps.finish(`change rolled out in ${millis(t2)} ms`);
  }

  /** A write the change caused: a pruned child, or the fields an update changed. */
  private changeLine(w: DemoWrite): string {
    const m = this.steps.marks;
    const why = '(its when, spec.expose != false, no longer holds)';
    if (w.result.action === 'deleted') return `${m.remove} pruned ${w.kind} ${this.namespace}/${w.name} ${why}`;
    const fields = (w.result.drifted ?? [])
      .filter((d) => !d.path.includes('applied-fields'))
      .map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`);
    return `${m.change} ${this.describeWrite(w)}${fields.length ? `: ${fields.join(', ')}` : ''}`;
  }

  /** Deletes the Website and waits until the garbage collector removed each child (by owner reference). */
  private async remove(): Promise<void> {
    const { steps, ref } = this;
    steps.begin('delete the Website');
    steps.say(`kubectl delete website ${ref.name}`);
    const ms = await this.deleteAndAwait(
      [
        ['Deployment', 'apps/v1', `${ref.name}-web`],
        ['ConfigMap', 'v1', `${ref.name}-page`],
        ['Secret', 'v1', `${ref.name}-admin`],
      ],
      'garbage-collected (owner reference → Website)',
    );
    steps.finish(`Website deleted; its children were garbage-collected ${ms} ms later`);
  }
}
