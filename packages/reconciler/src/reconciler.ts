/**
 * `GenericReconciler`: turns a CRD plus declared templates into a running controller, with the resource
 * handlers the user passes in (it imports none of them).
 *
 * One reconcile of a CR: resolve every template first (an error → no write at all, `Ready=False`, a Warning
 * Event); create the `onCreate` children and update the `onReconcile` ones; prune owned children that are no
 * longer desired (removed, renamed, or whose `when` turned false); patch the status only when it changed.
 * Reads come from informer caches, so a steady-state reconcile sends no request at all.
 */
import {
  ANY_KIND,
  type ChildKind,
  type ChildResult,
  ConflictError,
  type Context,
  childKindOf,
  childSelector,
  createContext,
  DEFAULT_FIELD_MANAGER,
  deepEqual,
  deleteChild,
  ForbiddenError,
  isControlledBy,
  type KubeObject,
  type Logger,
  NotFoundError,
  OrkestraError,
  OWNER_LABEL,
  type OwnerObject,
  OwnershipError,
  ownerLabelValue,
  type ResolvedSpec,
  type ResourceHandler,
  type ResourceInfo,
  silentLogger,
} from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import { readReferencedFields } from './analysis/child-references.js';
import { ChildGates, type GatedItem, notReadyReason } from './child-gates.js';
import { type ChildKindUse, childKinds, kindKey, resolveChildKinds } from './child-kinds.js';
import type { DeferredChild, PlannedChild } from './child-planner.js';
import { type ReconcilerConfig, readyMeansChildrenReady } from './config.js';
import { EventRecorder } from './events.js';
import { failureMessage } from './failure-message.js';
import {
  DEFAULT_FINALIZE_TIMEOUT_MS,
  FINALIZED_OUTCOME,
  finalizeFailedOutcome,
  isFinalizeFailed,
  runFinalizeHook,
} from './finalize-hook.js';
import { hookChildKinds, planHookChildren } from './hook-children.js';
import { type HookContext, HookReads, type ReadKind } from './hook-context.js';
import { type HookError, hookOutcome, type LiveChildren, runHook } from './hooks.js';
import { type Informer, objectKey } from './informer.js';
import {
  annotationsBesidesInventory,
  INVENTORY_ANNOTATION,
  inventoryGrows,
  inventoryValue,
  recordedKinds,
  wantedKinds,
} from './inventory.js';
import { type InventoryRecord, openInventoryRecord } from './inventory-record.js';
import { deleteInOrder } from './ordered-deletion.js';
import { OwnWrites } from './own-writes.js';
import { type PruneSource, pruneSources } from './prune-sources.js';
import { type ChildRef, OwnershipRefusals } from './refusals.js';
import { pruneRemovedKinds } from './removed-kinds.js';
import { ResyncClock } from './resync-clock.js';
import { type InformerLease, SharedInformerFactory, type SharedInformerOptions } from './shared-informers.js';
import { isFirstReconcile, namedList, type ReconcileOutcome, statusPatch } from './status.js';
import { type StatusChildren, statusChildren } from './status-children.js';
import { StatusMemo } from './status-memo.js';
import { type CompiledTemplates, compileReconcilerTemplates } from './templates.js';
import { WantedChildren } from './wanted-children.js';
import { WorkQueue } from './work-queue.js';

/** What one reconcile did, for tests and the CLI. */
export interface ReconcileReport {
  key: string;
  /** `invalid`: a template or validation error stopped the reconcile before any write. */
  result: 'success' | 'invalid' | 'error' | 'deleted' | 'absent';
  children: {
    handler: string;
    kind: string;
    name: string;
    action: ChildResult['action'] | 'pruned' | 'failed';
    error?: string;
  }[];
  statusWritten: boolean;
  /** Children not written because what they depend on is not there yet, each saying on what. */
  waiting?: string[];
  error?: string;
  /** The error behind {@link error}, for callers that branch on its class (a `ConflictError` is retried at once). */
  cause?: unknown;
}

/** The child-informer index key of an owner's children: `<namespace>/<orkestra-owner label>`. */
function ownerIndexKey(namespace: string | undefined, ownerLabel: string | undefined): string | undefined {
  return ownerLabel === undefined ? undefined : `${namespace ?? ''}/${ownerLabel}`;
}

/**
 * The index of child informers. One function object for every reconciler: shared informers accept one
 * index only. Owners of several kinds may share a bucket (same namespace and name); prune confirms by UID.
 */
const indexByOwner = (o: KubeObject): string | undefined =>
  ownerIndexKey(o.metadata.namespace, o.metadata.labels?.[OWNER_LABEL]);

/** What is not ready among the planned children, from their live objects (`Deployment web: 1 of 3 replicas available`). */
function waitingChildren(desired: readonly PlannedChild[], lives: readonly (KubeObject | undefined)[]): string[] {
  const out: string[] = [];
  desired.forEach((child, i) => {
    const live = lives[i];
    const kind = child.spec.kind ?? child.handler.kind;
    if (!live) return void out.push(`${kind} ${child.spec.name}: not found`);
    const reason = notReadyReason(child, live);
    if (reason) out.push(`${kind} ${child.spec.name}: ${reason}`);
  });
  return out;
}

function describeError(e: unknown): { reason: string; message: string } {
  if (e instanceof OrkestraError) {
    const reason =
      e.reason === 'Ownership'
        ? 'OwnershipConflict'
        : e.reason === 'Immutable'
          ? 'ImmutableField'
          : e.reason === 'Validation'
            ? 'InvalidSpec'
            : e.reason === 'Template'
              ? 'TemplateError'
              : `Api${e.reason}`;
    return { reason, message: e.message };
  }
  return { reason: 'Error', message: e instanceof Error ? e.message : String(e) };
}

/**
 * A controller for one custom resource kind.
 *
 * @example
 * const reconciler = new GenericReconciler(Kubeclient.fromDefault(), {
 *   owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
 *   handlers: [deployments.handler, services.handler],
 *   resources: {
 *     deployments: { onReconcile: [{ image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}' }] },
 *     services: { onReconcile: [{ port: 80, targetPort: 8080 }] },
 *   },
 * });
 * await reconciler.start();   // resolves once the caches are synced
 * // … later
 * await reconciler.stop();
 */
export class GenericReconciler {
  readonly ownerApiVersion: string;
  private readonly logger: Logger;
  private readonly ctx: Context;
  private readonly abort = new AbortController();
  private readonly templates: CompiledTemplates;
  private readonly handlers = new Map<string, ResourceHandler<unknown, ResolvedSpec>>();
  /** The kinds of the children, and (from {@link start}) how each is served. */
  private readonly kinds: ChildKindUse[];
  private served = new Map<string, ResourceInfo & ChildKindUse>();
  /** The owner and child informers this reconciler uses (shared with other reconcilers of the client). */
  private readonly ownerInformers: Informer[] = [];
  private readonly childInformers: Informer[] = [];
  /** Informers of the kinds the hooks read (`config.reads`), by kind key, and whether the kind is namespaced. */
  private readonly readInformers = new Map<string, { informers: Informer[]; namespaced: boolean }>();
  /** What each CR's hooks read: a change to it reconciles the CR. */
  private readonly hookReads: HookReads;
  private unusedHookContext: { ctx: HookContext; commit(key: string): void } | undefined;
  /** Each child informer once, with the kind it serves: where prune looks for a CR's children. */
  private pruneSources: readonly PruneSource[] = [];
  private readonly leases: InformerLease[] = [];
  private readonly informers: SharedInformerFactory;
  private readonly queue: WorkQueue;
  private readonly events: EventRecorder;
  /** Children refused for a name someone else holds: not tried again until that object or the CR changes. */
  private readonly refusals: OwnershipRefusals;
  /** Echoes of this reconciler's own child writes: they queue no reconcile. */
  private readonly ownWrites = new OwnWrites();
  /** Statuses found right, with the versions they were computed from (see {@link StatusMemo}). */
  private readonly statusMemo = new StatusMemo();
  /** Child kinds whose schema was read ahead (see {@link prefetchSchema}). */
  private readonly schemasRead = new Set<string>();
  private readonly finalizer: string;
  /** Some handler has onDelete children, or the children are ordered: deletion runs behind the finalizer. */
  private readonly needsFinalizer: boolean;
  /** The kinds of the configuration's onCreate and onReconcile children, by {@link kindKey}: the inventory's floor. */
  private readonly configuredKinds = new Map<string, ChildKind>();
  /** The periodic resync: which CRs a tick re-checks. */
  private readonly resyncs: ResyncClock;
  /** The configuration's inventory record (`config.inventory`), once opened; undefined without one. */
  private record: InventoryRecord | undefined;
  /** The kinds the record lists for every CR (left out of the CRs' annotations); empty without a record. */
  private inventoryFloor: ReadonlyMap<string, ChildKind> = new Map();
  /** Until the record is open: reconciles wait for it (a child's kind must be in the record before the child). */
  private recordOpening: Promise<void> | undefined;
  /** The start's prune of the kinds the record lists and the configuration no longer makes. */
  private recordPrune: Promise<void> | undefined;
  /** Keys of CRs that changed since their last successful reconcile (see {@link crChangedSince}). */
  private readonly changedCRs = new Set<string>();
  private started = false;
  private stopped = false;
  /** The last report of each key, for tests and `orkestra diff`. */
  readonly lastReports = new Map<string, ReconcileReport>();

  constructor(
    readonly kube: Kubeclient,
    readonly config: ReconcilerConfig,
  ) {
    this.logger = config.logger ?? silentLogger;
    this.ownerApiVersion = `${config.owner.group}/${config.owner.version}`;
    for (const h of config.handlers) this.handlers.set(h.key, h);
    for (const key of Object.keys(config.resources)) {
      if (!this.handlers.has(key)) {
        throw new OrkestraError(
          'Config',
          `resources.${key}: no handler with key "${key}" was given — pass its package's handler (e.g. @orkestra/${key}) in handlers, or remove "${key}" from resources`,
        );
      }
    }
    for (const h of this.handlers.values())
      if (!h.kindOf)
        kube.resources.register({ apiVersion: h.apiVersion, kind: h.kind, plural: h.plural, namespaced: h.namespaced });
    this.kinds = childKinds(config.resources, this.handlers);
    if (config.hooks?.children) this.kinds.push(...hookChildKinds(this.handlers.values(), this.kinds));
    this.templates = compileReconcilerTemplates(config, this.handlers, kube.resources);
    for (const k of this.kinds)
      if (k.phases.some((p) => p !== 'onDelete'))
        this.configuredKinds.set(kindKey(k), { apiVersion: k.apiVersion, kind: k.kind });
    this.needsFinalizer =
      this.templates.order.ordered ||
      Object.values(config.resources).some((r) => (r.onDelete?.length ?? 0) > 0) ||
      !!config.hooks?.finalize;
    this.finalizer = config.finalizer ?? 'orkestra.io/finalizer';
    this.informers = config.informers ?? SharedInformerFactory.for(kube);
    if (this.informers.kube !== kube) {
      throw new OrkestraError(
        'Config',
        `informers: the SharedInformerFactory belongs to another Kubeclient — create it with the reconciler's client (new SharedInformerFactory(kube)), or leave informers out`,
      );
    }
    this.ctx = createContext({
      signal: this.abort.signal,
      logger: this.logger,
      fieldManager: config.fieldManager ?? DEFAULT_FIELD_MANAGER,
    });
    this.events = new EventRecorder(kube, { logger: this.logger, component: this.ctx.fieldManager });
    this.queue = new WorkQueue((key) => this.process(key), { concurrency: config.concurrency ?? 4 });
    this.resyncs = new ResyncClock(config.resyncPeriodMs ?? 600_000, () => this.enqueueDue());
    this.refusals = new OwnershipRefusals(kube, this.logger, (key) => this.queue.add(key));
    this.hookReads = new HookReads({
      namespaces: config.namespaces ?? [],
      lookup: (apiVersion, kind) =>
        apiVersion === this.ownerApiVersion && kind === config.owner.kind
          ? { informers: this.ownerInformers, namespaced: config.owner.namespaced ?? true }
          : this.readInformers.get(kindKey({ apiVersion, kind })),
    });
    kube.resources.register({
      apiVersion: this.ownerApiVersion,
      kind: config.owner.kind,
      plural: config.owner.plural,
      namespaced: config.owner.namespaced ?? true,
    });
  }

  /** True once every cache has synced and the workers run: what `/readyz` reports. */
  get ready(): boolean {
    return this.started && !this.stopped && [...this.ownerInformers, ...this.childInformers].every((i) => i.hasSynced);
  }

  /** Keys waiting to be reconciled. */
  get queueDepth(): number {
    return this.queue.depth;
  }

  /**
   * Starts the informers, waits for their first lists, then starts reconciling. Rejects, before watching
   * anything, when a child kind is not served by the API server (naming it and the CRD to install).
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.served = await resolveChildKinds(this.kinds, (apiVersion, kind) =>
      this.kube.resourceFor(apiVersion, kind, { signal: this.abort.signal }),
    );
    const { planner, engine } = this.templates;
    planner.knowFields(await readReferencedFields(this.kube, this.config, this.handlers, engine, this.abort.signal));
    const reads = await this.resolveReads();
    // While the informers sync; reconciles (queued by the first lists) wait for it.
    const recordOpened = (this.recordOpening = this.openRecord().finally(() => {
      this.recordOpening = undefined;
    }));
    const namespaces = this.config.namespaces?.length ? [...this.config.namespaces] : [undefined];
    const owner = this.config.owner;
    for (const namespace of namespaces) {
      const lease = this.acquire({
        apiVersion: this.ownerApiVersion,
        kind: owner.kind,
        namespace: owner.namespaced === false ? undefined : namespace,
        logger: this.logger,
      });
      lease.on((e) => {
        if (e.type === 'relisted') return this.enqueueAll();
        const key = objectKey(e.object.metadata.namespace, e.object.metadata.name ?? '');
        this.enqueueReaders(e.object, key);
        if (e.type === 'updated' && !this.needsReconcile(e.old, e.object)) return;
        if (e.type === 'updated') this.changedCRs.add(key);
        this.queue.add(key);
      });
      this.ownerInformers.push(lease.informer);
      if (owner.namespaced === false) break;
    }
    for (const { apiVersion, kind, namespaced } of this.served.values()) {
      for (const namespace of namespaces) {
        // Every Orkestra child of the kind, whoever owns it: the same informer serves every reconciler of
        // this client, and events are filtered by owner kind in ownerKeyOf.
        const lease = this.acquire({
          apiVersion,
          kind,
          namespace: namespaced ? namespace : undefined,
          labelSelector: childSelector(),
          logger: this.logger,
          // Pruning asks for one owner's children on every reconcile: index them, instead of scanning the cache.
          indexBy: indexByOwner,
        });
        lease.on((e) => {
          if (e.type === 'relisted') return;
          const key = this.ownerKeyOf(e.object);
          const oldKey = e.type === 'updated' ? this.ownerKeyOf(e.old) : undefined;
          if (oldKey !== undefined && oldKey !== key) this.queue.add(oldKey); // the child left that owner
          if (key === undefined) return;
          if (e.type === 'deleted') {
            this.ownWrites.forget(e.object);
            this.queue.add(key);
          } else if (!this.ownWrites.isEcho(e.object)) {
            if (this.queue.isProcessing(key)) this.ownWrites.hold(key, e.object);
            else this.queue.add(key);
          }
        });
        this.childInformers.push(lease.informer);
        if (!namespaced) break;
      }
    }
    this.pruneSources = pruneSources(this.served, this.childInformers);
    this.watchReads(reads, namespaces);
    await Promise.all([...this.leases.map((l) => l.synced), recordOpened]);
    if (this.stopped) return; // stop() came during the first lists, and the informers were shared: nothing to start
    this.enqueueAll();
    this.resyncs.start();
    this.recordPrune = this.pruneUnrecordedKinds();
    this.logger.info({ kind: owner.kind, namespaces: this.config.namespaces ?? 'all' }, 'reconciler started');
  }

  /** Takes no new work, lets in-flight reconciles finish (up to `stopTimeoutMs`), and closes every watch. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.resyncs.stop();
    const finished = await this.queue.shutdown(this.config.stopTimeoutMs ?? 10_000);
    if (!finished) this.logger.warn({}, 'reconciles still running at stop: aborting them');
    this.abort.abort();
    await this.recordPrune;
    // Informers another reconciler still uses keep running; the others stop.
    await Promise.all([...this.leases.splice(0).map((l) => l.release()), this.refusals.stop()]);
  }

  /** Opens the inventory record when the configuration has one (see `ReconcilerConfig.inventory`); never throws. */
  private async openRecord(): Promise<void> {
    if (!this.config.inventory) return;
    this.record = await openInventoryRecord(
      this.kube,
      {
        options: this.config.inventory,
        owner: this.config.owner,
        namespaces: this.config.namespaces,
        fieldManager: this.ctx.fieldManager,
        logger: this.logger,
        signal: this.abort.signal,
      },
      this.configuredKinds,
    );
    if (this.record) this.inventoryFloor = this.configuredKinds;
  }

  /**
   * Prunes, once for every CR, the children of the kinds the record lists and this configuration no longer
   * makes at all, then drops those kinds from the record. A failure leaves them there for the next start.
   */
  private async pruneUnrecordedKinds(): Promise<void> {
    const record = this.record;
    if (!record) return;
    const removed = [...record.listed].filter(([key]) => !this.served.has(key)).map(([, kind]) => kind);
    if (removed.length === 0) return;
    const { owner } = this.config;
    try {
      const done = await pruneRemovedKinds(
        {
          ctx: this.ctx,
          kube: this.kube,
          owner: { apiVersion: this.ownerApiVersion, kind: owner.kind },
          namespaces: this.config.namespaces?.length ? this.config.namespaces : [undefined],
          ownerOf: (child, ref) =>
            this.ownerFor(objectKey(owner.namespaced === false ? undefined : child.metadata.namespace, ref.name)),
          pruned: async (cr, kind, names) => {
            const key = objectKey(cr.metadata.namespace, cr.metadata.name);
            for (const name of names) this.config.observer?.childChanged?.({ key, kind, name, action: 'pruned' });
            await this.flushEvents(cr, new Map([['Pruned', names.map((n) => `${kind} ${n}`)]]));
          },
        },
        removed,
      );
      await record.drop(done, this.abort.signal);
    } catch (e) {
      this.logger.warn(
        { err: e instanceof Error ? e.message : String(e) },
        'pruning the removed kinds failed: tried again at the next start',
      );
    }
  }

  /** How each kind of `config.reads` is served; rejects, naming it, when one is not. */
  private async resolveReads(): Promise<(ReadKind & { namespaced: boolean })[]> {
    return Promise.all(
      (this.config.reads ?? []).map(async ({ apiVersion, kind }, i) => {
        try {
          const info = await this.kube.resourceFor(apiVersion, kind, { signal: this.abort.signal });
          return { apiVersion, kind, namespaced: info.namespaced };
        } catch (e) {
          if (!(e instanceof NotFoundError)) throw e;
          throw new OrkestraError(
            'Config',
            `reads[${i}]: the API server does not serve kind ${kind} in ${apiVersion} — fix apiVersion and kind, or install its CustomResourceDefinition`,
          );
        }
      }),
    );
  }

  /** Starts the informers of the kinds the hooks read: every object of the kind, no label selector. */
  private watchReads(
    reads: readonly (ReadKind & { namespaced: boolean })[],
    namespaces: readonly (string | undefined)[],
  ): void {
    for (const { apiVersion, kind, namespaced } of reads) {
      const key = kindKey({ apiVersion, kind });
      if (this.readInformers.has(key)) continue;
      const entry = { informers: [] as Informer[], namespaced };
      this.readInformers.set(key, entry);
      for (const namespace of namespaced ? namespaces : [undefined]) {
        const lease = this.acquire({ apiVersion, kind, namespace, logger: this.logger });
        lease.on((e) => {
          if (e.type !== 'relisted') this.enqueueReaders(e.object);
        });
        entry.informers.push(lease.informer);
      }
    }
  }

  /** Queues the CRs whose hooks read `object` in their last reconcile (not `self`: its own changes are filtered apart). */
  private enqueueReaders(object: KubeObject, self?: string): void {
    for (const key of this.hookReads.dependents(object)) if (key !== self) this.queue.add(key);
  }

  /** The context of the hooks for one reconcile of `cr`; `commit` keeps what they read. */
  private hookContext(cr: OwnerObject): { ctx: HookContext; commit(key: string): void } {
    // Without hooks nobody reads: one context serves every reconcile, and nothing is recorded.
    if (!this.config.hooks && this.unusedHookContext) return this.unusedHookContext;
    const { reader, commit } = this.hookReads.reader(cr);
    const made = { ctx: { reader, signal: this.abort.signal, logger: this.logger }, commit };
    if (!this.config.hooks) return (this.unusedHookContext = { ...made, commit: () => undefined });
    return made;
  }

  private acquire(options: SharedInformerOptions): InformerLease {
    const lease = this.informers.acquire(options);
    this.leases.push(lease);
    return lease;
  }

  /**
   * Aborts the reconciles in flight now: their requests are cancelled, and a {@link stop} waiting for them ends
   * without waiting out its timeout. For a leader that lost its Lease while draining — another replica may be
   * writing already. Nothing reconciles after it; call {@link stop} to finish.
   */
  abortInFlight(): void {
    this.abort.abort();
  }

  /** Resolves when nothing is queued or running (for tests and benchmarks). */
  whenIdle(): Promise<void> {
    return this.queue.whenIdle();
  }

  /**
   * Queues every cached CR, at low priority: CRs queued because something happened (created, changed, a child
   * edited) run first, so a resync never delays a new CR's first reconcile. What a relist does.
   */
  enqueueAll(): void {
    for (const informer of this.ownerInformers)
      for (const cr of informer.list()) this.queue.add(objectKey(cr.metadata.namespace, cr.metadata.name ?? ''), 'low');
  }

  /** The periodic resync's tick: {@link enqueueAll} without the CRs reconciled within the last half period. */
  private enqueueDue(): void {
    for (const informer of this.ownerInformers)
      for (const cr of informer.list()) {
        const key = objectKey(cr.metadata.namespace, cr.metadata.name ?? '');
        if (this.resyncs.isDue(key)) this.queue.add(key, 'low');
      }
  }

  /** Reconciles one CR now, outside the queue (for tests and tools); the queue's own runs go through {@link process}. */
  async reconcileNow(namespace: string | undefined, name: string): Promise<ReconcileReport> {
    return this.reconcile(objectKey(namespace, name));
  }

  /** Status-only and metadata-only changes of a CR need no reconcile, except deletion and our finalizer. */
  private needsReconcile(old: KubeObject, now: KubeObject): boolean {
    return (
      old.metadata.generation !== now.metadata.generation ||
      old.metadata.deletionTimestamp !== now.metadata.deletionTimestamp ||
      !deepEqual(old.metadata.labels, now.metadata.labels) ||
      // Our own inventory writes are no change of the CR.
      !deepEqual(annotationsBesidesInventory(old), annotationsBesidesInventory(now)) ||
      now.metadata.generation === undefined
    );
  }

  /**
   * Reads the schema the drift matcher will need for a kind whose first child was just created, in the
   * background: a new CR's next reconcile is its first resync (the echoes of its creates queue none), and that
   * one must cost no request. Once per kind; a failure leaves it to the matcher, which reads it when needed.
   */
  private prefetchSchema(ref: ChildRef): void {
    const key = `${ref.apiVersion}/${ref.kind}`;
    if (this.schemasRead.has(key)) return;
    this.schemasRead.add(key);
    void this.kube.schemaFor(ref.apiVersion, ref.kind).catch(() => this.schemasRead.delete(key));
  }

  /** The key of the child's controller when it is one of this reconciler's CRs. */
  private ownerKeyOf(child: KubeObject): string | undefined {
    const ref = child.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.kind !== this.config.owner.kind || ref.apiVersion !== this.ownerApiVersion) return undefined;
    return objectKey(this.config.owner.namespaced === false ? undefined : child.metadata.namespace, ref.name);
  }

  private informerFor(
    informers: Informer[],
    apiVersion: string,
    kind: string,
    namespace: string | undefined,
  ): Informer | undefined {
    return informers.find((i) => i.hasSynced && i.covers(apiVersion, kind, namespace));
  }

  private async process(key: string): Promise<{ requeueAfterMs?: number } | undefined> {
    const report = await this.reconcile(key);
    if (this.ownWrites.release(key)) this.queue.add(key); // a change that was not this reconcile's own: run again
    if (report.result === 'error') {
      // Someone changed an object between our read and our write: retry at once from fresh caches, no backoff.
      if (report.cause instanceof ConflictError) return { requeueAfterMs: 20 };
      throw new Error(report.error);
    }
    this.queue.forget(key);
  }

  private ownerFor(key: string): OwnerObject | undefined {
    const slash = key.indexOf('/');
    const namespace = slash >= 0 ? key.slice(0, slash) : undefined;
    const name = slash >= 0 ? key.slice(slash + 1) : key;
    const informer = this.informerFor(this.ownerInformers, this.ownerApiVersion, this.config.owner.kind, namespace);
    return informer?.get(namespace, name) as OwnerObject | undefined;
  }

  private async reconcile(key: string): Promise<ReconcileReport> {
    const started = performance.now();
    const report: ReconcileReport = { key, result: 'success', children: [], statusWritten: false };
    if (this.recordOpening) await this.recordOpening;
    const cr = this.ownerFor(key);
    try {
      if (!cr || cr.metadata.deletionTimestamp) {
        this.changedCRs.delete(key);
        this.refusals.forget(key);
      }
      if (!cr) {
        report.result = 'absent';
        this.templates.planner.forget(key);
        this.statusMemo.forget(key);
        this.hookReads.forget(key);
      } else {
        const hooks = this.hookContext(cr);
        try {
          if (cr.metadata.deletionTimestamp) await this.finalize(cr, report, hooks.ctx);
          else await this.reconcileLive(cr, report, hooks.ctx);
        } finally {
          hooks.commit(key);
        }
      }
    } catch (e) {
      report.result = 'error';
      report.error = e instanceof Error ? e.message : String(e);
      report.cause = e;
      this.logger.warn({ key, err: report.error }, 'reconcile failed');
    }
    this.lastReports.set(key, report);
    if (report.result === 'absent') this.resyncs.forget(key);
    else this.resyncs.reconciled(key);
    const result = report.result === 'invalid' ? 'invalid' : report.result === 'error' ? 'error' : 'success';
    this.config.observer?.reconciled?.({ key, result, durationMs: performance.now() - started });
    return report;
  }

  /** Resolves every child of the CR; collects every error instead of stopping at the first. */
  private resolveAll(
    cr: OwnerObject,
    phases: readonly ('onCreate' | 'onReconcile' | 'onDelete')[],
  ): { desired: PlannedChild[]; deferred: DeferredChild[]; errors: unknown[] } {
    const { children, problems, deferred } = this.templates.planner.resolve(cr, phases);
    return { desired: children, deferred, errors: problems.map((p) => p.error) };
  }

  private async reconcileLive(cr: OwnerObject, report: ReconcileReport, ctx: HookContext): Promise<void> {
    if (!(await this.validateHook(cr, report, ctx))) return;
    const planned = await this.planChildren(cr, report, ctx);
    if (!planned) return;
    const { desired, deferred, errors } = planned;
    if (errors.length > 0) {
      report.result = 'invalid';
      const first = describeError(errors[0]);
      const message = errors.length === 1 ? first.message : `${errors.length} problems; first: ${first.message}`;
      await this.events.record(cr, 'Warning', first.reason, message);
      report.statusWritten = await this.writeStatus(cr, { ready: false, reason: first.reason, message, fields: {} });
      return;
    }
    if (this.needsFinalizer && !(cr.metadata.finalizers as string[] | undefined)?.includes(this.finalizer))
      await this.addFinalizer(cr);

    const crChanged = this.crChangedSince(report.key, cr);
    const liveChildren: Record<string, Record<string, KubeObject>> = {};
    const failures: unknown[] = [];
    const failedAt = new Map<unknown, number>(); // a failed child's place in the plan: failures listed in that order
    const notes = new Map<string, string[]>();
    const refs = desired.map(({ handler, spec }) => this.childRef(cr, handler, spec));
    this.refusals.forget(report.key, refs);
    // The inventory grows alongside the children's writes (not before them: that would add a round trip to
    // every new CR); a crash between the two is repaired by the next reconcile with the same configuration.
    const recorded = recordedKinds(cr);
    const wanted = wantedKinds(this.configuredKinds, refs);
    const grow = inventoryGrows(recorded, wanted, this.inventoryFloor)
      ? this.writeInventory(cr, [...recorded.values(), ...wanted.values()]).catch((e: unknown) => {
          failures.push(e);
        })
      : undefined;
    const lives: (KubeObject | undefined)[] = [];
    const apply = async ({ phase, handler, spec }: PlannedChild, i: number): Promise<void> => {
      const { kind } = childKindOf(handler, spec);
      try {
        // A refusal that still holds is answered from memory: no request while nothing changed.
        const refused = this.refusals.current(report.key, cr, refs[i]!);
        if (refused) throw refused;
        const result = await this.applyChild(report.key, cr, phase, handler, spec, refs[i]!);
        if (result.action !== 'unchanged') this.ownWrites.record(result.object);
        if (result.action === 'created') this.prefetchSchema(refs[i]!);
        report.children.push({ handler: handler.key, kind, name: spec.name, action: result.action });
        if (result.object) (liveChildren[handler.key] ??= {})[spec.name] = result.object;
        lives[i] = result.object;
        if (result.action !== 'unchanged') this.childChanged(cr, kind, spec.name, result, notes, crChanged);
      } catch (e) {
        failures.push(e);
        failedAt.set(e, i);
        report.children.push({
          handler: handler.key,
          kind,
          name: spec.name,
          action: 'failed',
          error: e instanceof Error ? e.message : String(e),
        });
      }
    };
    // In dependency order: a child whose dependencies are not there yet waits (not written), the status says on what.
    const gates = new ChildGates(this.templates.order, desired, deferred);
    const indexOf = new Map<GatedItem, number>(desired.map((child, i) => [child, i]));
    for (const wave of gates.waves()) {
      await Promise.all(
        wave.map(async (item) => {
          const gate = gates.gate(item, desired);
          if (gate.error !== undefined) return void failures.push(gate.error);
          if (!gate.child) return; // waits, not resolved yet
          let i = indexOf.get(item);
          if (i === undefined) {
            // Resolved now, from the children it reads: desired (never pruned), even while it waits.
            i = desired.push(gate.child) - 1;
            refs[i] = this.childRef(cr, gate.child.handler, gate.child.spec);
          }
          if (gate.waiting !== undefined) return;
          await apply(gate.child, i);
          gates.settle(item, gate.child, lives[i]);
        }),
      );
    }
    if (gates.waiting.length > 0) report.waiting = gates.waiting;
    await grow;
    // A child not resolved yet has no name: what it would match cannot be told from what is no longer desired.
    if (gates.unresolved === 0) await this.prune(cr, refs, report, failures, notes);
    await this.pruneRemovedKinds(cr, recorded, wanted, report, failures, notes);
    const created = notes.get('Created');
    if (created && isFirstReconcile(cr)) {
      // A new CR getting its children is the expected course: the Ready condition written below records it,
      // and an Event per CR would double the writes of a convergence. Opt in with events.initialCreate.
      this.logger.info(
        { kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name, children: created },
        'created the children of a new custom resource',
      );
      if (!this.config.events?.initialCreate) notes.delete('Created');
    }
    await this.flushEvents(cr, notes);

    // Nothing changed and nothing failed: a status found right for these versions of the CR and children still is.
    const settled =
      failures.length === 0 && !this.config.hooks?.status && report.children.every((c) => c.action === 'unchanged');
    if (settled && this.statusMemo.unchanged(report.key, cr, lives)) return;
    let outcome: ReconcileOutcome;
    if (failures.length > 0) {
      const described = failures.sort((a, b) => (failedAt.get(a) ?? 1e9) - (failedAt.get(b) ?? 1e9)).map(describeError);
      for (const f of described)
        this.logger.warn({ key: report.key, reason: f.reason, err: f.message }, 'child failed');
      const first = described[0]!;
      outcome = {
        ready: false,
        reason: first.reason,
        message: failureMessage(described.map((f) => f.message)),
        fields: {},
      };
      await this.events.record(cr, 'Warning', first.reason, outcome.message);
    } else {
      const byId = () => statusChildren(liveChildren, desired, lives, this.templates.order);
      outcome = await this.statusOutcome(cr, liveChildren, byId, desired.length, ctx);
      if (outcome.ready && gates.waiting.length > 0)
        outcome = { ...outcome, ready: false, reason: 'Waiting', message: namedList(gates.waiting) };
      if (readyMeansChildrenReady(this.config) && outcome.ready) outcome.waiting = waitingChildren(desired, lives);
    }
    report.statusWritten = await this.writeStatus(cr, outcome);
    if (settled && !report.statusWritten) this.statusMemo.remember(report.key, cr, lives);
    else this.statusMemo.forget(report.key);
    if (failures.length > 0) {
      if (crChanged) this.changedCRs.add(report.key); // the retry still rolls out a change of the CR
      report.result = 'error';
      const conflict = failures.find((f) => f instanceof ConflictError);
      report.cause = conflict ?? failures[0];
      report.error = conflict ? (conflict as Error).message : describeError(failures[0]).message;
    }
  }

  /** Runs the `validate` hook; false (after writing the refusal to the status) when the CR may not go on. */
  private async validateHook(cr: OwnerObject, report: ReconcileReport, ctx: HookContext): Promise<boolean> {
    const validate = this.config.hooks?.validate;
    if (!validate) return true;
    let refusal: string | undefined;
    try {
      refusal = await runHook('validate', () => validate(cr, ctx));
    } catch (e) {
      await this.hookFailed(cr, report, e as HookError);
      return false;
    }
    if (refusal === undefined) return true;
    report.result = 'invalid';
    const outcome = hookOutcome(refusal);
    await this.events.record(cr, 'Warning', outcome.reason, refusal);
    report.statusWritten = await this.writeStatus(cr, outcome);
    return false;
  }

  /** A hook threw: `Ready=False` with its message, the reconcile failed (retried with backoff); nothing else written. */
  private async hookFailed(cr: OwnerObject, report: ReconcileReport, e: HookError): Promise<void> {
    const outcome = hookOutcome(e);
    Object.assign(report, { result: 'error', error: outcome.message, cause: e });
    report.statusWritten = await this.writeStatus(cr, outcome);
  }

  /**
   * The templated children of the CR, then the `children` hook's, planned together; undefined (after the
   * status says so) when the hook threw.
   */
  private async planChildren(
    cr: OwnerObject,
    report: ReconcileReport,
    ctx: HookContext,
  ): Promise<{ desired: PlannedChild[]; deferred: DeferredChild[]; errors: unknown[] } | undefined> {
    const templated = this.resolveAll(cr, ['onCreate', 'onReconcile']);
    const hook = this.config.hooks?.children;
    if (!hook) return templated;
    let returned: unknown;
    try {
      returned = await runHook('children', () => hook(cr, ctx));
    } catch (e) {
      await this.hookFailed(cr, report, e as HookError);
      return undefined;
    }
    const { children, problems } = planHookChildren(cr, templated.desired, returned, {
      handlers: this.handlers,
      watches: (kind) => this.kinds.some((k) => kindKey(k) === kindKey(kind)),
      scopes: this.kube.resources,
    });
    return {
      desired: children,
      deferred: templated.deferred,
      errors: [...templated.errors, ...problems.map((p) => p.error)],
    };
  }

  /** The outcome of a reconcile whose children are in sync: templated status fields, then the `status` hook's. */
  private async statusOutcome(
    cr: OwnerObject,
    live: LiveChildren,
    forFields: () => StatusChildren,
    count: number,
    ctx: HookContext,
  ): Promise<ReconcileOutcome> {
    const fields = this.templates.status(cr, forFields, this.logger);
    const hook = this.config.hooks?.status;
    try {
      const computed = hook ? await runHook('status', () => hook(cr, live, ctx)) : {};
      return {
        ready: true,
        reason: 'Reconciled',
        message: `${count} ${count === 1 ? 'child' : 'children'} in sync`,
        fields: { ...fields, ...computed },
      };
    } catch (e) {
      return hookOutcome(e as HookError);
    }
  }

  /** Creates or updates one child; an ownership refusal is remembered (see {@link OwnershipRefusals}). */
  private async applyChild(
    key: string,
    cr: OwnerObject,
    phase: PlannedChild['phase'],
    handler: ResourceHandler<unknown, ResolvedSpec>,
    spec: ResolvedSpec,
    ref: ChildRef,
  ): Promise<ChildResult> {
    try {
      return phase === 'onCreate'
        ? await handler.create(this.ctx, this.kube, cr, spec)
        : await handler.update(this.ctx, this.kube, cr, spec);
    } catch (e) {
      if (e instanceof OwnershipError) this.refusals.remember(key, cr, ref, e);
      throw e;
    }
  }

  private childRef(cr: OwnerObject, handler: ResourceHandler<unknown, ResolvedSpec>, spec: ResolvedSpec): ChildRef {
    const { apiVersion, kind } = childKindOf(handler, spec);
    const namespaced =
      handler.kind === ANY_KIND
        ? (this.kube.resources.lookup(apiVersion, kind)?.namespaced ?? true)
        : handler.namespaced;
    return {
      apiVersion,
      kind,
      namespace: namespaced ? (spec.namespace ?? cr.metadata.namespace) : undefined,
      name: spec.name,
    };
  }

  /** Deletes owned children (found in the caches by label, confirmed by controller UID) that are not desired. */
  private async prune(
    cr: OwnerObject,
    refs: readonly ChildRef[],
    report: ReconcileReport,
    failures: unknown[],
    notes: Map<string, string[]>,
  ): Promise<void> {
    const wanted = new WantedChildren(refs);
    const ownerLabel = ownerLabelValue(cr.metadata.name);
    for (const { informer, apiVersion, kind, namespaced, handlerKeys } of this.pruneSources) {
      const handlerKey = handlerKeys[0]!;
      for (const child of informer.byIndex(
        ownerIndexKey(namespaced ? cr.metadata.namespace : undefined, ownerLabel)!,
      )) {
        if (!isControlledBy(child, cr)) continue;
        if (wanted.has(apiVersion, kind, child.metadata.namespace, child.metadata.name ?? '')) continue;
        try {
          const result = await deleteChild(this.ctx, this.kube, cr, {
            apiVersion,
            kind,
            namespace: child.metadata.namespace,
            name: child.metadata.name ?? '',
          });
          if (result.action === 'deleted') {
            report.children.push({ handler: handlerKey, kind, name: child.metadata.name ?? '', action: 'pruned' });
            this.config.observer?.childChanged?.({
              key: objectKey(cr.metadata.namespace, cr.metadata.name),
              kind,
              name: child.metadata.name ?? '',
              action: 'pruned',
            });
            notes.set('Pruned', [...(notes.get('Pruned') ?? []), `${kind} ${child.metadata.name}`]);
          }
        } catch (e) {
          failures.push(e);
        }
      }
    }
  }

  /**
   * Prunes the children of kinds the inventory lists but the configuration no longer has (a whole handler
   * key removed): listed by the owner label and kind — no template or handler needed — and deleted only when
   * the CR controls them. Once none is left, the inventory drops those kinds. Costs nothing in steady state.
   */
  private async pruneRemovedKinds(
    cr: OwnerObject,
    recorded: ReadonlyMap<string, ChildKind>,
    wanted: ReadonlyMap<string, ChildKind>,
    report: ReconcileReport,
    failures: unknown[],
    notes: Map<string, string[]>,
  ): Promise<void> {
    const removed = [...recorded].filter(([k]) => !wanted.has(k)).map(([, kind]) => kind);
    if (removed.length === 0) return;
    const before = failures.length;
    for (const { apiVersion, kind } of removed) {
      try {
        const info = await this.kube.resourceFor(apiVersion, kind, { signal: this.ctx.signal });
        const namespace = info.namespaced ? cr.metadata.namespace : undefined;
        const { items } = await this.kube.list(apiVersion, kind, {
          namespace,
          labelSelector: childSelector(cr.metadata.name),
          signal: this.ctx.signal,
        });
        for (const child of items.filter((item) => isControlledBy(item, cr))) {
          const result = await deleteChild(this.ctx, this.kube, cr, {
            apiVersion,
            kind,
            namespace: child.metadata.namespace,
            name: child.metadata.name ?? '',
          });
          if (result.action !== 'deleted') continue;
          report.children.push({ handler: '', kind, name: child.metadata.name ?? '', action: 'pruned' });
          this.config.observer?.childChanged?.({
            key: report.key,
            kind,
            name: child.metadata.name ?? '',
            action: 'pruned',
          });
          notes.set('Pruned', [...(notes.get('Pruned') ?? []), `${kind} ${child.metadata.name}`]);
        }
      } catch (e) {
        // A kind the API server no longer serves has no children left to prune.
        if (e instanceof NotFoundError) continue;
        // RBAC made from the smaller configuration no longer covers the kind: say so once, and let it go —
        // trying again on every reconcile would cost a request each time.
        if (e instanceof ForbiddenError) {
          await this.events.record(
            cr,
            'Warning',
            'PruneForbidden',
            `cannot prune the ${kind} children of this ${cr.kind} (${apiVersion} is no longer configured): ${e.message}. Grant list and delete on it and add it back to the configuration for one reconcile, or delete them yourself (label orkestra-owner=${ownerLabelValue(cr.metadata.name)})`,
          );
          continue;
        }
        failures.push(e);
      }
    }
    if (failures.length === before)
      await this.writeInventory(cr, wanted.values()).catch((e: unknown) => {
        failures.push(e);
      });
  }

  /**
   * Sets the CR's inventory annotation to `kinds`, less those the record lists (one merge patch of metadata; the
   * status is not touched); none left removes the annotation.
   */
  private async writeInventory(cr: OwnerObject, kinds: Iterable<ChildKind>): Promise<void> {
    const value = inventoryValue(kinds, this.inventoryFloor);
    await this.kube.patch(
      { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
      { metadata: { annotations: { [INVENTORY_ANNOTATION]: value === '' ? null : value } } },
      { type: 'merge', fieldManager: this.ctx.fieldManager, signal: this.ctx.signal },
    );
  }

  /**
   * Whether the CR changed since its children were last brought in sync, so a child written now rolls out that
   * change (`Updated`) rather than undoing someone else's edit of the child (`DriftCorrected`): a change seen
   * by the owner informer since the last successful reconcile, or — across a restart — a generation the status
   * has not observed yet. Consumes the mark; a failed reconcile puts it back.
   */
  private crChangedSince(key: string, cr: OwnerObject): boolean {
    const marked = this.changedCRs.delete(key);
    const observed = (cr.status as { observedGeneration?: unknown } | undefined)?.observedGeneration;
    return (
      marked ||
      (typeof cr.metadata.generation === 'number' &&
        typeof observed === 'number' &&
        observed !== cr.metadata.generation)
    );
  }

  /**
   * Notes a change for the observer and for the reconcile's events (one event per reason, see {@link flushEvents}).
   * An update is `Updated` when it rolls out a change of the CR, `DriftCorrected` when the live child had moved.
   */
  private childChanged(
    cr: OwnerObject,
    kind: string,
    name: string,
    result: ChildResult,
    notes: Map<string, string[]>,
    crChanged = false,
  ): void {
    const action = result.action as 'created' | 'updated' | 'recreated' | 'deleted';
    this.config.observer?.childChanged?.({
      key: objectKey(cr.metadata.namespace, cr.metadata.name),
      kind,
      name,
      action,
    });
    const reason =
      {
        created: 'Created',
        updated: crChanged ? 'Updated' : 'DriftCorrected',
        recreated: 'Recreated',
        deleted: 'Deleted',
      }[action] ?? 'Changed';
    const detail = result.drifted?.length
      ? ` (${result.drifted
          .slice(0, 5)
          .map((d) => d.path)
          .join(', ')}${result.drifted.length > 5 ? ', …' : ''})`
      : '';
    const list = notes.get(reason) ?? [];
    list.push(`${kind} ${name}${detail}`);
    notes.set(reason, list);
  }

  /** One Normal event per reason and reconcile ("Created: Deployment a, Service b"), not one per child. */
  private async flushEvents(cr: OwnerObject, notes: Map<string, string[]>): Promise<void> {
    const verbs: Record<string, string> = {
      Created: 'created',
      Updated: `updated to follow the ${cr.kind}'s change:`,
      DriftCorrected: 'corrected drift in',
      Recreated: 'recreated',
      Deleted: 'deleted',
      Pruned: 'pruned (no longer desired)',
    };
    for (const [reason, items] of notes)
      await this.events.record(cr, 'Normal', reason, `${verbs[reason] ?? reason} ${items.join(', ')}`);
  }

  private async writeStatus(cr: OwnerObject, outcome: ReconcileOutcome): Promise<boolean> {
    const patch = statusPatch(cr, outcome, new Date());
    if (!patch) return false;
    await this.kube.patchStatus(
      { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
      patch,
      { fieldManager: this.ctx.fieldManager, signal: this.ctx.signal },
    );
    return true;
  }

  private async addFinalizer(cr: OwnerObject): Promise<void> {
    const finalizers = (cr.metadata.finalizers as string[] | undefined) ?? [];
    const patch =
      finalizers.length === 0
        ? [
            { op: 'test', path: '/metadata/resourceVersion', value: cr.metadata.resourceVersion },
            { op: 'add', path: '/metadata/finalizers', value: [this.finalizer] },
          ]
        : [
            { op: 'test', path: '/metadata/finalizers', value: finalizers },
            { op: 'add', path: '/metadata/finalizers/-', value: this.finalizer },
          ];
    await this.kube
      .patch(
        { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
        patch,
        { type: 'json', fieldManager: this.ctx.fieldManager, signal: this.ctx.signal },
      )
      .catch((e: unknown) => {
        // A JSON-patch `test` that fails is a 422 for some servers and a 409 for others: either way, re-read and retry.
        throw e instanceof OrkestraError && (e.reason === 'Invalid' || e.reason === 'Conflict')
          ? new ConflictError(
              'Conflict',
              409,
              `finalizer of ${cr.kind} ${cr.metadata.name}: the object changed meanwhile`,
              { verb: 'patch', kind: cr.kind },
            )
          : e;
      });
  }

  /**
   * One step of deleting the ordered children in reverse order (see {@link deleteInOrder}); true once none is
   * left. A CR whose children cannot be planned any more leaves them to the garbage collector.
   */
  private async deleteOrdered(cr: OwnerObject, report: ReconcileReport): Promise<boolean> {
    const plan = this.templates.planner.resolve(cr, ['onCreate', 'onReconcile']);
    if (plan.problems.length > 0) return true;
    const step = await deleteInOrder({
      ctx: this.ctx,
      kube: this.kube,
      cr,
      order: this.templates.order,
      plan,
      locate: (child) => {
        const ref = this.childRef(cr, child.handler, child.spec);
        const informer = this.informerFor(this.childInformers, ref.apiVersion, ref.kind, ref.namespace);
        return { ref, live: informer?.get(ref.namespace, ref.name) };
      },
    });
    for (const { kind, name } of step.deleted) report.children.push({ handler: '', kind, name, action: 'deleted' });
    if (step.remaining.length > 0)
      this.logger.info(
        { kind: cr.kind, name: cr.metadata.name, remaining: step.remaining },
        'deleting children in order',
      );
    return step.remaining.length === 0;
  }

  /**
   * Deletion: run the `onDelete` children and the `finalize` hook, then remove our finalizer (others stay); the
   * GC removes the rest.
   */
  private async finalize(cr: OwnerObject, report: ReconcileReport, ctx: HookContext): Promise<void> {
    report.result = 'deleted';
    const finalizers = (cr.metadata.finalizers as string[] | undefined) ?? [];
    if (!finalizers.includes(this.finalizer)) return;
    if (this.templates.order.ordered && !(await this.deleteOrdered(cr, report))) return;
    const { desired, errors } = this.resolveAll(cr, ['onDelete']);
    if (errors.length > 0) {
      const first = describeError(errors[0]);
      await this.events.record(cr, 'Warning', first.reason, `onDelete: ${first.message}`);
      throw errors[0];
    }
    const notes = new Map<string, string[]>();
    for (const { handler, spec } of desired) {
      const result = await handler.create(this.ctx, this.kube, cr, spec);
      const { kind } = childKindOf(handler, spec);
      report.children.push({ handler: handler.key, kind, name: spec.name, action: result.action });
      if (result.action !== 'unchanged') this.childChanged(cr, kind, spec.name, result, notes);
    }
    await this.flushEvents(cr, notes);
    await this.finalizeHook(cr, report, ctx);
    const index = finalizers.indexOf(this.finalizer);
    await this.kube.patch(
      { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
      [
        { op: 'test', path: `/metadata/finalizers/${index}`, value: this.finalizer },
        { op: 'remove', path: `/metadata/finalizers/${index}` },
      ],
      { type: 'json', fieldManager: this.ctx.fieldManager, signal: this.ctx.signal },
    );
    this.logger.info({ kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name }, 'finalized');
  }

  /**
   * Runs the `finalize` hook, bounded by `finalizeTimeoutMs`. A failure goes on the CR's status
   * (`FinalizeFailed`) and into a Warning Event, then is thrown: the finalizer stays and the queue retries
   * with backoff.
   */
  private async finalizeHook(cr: OwnerObject, report: ReconcileReport, ctx: HookContext): Promise<void> {
    const hook = this.config.hooks?.finalize;
    if (!hook) return;
    try {
      await runFinalizeHook(hook, cr, ctx, this.config.finalizeTimeoutMs ?? DEFAULT_FINALIZE_TIMEOUT_MS);
    } catch (e) {
      const error = e as HookError;
      this.logger.warn({ key: report.key, err: error.message }, 'finalize hook failed');
      await this.events.record(cr, 'Warning', 'FinalizeFailed', error.message);
      report.statusWritten = await this.writeStatus(
        cr,
        finalizeFailedOutcome(error, this.queue.retries(report.key) + 1),
      );
      throw error;
    }
    // A failure written before would outlive this success on a CR that other finalizers keep: replace it.
    if (this.queue.retries(report.key) > 0 || isFinalizeFailed(cr))
      report.statusWritten = await this.writeStatus(cr, FINALIZED_OUTCOME);
  }
}
