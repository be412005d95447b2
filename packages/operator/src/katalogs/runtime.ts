/**
 * The Katalog runtime: a controller of `Katalog` objects inside a Manager. Each Katalog is compiled as a katalog
 * file is; when it passes — no code, its kinds its own, every verb it needs granted to its ServiceAccount — its
 * spec is recorded as a numbered immutable revision, its kinds' CRDs installed, and one `GenericReconciler` per
 * kind started over a client impersonating the ServiceAccount, with its own queue. An edit that passes swaps the
 * reconcilers (instances are reconciled again; only children that change are written). One that does not is
 * refused: the last good revision keeps serving and `Ready=False` lists every problem. A Katalog has no finalizer
 * (its deletion never waits for the runtime); when the runtime sees it gone, or sees an edit remove a kind, it
 * applies the Katalog's `removalPolicy` to those kinds (`removal.ts`: instances kept or deleted as the
 * ServiceAccount, the CRD deleted only if opted in and created by this Katalog; bounded), then stops their
 * reconcilers.
 */

import type { ControllerClient, Logger, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { silentLogger } from '@orkestra/core';
import { shardOf } from '@orkestra/core/internal';
import {
  customResourceDefinition,
  GenericReconciler,
  type OwnerKind,
  type ReconcilerObserver,
  type ShardFilter,
  SharedInformerFactory,
} from '@orkestra/reconciler';
import { EventRecorder } from '@orkestra/reconciler/internal';
import type { Registry } from 'prom-client';
import { CrdInstallError, installCrd } from '../crd-install.js';
import { breakingChanges, type ComparedSchema } from './breaking-changes.js';
import {
  CRD_KATALOG_LABEL,
  CRD_KATALOG_NAMESPACE_LABEL,
  crdName,
  deniedToAccount,
  kindConflicts,
  serviceAccountUser,
} from './checks.js';
import {
  type CompiledKatalog,
  compileKatalog,
  INSTANCE_REVISION_FIELD,
  type KatalogObject,
  type KatalogProblem,
} from './compile.js';
import { checkedConcurrencyCap, katalogConcurrency } from './fairness.js';
import { KATALOG_API_VERSION, KATALOG_KIND, katalogCrd } from './katalog-crd.js';
import { KatalogMetrics } from './metrics.js';
import { findOrphans, markRemoved, removalAnnotations, removeOrphans } from './orphans.js';
import { RbacWatch, revokedMessage } from './rbac-watch.js';
import { removeKinds } from './removal.js';
import type { RemovalPolicy } from './removal-policy.js';
import { type KatalogRevision, recordRevision } from './revisions.js';
import { type KatalogState, type KatalogStatus, katalogStatusPatch, problemLines } from './status.js';

type Handler = ResourceHandler<unknown, ResolvedSpec>;
/** The Katalog annotation that lets a change break stored instances. */
const ALLOW_BREAKING = 'orkestra.io/allow-breaking-changes';
/** How long after an API error a Katalog is handled again. */
const RETRY_MS = 5_000;
type InformerLease = ReturnType<SharedInformerFactory['acquire']>;

/** Options of the Katalog runtime (`ManagerOptions.katalogs`). */
export interface KatalogRuntimeOptions {
  /** The resource packages' handlers Katalogs may use (`deployments`, `services`, `manifests` …). */
  handlers: readonly Handler[];
  /** Serve the Katalogs of this namespace only; default every namespace. */
  namespace?: string;
  /** Install (or upgrade) the Katalog CRD on start; default true. */
  installCrd?: boolean;
  /** The field manager of the CRDs and of each Katalog's children; default `orkestra`. */
  fieldManager?: string;
  /**
   * How long the runtime waits for the instances a `removalPolicy` deletes to be gone (then it reports what is
   * left in a Warning Event and goes on); default 30 s.
   */
  removalTimeoutMs?: number;
  /**
   * Re-run a Katalog's access reviews when a Role or RoleBinding of its namespace (or a ClusterRole or
   * ClusterRoleBinding, when the runtime may watch them) changes: a Katalog whose ServiceAccount lost a verb stops
   * being served, with `Ready=False` listing the missing verbs, and is served again when the verb is back.
   * Default true; `{ debounceMs }` sets the quiet moment after a change (default 500 ms).
   */
  watchRbac?: boolean | { debounceMs?: number };
  /**
   * The most reconciles at once of one kind of a Katalog; a Katalog's `concurrency:` may ask fewer, never more
   * (fairness between Katalogs, see `fairness.ts`). Default 4.
   */
  concurrency?: number;
}

/** What the Manager gives the runtime. */
export interface KatalogRuntimeContext {
  logger?: Logger;
  stopTimeoutMs?: number;
  /** Where the per-Katalog metrics go (see `metrics.ts`); none when absent. */
  registry?: Registry | undefined;
  /** The per-Katalog series to write, shared by several runtimes (in place of `registry`). */
  metrics?: KatalogMetrics | undefined;
  /** The observer (metrics) of one kind's reconciler; `katalog` is `<namespace>/<name>`. */
  observer?: (kind: string, katalog: string, queueDepth: () => number) => ReconcilerObserver;
  /**
   * Serve only the Katalogs of these shards of the namespace hash (a sharded Manager runs one runtime per held
   * shard): the Katalog informer, each kind's instances and its reconcilers see that shard only. A Katalog's
   * instances live in its namespace, so they are in the Katalog's shard.
   */
  shard?: ShardFilter;
}

/** One Katalog being served. */
interface Served {
  uid: string;
  spec: string;
  revision: KatalogRevision;
  compiled: CompiledKatalog;
  reconcilers: GenericReconciler[];
  instances: InformerLease[];
  /** The client impersonating the ServiceAccount (a `removalPolicy` deletes instances with it). */
  asAccount: ControllerClient;
  /** The Katalog as Events name it (it may be gone when its kinds are removed). */
  object: Katalog;
}

type Katalog = KatalogObject & { status?: KatalogStatus };

/** The Katalog runtime; see the module's comment. */
export class KatalogRuntime {
  private readonly logger: Logger;
  private readonly served = new Map<string, Served>();
  /** The state last written to each Katalog's status (for the Manager's `/readyz`). */
  private readonly states = new Map<string, KatalogState>();
  /** Katalogs whose ServiceAccount lost a verb: stopped, kept for their `removalPolicy` should they be deleted. */
  private readonly suspended = new Map<string, Served>();
  /** Katalogs whose access reviews are to run again (their namespace's RBAC changed). */
  private readonly rechecks = new Set<string>();
  private rbac: RbacWatch | undefined;
  /** The removal of the kinds of Katalogs deleted while no runtime ran (see `orphans.ts`), once at start. */
  private orphans: Promise<void> = Promise.resolve();
  /** The spec last refused per Katalog, so that a resync does not ask again. */
  private readonly refused = new Map<string, string>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly statusTimers = new Map<string, NodeJS.Timeout>();
  private readonly events: EventRecorder;
  private readonly metrics: KatalogMetrics | undefined;
  private lease: InformerLease | undefined;
  private readonly abort = new AbortController();
  private stopped = false;
  /** The load running now, if any (see {@link exclusive}). */
  private loading: Promise<unknown> = Promise.resolve();
  private readonly concurrencyCap: number;
  /** The reconcilers' start (first lists) of the revision a load just served, awaited outside {@link exclusive}. */
  private readonly starting = new Map<string, Promise<void>>();

  constructor(
    private readonly kube: ControllerClient,
    private readonly options: KatalogRuntimeOptions,
    private readonly context: KatalogRuntimeContext = {},
  ) {
    this.logger = context.logger ?? silentLogger;
    this.concurrencyCap = checkedConcurrencyCap(options.concurrency);
    this.events = new EventRecorder(kube, { logger: this.logger, component: 'orkestra-katalogs' });
    this.metrics = context.metrics ?? (context.registry && new KatalogMetrics(context.registry));
    kube.resources.register({ apiVersion: KATALOG_API_VERSION, kind: 'Katalog', plural: 'katalogs', namespaced: true });
  }

  /** Every reconciler running now, of every Katalog. */
  get reconcilers(): GenericReconciler[] {
    return [...this.served.values()].flatMap((s) => s.reconcilers);
  }

  /**
   * The Katalogs (`<namespace>/<name>`) whose newest spec is not served — refused, or its access revoked — with
   * the reason their status gives; those not loaded yet are not counted.
   */
  failing(): { katalog: string; reason: string }[] {
    return [...this.states]
      .filter(([, state]) => !state.ready && state.reason !== 'Pending')
      .map(([katalog, state]) => ({ katalog, reason: state.reason }));
  }

  /** The revision each Katalog (`<namespace>/<name>`) serves. */
  revisions(): Map<string, number> {
    return new Map([...this.served].map(([key, s]) => [key, s.revision.number]));
  }

  /** Installs the Katalog CRD (unless told not to), then watches Katalogs; resolves once the first list is in. */
  async start(): Promise<void> {
    if (this.options.installCrd !== false)
      await installCrd(this.kube, katalogCrd(), { fieldManager: this.fieldManager, signal: this.abort.signal });
    const factory = SharedInformerFactory.for(this.kube);
    this.lease = factory.acquire({
      apiVersion: KATALOG_API_VERSION,
      kind: 'Katalog',
      namespace: this.options.namespace,
      shard: this.context.shard,
      logger: this.logger,
    });
    this.lease.on((event) => {
      if (event.type === 'relisted') for (const k of this.lease?.informer.list() ?? []) this.enqueue(keyOf(k));
      else this.enqueue(keyOf(event.object));
    });
    await this.lease.synced;
    for (const k of this.lease.informer.list()) this.enqueue(keyOf(k));
    this.orphans = this.removeOrphans().catch((e: unknown) =>
      this.logger.error({ err: e instanceof Error ? e.message : String(e) }, 'orphaned Katalog kinds not handled'),
    );
    const watch = this.options.watchRbac ?? true;
    if (watch === false) return;
    this.rbac = new RbacWatch(this.kube, {
      namespace: this.options.namespace,
      logger: this.logger,
      ...(typeof watch === 'object' && watch.debounceMs !== undefined ? { debounceMs: watch.debounceMs } : {}),
      onChange: (namespace) => this.recheckNamespace(namespace),
    });
    await this.rbac.start(this.abort.signal);
  }

  /** Resolves when every Katalog change seen so far has been handled (for tests). */
  async idle(): Promise<void> {
    await this.orphans;
    while (this.chains.size) await Promise.all(this.chains.values());
  }

  /** Stops watching Katalogs and every Katalog's reconcilers (in-flight reconciles finish). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const t of this.statusTimers.values()) clearTimeout(t);
    await this.rbac?.stop();
    await this.lease?.release();
    await Promise.allSettled([...this.chains.values(), this.orphans]);
    await Promise.all([...this.served.keys()].map((key) => this.unserve(key)));
  }

  private get fieldManager(): string {
    return this.options.fieldManager ?? 'orkestra';
  }

  /** Handles `key` after what is queued for it: one change of a Katalog at a time. */
  private enqueue(key: string): void {
    if (this.stopped) return;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => this.sync(key))
      .catch((e: unknown) => {
        if (this.stopped) return; // a request aborted by stop(): nothing went wrong, nothing to retry
        // An API error (not a problem of the spec): try again later; what serves keeps serving.
        this.logger.error(
          { katalog: key, err: e instanceof Error ? e.message : String(e), retryInMs: RETRY_MS },
          'Katalog not handled',
        );
        setTimeout(() => this.enqueue(key), RETRY_MS).unref();
      })
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      });
    this.chains.set(key, next);
  }

  /** Brings what serves Katalog `key` in line with its object. */
  private async sync(key: string): Promise<void> {
    if (this.stopped) return;
    const [namespace, name] = key.split('/') as [string, string];
    const katalog = this.lease?.informer.get(namespace, name) as Katalog | undefined;
    const current = this.served.get(key) ?? this.suspended.get(key);
    if (!katalog || katalog.metadata.deletionTimestamp) {
      this.refused.delete(key);
      this.rechecks.delete(key);
      this.metrics?.remove(key);
      this.states.delete(key);
      // No finalizer: the Katalog is gone (or going) already; its reconcilers serve until its policy is applied.
      if (current) await this.removeKinds(key, current, current.compiled.owners, current.compiled.removalPolicy);
      if (current) await this.unserve(key);
      return;
    }
    const spec = JSON.stringify(katalog.spec ?? {});
    if (current && current.uid !== katalog.metadata.uid) await this.unserve(key);
    if (this.rechecks.delete(key)) await this.recheck(key);
    const serving = this.served.get(key);
    if (serving?.spec === spec) {
      this.refused.delete(key);
      return this.writeStatus(key);
    }
    // What was refused: the spec, and whether breaking changes were allowed (an annotation, not in the spec).
    const attempt = `${katalog.metadata.annotations?.[ALLOW_BREAKING] === 'true'}:${spec}`;
    if (this.refused.get(key) === attempt) return this.writeStatus(key);
    const problems = await this.exclusive(() => this.load(key, katalog, spec));
    const starting = this.starting.get(key);
    this.starting.delete(key);
    await starting;
    if (problems.length) {
      this.refused.set(key, attempt);
      const still = this.served.get(key);
      const message = `${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problemLines(problems)}`;
      this.logger.warn({ katalog: key, problems: problems.length }, `Katalog refused: ${message}`);
      await this.events.record(
        katalog as never,
        'Warning',
        'RevisionRefused',
        `${message}${still ? `; revision ${still.revision.number} still serves` : '; nothing is served'}`.slice(
          0,
          1000,
        ),
      );
    } else this.refused.delete(key);
    await this.writeStatus(key, problems);
  }

  /**
   * Runs `load` after every load already running: one Katalog is checked and served at a time, so two Katalogs
   * claiming one kind cannot both pass the check before either serves it. Loads happen only when a spec changes.
   */
  private exclusive<T>(load: () => Promise<T>): Promise<T> {
    const run = this.loading.then(load, load);
    this.loading = run.catch(() => undefined);
    return run;
  }

  /** Compiles, checks and serves `katalog`; returns the problems of a spec refused (then nothing changed). */
  private async load(key: string, katalog: Katalog, spec: string): Promise<KatalogProblem[]> {
    const signal = this.abort.signal;
    const { namespace } = katalog.metadata;
    const account = katalog.spec?.serviceAccountName;
    if (!account)
      return [
        { path: 'spec.serviceAccountName', message: 'is required', hint: 'name a ServiceAccount of the namespace' },
      ];
    const { compiled, problems } = compileKatalog(katalog, this.options.handlers, this.kube.resources);
    if (!compiled) return problems;
    const conflicts = await kindConflicts(this.kube, compiled, katalog.metadata, (crd) => this.servedBy(crd), signal);
    if (conflicts.length) return conflicts;
    const user = serviceAccountUser(namespace, account);
    const asAccount = this.kube.impersonate({ user });
    const denied = await deniedToAccount(this.kube, asAccount, compiled, this.options.handlers, user, signal);
    if (denied.length) return denied;
    const annotations = removalAnnotations(katalog, compiled.removalPolicy);
    for (const [i, config] of compiled.configs.entries()) {
      const problem = await this.installKindCrd(katalog, config, i, annotations);
      if (problem) return [problem];
    }
    const current = this.served.get(key);
    const revision = await recordRevision(this.kube, katalog, spec, current?.revision);
    if (current) {
      // Kinds the edit removes, by the edited spec's policy, while their reconcilers still serve.
      const kept = new Set(compiled.owners.map(crdName));
      const removed = current.compiled.owners.filter((o) => !kept.has(crdName(o)));
      await this.removeKinds(key, current, removed, compiled.removalPolicy);
    }
    const next = { uid: katalog.metadata.uid ?? '', spec, revision, compiled, asAccount, object: katalog };
    await this.swap(key, katalog, next, asAccount);
    await this.events.record(
      katalog as never,
      'Normal',
      'RevisionServed',
      `revision ${revision.number} serves ${compiled.owners.map(crdName).join(', ')} as ${user}`,
    );
    return [];
  }

  /** Installs the CRD of one kind of `katalog`, labelled as its; a refusal is a problem of that kind. */
  private async installKindCrd(
    katalog: Katalog,
    config: CompiledKatalog['configs'][number],
    i: number,
    annotations: Record<string, string>,
  ): Promise<KatalogProblem | undefined> {
    if (!config.api) return { path: `spec.crds[${i}].api`, message: 'is required' };
    const api = { ...config.api, status: withRevisionField(config.api.status) };
    const crd = customResourceDefinition(config.owner, api);
    const breaking = await this.breaksInstances(katalog, crd, i);
    if (breaking) return breaking;
    crd.metadata.labels = {
      [CRD_KATALOG_LABEL]: katalog.metadata.name,
      [CRD_KATALOG_NAMESPACE_LABEL]: katalog.metadata.namespace,
      'app.kubernetes.io/managed-by': 'orkestra',
    };
    // The CRD type has no annotations: what a runtime started after the Katalog's deletion needs (orphans.ts).
    Object.assign(crd.metadata, { annotations });
    try {
      await installCrd(this.kube, crd, { fieldManager: this.fieldManager, signal: this.abort.signal });
      return undefined;
    } catch (e) {
      if (e instanceof CrdInstallError) return { path: `spec.crds[${i}].api`, message: e.reason, hint: e.hint };
      throw e;
    }
  }

  /**
   * The problem of a new CRD that would break instances stored in the Katalog's namespace (see
   * `breakingChanges`), unless the Katalog has the annotation `orkestra.io/allow-breaking-changes: "true"`. Costs
   * a GET of the CRD and, when something breaks, a list of one instance.
   */
  private async breaksInstances(
    katalog: Katalog,
    crd: ReturnType<typeof customResourceDefinition>,
    i: number,
  ): Promise<KatalogProblem | undefined> {
    if (katalog.metadata.annotations?.[ALLOW_BREAKING] === 'true') return undefined;
    const ref = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: crd.metadata.name };
    const live = (await this.kube.get(ref, { signal: this.abort.signal })) as typeof crd | undefined;
    const storedAs = live?.spec.versions.find((v) => v.storage);
    const wanted = crd.spec.versions.find((v) => v.name === storedAs?.name);
    const spec = (v: typeof storedAs) => v?.schema.openAPIV3Schema.properties?.spec as ComparedSchema | undefined;
    const changes = breakingChanges(spec(storedAs), spec(wanted), 'spec');
    if (!changes.length) return undefined;
    const { group, version, kind } = { ...crd.spec, version: storedAs?.name, kind: crd.spec.names.kind };
    const stored = await this.kube.list(`${group}/${version}`, kind, {
      namespace: katalog.metadata.namespace,
      limit: 1,
      signal: this.abort.signal,
    });
    if (!stored.items.length) return undefined;
    return {
      path: `spec.crds[${i}].api`,
      message: `would break the ${kind} objects stored in ${katalog.metadata.namespace}: ${changes.join('; ')}`,
      hint:
        'keep the old schema compatible (a new field optional, a removed one kept), ' +
        `or annotate the Katalog ${ALLOW_BREAKING}: "true" to apply it anyway`,
    };
  }

  /** Stops what serves `key` now (if anything), then starts `next`'s reconcilers over `asAccount`. */
  private async swap(
    key: string,
    katalog: Katalog,
    next: Omit<Served, 'reconcilers' | 'instances'>,
    asAccount: ControllerClient,
  ): Promise<void> {
    const factory = new SharedInformerFactory(asAccount, { logger: this.logger });
    // Acquired before the reconcilers start, from their factory: they share its cache, which also counts instances.
    const instances = next.compiled.owners.map((owner) => {
      const lease = factory.acquire({
        apiVersion: `${owner.group}/${owner.version}`,
        kind: owner.kind,
        namespace: katalog.metadata.namespace,
        shard: this.context.shard,
      });
      lease.on((event) => {
        if (event.type === 'added' || event.type === 'deleted') this.scheduleStatus(key);
      });
      return lease;
    });
    const revision = String(next.revision.number);
    const reconcilers = next.compiled.configs.map((config) => {
      let reconciler: GenericReconciler | undefined;
      reconciler = new GenericReconciler(asAccount, {
        stopTimeoutMs: this.context.stopTimeoutMs ?? 10_000,
        ...config,
        concurrency: katalogConcurrency(config.concurrency, this.concurrencyCap),
        fieldManager: config.fieldManager ?? this.fieldManager,
        status: { ...config.status, fields: { ...config.status?.fields, [INSTANCE_REVISION_FIELD]: revision } },
        informers: factory,
        ...(this.context.shard ? { shard: this.context.shard } : {}),
        logger: this.logger,
        observer: this.context.observer?.(config.owner.kind, key, () => reconciler?.queueDepth ?? 0),
      });
      return reconciler;
    });
    await this.unserve(key);
    this.served.set(key, { ...next, reconcilers, instances });
    // Awaited by `sync` after the one-load-at-a-time section: the first lists of a Katalog with thousands of
    // instances must not hold back the load of the next Katalog (after a restart, every Katalog loads in turn).
    const started = Promise.all(reconcilers.map((r) => r.start())).then(() =>
      this.logger.info({ katalog: key, revision: next.revision.number }, 'Katalog revision serving'),
    );
    started.catch(() => undefined); // handled where `sync` awaits it
    this.starting.set(key, started);
  }

  /**
   * Applies `policy` to the kinds `owners` of `served` (see `removal.ts`), then says what it did in a Normal Event
   * on the Katalog and what it could not do in a Warning Event `RemovalIncomplete`. Bounded: never hangs.
   */
  private async removeKinds(key: string, served: Served, owners: readonly OwnerKind[], policy: RemovalPolicy) {
    if (!owners.length) return;
    const { namespace, name } = served.object.metadata;
    const context = { kube: this.kube, asAccount: served.asAccount, katalog: { namespace, name }, policy };
    const signal = this.abort.signal;
    const removals = await removeKinds(
      { ...context, servedBy: (crd) => this.servedBy(crd), timeoutMs: this.options.removalTimeoutMs ?? 30_000 },
      owners,
      { events: this.events, logger: this.logger, object: served.object as never, key, signal },
    );
    for (const [i, owner] of owners.entries())
      if (!removals[i]?.crdDeleted)
        await markRemoved(this.kube, owner, served.object.metadata.uid, this.logger, signal);
  }

  /** Applies the `removalPolicy` of Katalogs deleted while no runtime ran, as their CRDs recorded it. */
  private async removeOrphans(): Promise<void> {
    const exists = (namespace: string, name: string) => this.lease?.informer.get(namespace, name) !== undefined;
    const signal = this.abort.signal;
    // A shard's runtime knows only its shard's Katalogs: another shard's are not orphans, however absent here.
    const ours = ({ katalog }: { katalog: { namespace: string } }) =>
      !this.context.shard || this.context.shard.shards.includes(shardOf(katalog.namespace, this.context.shard.count));
    const orphans = (await findOrphans(this.kube, this.options.namespace, exists, signal)).filter(ours);
    const timeoutMs = this.options.removalTimeoutMs ?? 30_000;
    const servedBy = (crd: string) => this.servedBy(crd);
    await removeOrphans(this.kube, orphans, {
      events: this.events,
      logger: this.logger,
      timeoutMs,
      servedBy,
      exists,
      signal,
    });
  }

  /** The Katalogs of `namespace` (all when undefined) re-run their access reviews. */
  private recheckNamespace(namespace: string | undefined): void {
    for (const k of this.lease?.informer.list() ?? []) {
      if (namespace !== undefined && k.metadata.namespace !== namespace) continue;
      const key = keyOf(k);
      this.rechecks.add(key);
      this.enqueue(key);
    }
  }

  /**
   * After an RBAC change: a refused spec is tried again (the verbs it lacked may be granted now), and what serves
   * is asked again; when its ServiceAccount lost a verb it stops (kept apart for its `removalPolicy`), and the
   * sync that follows refuses the spec, listing the missing verbs — until a change grants them again.
   */
  private async recheck(key: string): Promise<void> {
    this.refused.delete(key);
    const served = this.served.get(key);
    if (!served) return;
    const user = serviceAccountUser(served.object.metadata.namespace, served.object.spec?.serviceAccountName ?? '');
    const { handlers } = this.options;
    const signal = this.abort.signal;
    const denied = await deniedToAccount(this.kube, served.asAccount, served.compiled, handlers, user, signal);
    if (!denied.length) return;
    await this.unserve(key);
    this.suspended.set(key, served);
    const message = revokedMessage(user, problemLines(denied), denied.length, served.revision.number);
    this.logger.warn({ katalog: key }, message);
    await this.events.record(served.object as never, 'Warning', 'AccessRevoked', message.slice(0, 1000));
  }

  /** Stops the reconcilers of `key`; its instances, their children and its CRDs stay. */
  private async unserve(key: string): Promise<void> {
    this.suspended.delete(key);
    const served = this.served.get(key);
    if (!served) return;
    this.served.delete(key);
    await Promise.all(served.reconcilers.map((r) => r.stop()));
    await Promise.all(served.instances.map((l) => l.release()));
    this.logger.info({ katalog: key, revision: served.revision.number }, 'Katalog no longer served');
  }

  /** The Katalog (`<namespace>/<name>`) serving the CRD `crd`, if any. */
  private servedBy(crd: string): string | undefined {
    for (const [key, s] of this.served) if (s.compiled.owners.some((o) => crdName(o) === crd)) return key;
    return undefined;
  }

  /** A status refresh of `key` soon (instances come and go in bursts). */
  private scheduleStatus(key: string): void {
    if (this.statusTimers.has(key) || this.stopped) return;
    const timer = setTimeout(() => {
      this.statusTimers.delete(key);
      this.enqueue(key);
    }, 200);
    timer.unref();
    this.statusTimers.set(key, timer);
  }

  /** Writes the status of `key` when it changed; `problems` of the spec just refused (else those last refused). */
  private async writeStatus(key: string, problems?: KatalogProblem[]): Promise<void> {
    const [namespace, name] = key.split('/') as [string, string];
    const katalog = this.lease?.informer.get(namespace, name) as Katalog | undefined;
    if (!katalog) return;
    const served = this.served.get(key);
    const kept = problems ?? (this.refused.has(key) ? (katalog.status?.problems ?? []) : []);
    const state: KatalogState = {
      ready: kept.length === 0 && served !== undefined,
      reason: kept.length ? 'Refused' : served ? 'Serving' : 'Pending',
      message: kept.length
        ? `the spec is refused (${kept.length} problem${kept.length === 1 ? '' : 's'}: ${problemLines(kept)}); ` +
          (served ? `revision ${served.revision.number} still serves` : 'nothing is served')
        : served
          ? `revision ${served.revision.number} serves ${served.compiled.owners.map(crdName).join(', ')}`
          : 'not loaded yet',
      revision: served?.revision.number,
      instances: served?.instances.reduce((n, l) => n + l.informer.size, 0),
      kinds: served?.compiled.owners.map(crdName) ?? [],
      problems: kept,
    };
    this.metrics?.set(key, state);
    this.states.set(key, state);
    const patch = katalogStatusPatch(katalog, state, new Date());
    if (!patch) return;
    const ref = { apiVersion: KATALOG_API_VERSION, kind: KATALOG_KIND.kind, namespace, name };
    await this.kube.patchStatus(ref, patch as Record<string, unknown>, { signal: this.abort.signal });
  }
}

const keyOf = (o: { metadata: { namespace?: string | undefined; name?: string | undefined } }): string =>
  `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

/** The instance status schema with the revision field declared (an open schema keeps it anyway). */
function withRevisionField<T extends { properties?: Record<string, unknown> }>(status: T | undefined): T | undefined {
  if (!status) return undefined;
  return {
    ...status,
    properties: {
      ...status.properties,
      [INSTANCE_REVISION_FIELD]: {
        type: 'string',
        description: 'The Katalog revision this object was last reconciled with.',
      },
    },
  };
}
