/**
 * The Katalog scene of the demo (examples/platform): a product team's namespace, ServiceAccount and Role, and its
 * `Katalog` applied to the cluster; the Katalog runtime (`orkestra run --katalogs-from-cluster`) started in this
 * process; an instance served as the team's ServiceAccount; an edit of the Katalog rolled out live to the instance
 * (revision 2); a broken edit refused with its problems while revision 2 keeps serving a new instance. On a cluster
 * of the user's it plays in a namespace of its own and deletes it, and the CRDs it installed, afterwards.
 */
import { join } from 'node:path';
import type { KubeObject, Logger } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { Manager } from '@orkestra/operator';
import { installedKeys, loadHandlers } from '../src/handlers.js';
import { readInputFile } from '../src/katalog-file.js';
import { yaml } from '../src/yaml-module.js';
import type { DemoCluster } from './cluster.js';
import { conditionOf, seconds } from './cr-life.js';
import type { DemoSteps } from './steps.js';
import { waitUntil } from './wait.js';

const KATALOG_CRD = 'katalogs.orkestra.io';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };
type Status = {
  revision?: number;
  problems?: { path: string; message: string; hint?: string }[];
  conditions?: { type: string; status: string; message: string }[];
};

/** See the module comment. */
export class KatalogLife {
  private readonly user: Kubeclient;
  private runtime: Manager | undefined;
  private runtimeKube: Kubeclient | undefined;
  private readonly namespace: string;
  private readonly team: KubeObject[];
  private readonly katalog: KubeObject;
  private readonly website: KubeObject;
  /** The CRDs this scene installed (through the runtime) on a cluster of the user's: deleted at the end. */
  private readonly newCrds: string[] = [];

  constructor(
    private readonly steps: DemoSteps,
    private readonly cluster: DemoCluster,
    private readonly dir: string,
    private readonly rel: (file: string) => string,
    private readonly options: { logger: Logger; packages?: Record<string, string>; ownCluster: boolean },
  ) {
    this.user = cluster.user!;
    // The example's namespace on the embedded control plane; on a user's cluster, one of the demo's own.
    this.namespace = options.ownCluster ? 'team-web' : `${cluster.namespace}-team`;
    const { parseAllDocuments } = yaml();
    const read = (file: string) =>
      parseAllDocuments(readInputFile(join(dir, file), '--dir'))
        .map((d) => d.toJS() as KubeObject)
        .filter(Boolean)
        .map((o) => this.inNamespace(o));
    this.team = read('team.yaml');
    [this.katalog] = read('katalog.yaml') as [KubeObject];
    [this.website] = read('website.yaml') as [KubeObject];
  }

  /** Every part, in order; {@link stop} afterwards, whatever happened. */
  async play(): Promise<void> {
    await this.applyKatalog();
    await this.serveInstance();
    await this.editLive();
    await this.refuseBrokenEdit();
  }

  /** Stops the runtime; on a user's cluster deletes the team's namespace and the CRDs the scene installed. */
  async stop(): Promise<string[]> {
    const done: string[] = [];
    if (this.runtime) await this.runtime.stop().then(() => done.push('Katalog runtime stopped'));
    await this.runtimeKube?.close();
    if (this.options.ownCluster) return done;
    await this.user.delete({ apiVersion: 'v1', kind: 'Namespace', name: this.namespace }).then(
      () => done.push(`namespace ${this.namespace} deleted`),
      () => undefined,
    );
    for (const name of this.newCrds) await this.user.delete({ ...CRD, name }).catch(() => undefined);
    if (this.newCrds.length) done.push(`CRDs ${this.newCrds.join(', ')} deleted`);
    return done;
  }

  private inNamespace(o: KubeObject): KubeObject {
    const moved = (x: { namespace?: string }) => (x.namespace === 'team-web' ? { ...x, namespace: this.namespace } : x);
    const out = { ...o, metadata: moved(o.metadata) } as KubeObject & { subjects?: { namespace?: string }[] };
    if (o.kind === 'Namespace') out.metadata = { ...o.metadata, name: this.namespace };
    if (out.subjects) out.subjects = out.subjects.map(moved);
    return out;
  }

  private get katalogRef() {
    return { ...KATALOG, namespace: this.namespace, name: this.katalog.metadata.name ?? '' };
  }

  private async applyAsTeam(object: KubeObject): Promise<void> {
    await this.user.apply(object, { fieldManager: 'kubectl', force: true });
  }

  private async katalogStatus(until: (s: Status) => boolean, what: string): Promise<Status> {
    return waitUntil(what, async () => {
      const s = ((await this.user.get(this.katalogRef)) as { status?: Status } | undefined)?.status;
      return s && until(s) && s;
    });
  }

  /** The team's objects and its Katalog applied; the runtime started; the Katalog Ready at revision 1. */
  private async applyKatalog(): Promise<void> {
    const { steps } = this;
    steps.begin("apply a team's Katalog");
    const crds = [KATALOG_CRD, ...this.ownedCrds()];
    const existing = await Promise.all(crds.map((name) => this.user.get({ ...CRD, name })));
    this.newCrds.push(...crds.filter((_, i) => !existing[i]));
    steps.say(`kubectl apply -f ${this.rel(join(this.dir, 'team.yaml'))}   (namespace, ServiceAccount, Role)`);
    for (const o of this.team) await this.applyAsTeam(o);
    const keys = await installedKeys({ packages: this.options.packages });
    const handlers = await loadHandlers(keys, { packages: this.options.packages });
    this.runtimeKube = new Kubeclient(this.cluster.kube!.kubeConfig);
    this.runtime = new Manager({
      kube: this.runtimeKube,
      logger: this.options.logger,
      reconcilers: [],
      katalogs: { handlers: [...handlers.values()], namespace: this.namespace },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      httpAddress: '127.0.0.1:0',
      stopTimeoutMs: 5_000,
    });
    await this.runtime.start();
    steps.detail('the Katalog runtime runs in this process, as `orkestra run --katalogs-from-cluster` does');
    steps.say(`kubectl apply -f ${this.rel(join(this.dir, 'katalog.yaml'))}`);
    const t0 = performance.now();
    await this.applyAsTeam(this.katalog);
    const s = await this.katalogStatus((x) => x.revision === 1, 'the Katalog to serve revision 1');
    steps.detail(`kubectl get katalog: Ready=${conditionOf({ status: s } as never)?.status}, revision ${s.revision}`);
    steps.finish(
      `Katalog ${this.namespace}/website is Ready: ${conditionOf({ status: s } as never)?.message} ` +
        `(${seconds(t0)} s after it was applied)`,
    );
  }

  private ownedCrds(): string[] {
    const spec = this.katalog.spec as { crds: { owner: { group: string; plural: string } }[] };
    return spec.crds.map((c) => `${c.owner.plural}.${c.owner.group}`);
  }

  private child(kind: string, apiVersion: string, name: string) {
    return this.user.get({ apiVersion, kind, namespace: this.namespace, name });
  }

  private async revisionOf(name: string): Promise<string | undefined> {
    const cr = await this.user.get({
      apiVersion: this.website.apiVersion,
      kind: this.website.kind,
      namespace: this.namespace,
      name,
    });
    return (cr?.status as { katalogRevision?: string } | undefined)?.katalogRevision;
  }

  /** The children of `name`, once they exist and its status records `revision`. */
  private async served(name: string, revision: string, what: string) {
    return waitUntil(what, async () => {
      const kids = await Promise.all([
        this.child('ConfigMap', 'v1', `${name}-page`),
        this.child('Deployment', 'apps/v1', `${name}-web`),
        this.child('Service', 'v1', `${name}-web`),
      ]);
      return kids.every(Boolean) && (await this.revisionOf(name)) === revision && (kids as KubeObject[]);
    });
  }

  private async serveInstance(): Promise<void> {
    const { steps } = this;
    steps.begin('an instance of the Katalog served');
    steps.say(`kubectl apply -f ${this.rel(join(this.dir, 'website.yaml'))}`);
    const t0 = performance.now();
    await this.applyAsTeam(this.website);
    const name = this.website.metadata.name ?? '';
    const kids = await this.served(name, '1', 'the Website served by revision 1');
    for (const k of kids) steps.detail(`created ${k.kind} ${this.namespace}/${k.metadata.name}`);
    steps.finish(
      `Website ${this.namespace}/${name}: children made as the team's ServiceAccount, status.katalogRevision 1 ` +
        `(${seconds(t0)} s)`,
    );
  }

  /** A Katalog with the page template changed: `extra` appended to the ConfigMap's `index.html`. */
  private edited(mutate: (entry: Record<string, unknown>) => void): KubeObject {
    const copy = structuredClone(this.katalog);
    mutate((copy.spec as { crds: Record<string, unknown>[] }).crds[0] as Record<string, unknown>);
    return copy;
  }

  private async editLive(): Promise<void> {
    const { steps } = this;
    steps.begin('edit the Katalog: the instance follows, live');
    const name = this.website.metadata.name ?? '';
    const before = await this.served(name, '1', 'the Website at revision 1');
    const extra = '<p>served by revision 2</p>';
    steps.say(`kubectl apply -f katalog.yaml   (the page template gains ${extra})`);
    const t0 = performance.now();
    await this.applyAsTeam(
      this.edited((entry) => {
        const page = (entry.resources as { configmaps: { onReconcile: { data: Record<string, string> }[] } }).configmaps
          .onReconcile[0]!;
        page.data['index.html'] += extra;
      }),
    );
    const after = await this.served(name, '2', 'the Website to follow revision 2');
    const page = after[0] as KubeObject & { data?: Record<string, string> };
    steps.detail(`ConfigMap ${name}-page: ${JSON.stringify(page.data?.['index.html'])}`);
    const same = after.filter((k, i) => k.metadata.resourceVersion === before[i]?.metadata.resourceVersion);
    const written = after.filter((k) => !same.includes(k));
    steps.detail(
      `written: ${written.map((k) => `${k.kind} ${k.metadata.name}`).join(', ') || 'nothing'}; ` +
        `untouched: ${same.map((k) => `${k.kind} ${k.metadata.name}`).join(', ') || 'nothing'}`,
    );
    steps.finish(`revision 2 rolled out to ${this.namespace}/${name} in ${seconds(t0)} s, with no restart`);
  }

  private async refuseBrokenEdit(): Promise<void> {
    const { steps } = this;
    steps.begin('a broken edit is refused; revision 2 keeps serving');
    steps.say('kubectl apply -f katalog.yaml   (a typo: the Deployment template says imagee)');
    const broken = this.edited((entry) => {
      const web = (entry.resources as { deployments: { onReconcile: Record<string, unknown>[] } }).deployments
        .onReconcile[0]!;
      web.imagee = web.image;
      delete web.image;
    });
    const refusedAtApply = await this.applyAsTeam(broken).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    if (refusedAtApply) steps.detail(`refused at apply (the Katalog webhook): ${refusedAtApply}`);
    else {
      const s = await this.katalogStatus(
        (x) => conditionOf({ status: x } as never)?.status === 'False',
        'the Katalog to refuse the edit',
      );
      steps.detail(`kubectl get katalog: Ready=False, ${conditionOf({ status: s } as never)?.message}`);
      for (const p of s.problems ?? []) steps.detail(`  ${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    }
    const blog = { ...this.website, metadata: { ...this.website.metadata, name: 'blog' } };
    steps.say('kubectl apply -f website.yaml   (a second Website, blog)');
    await this.applyAsTeam(blog as KubeObject);
    await this.served('blog', '2', 'the new Website served by revision 2');
    steps.finish(
      `the edit is refused with its problems; revision 2 still serves: ${this.namespace}/blog got its children`,
    );
  }
}
