/**
 * `GenericReconciler`: turns a CRD plus declared templates into a running controller, with the resource
 * handlers the user passes in (it imports none of them). The façade over the parts that do the work: the
 * informers it watches (`watches.ts`, over `machinery/`), one reconcile in numbered phases (`run/`), deletion
 * behind the finalizer (`deletion/`) and the inventory of child kinds (`inventory/`).
 *
 * Reads come from informer caches, so a steady-state reconcile sends no request at all.
 */

import type { ControllerClient } from '@orkestra/core';
import {
  ConflictError,
  createContext,
  DEFAULT_FIELD_MANAGER,
  type Logger,
  OrkestraError,
  type OwnerObject,
  type ResolvedSpec,
  type ResourceHandler,
  type ResourceInfo,
  silentLogger,
} from '@orkestra/core';
import { readReferencedFields } from './analysis/child-references.js';
import { type ChildKindUse, childKinds, kindKey, resolveChildKinds } from './child-kinds.js';
import type { ReconcilerConfig } from './config.js';
import { finalize } from './deletion/finalize.js';
import { hookChildKinds } from './hook-children.js';
import { type HookContext, HookReads } from './hook-context.js';
import { type InventoryRecord, openInventoryRecord } from './inventory/record.js';
import { pruneUnrecordedKinds } from './inventory/record-prune.js';
import { objectKey } from './machinery/informer.js';
import { type ReconcileCause, ResyncClock } from './machinery/resync-clock.js';
import { checkShardConfig } from './machinery/shard-filter.js';
import { SharedInformerFactory } from './machinery/shared-informers.js';
import { type WorkPriority, WorkQueue } from './machinery/work-queue.js';
import type { PlannedChild } from './plan.js';
import { pruneSources } from './prune-sources.js';
import type { ReconcileReport } from './reconcile-parts/report.js';
import { createRunParts, type RunParts } from './reconcile-parts/run-parts.js';
import { ReconcileRun } from './run/reconcile-run.js';
import { compileReconcilerTemplates } from './templates.js';
import { Watches } from './watches.js';

export type { ReconcileReport } from './reconcile-parts/report.js';

/** Re-checks (the resync's, the start's) wait until no CR was queued by an event for this long: a burst is over. */
const LOW_LANE_QUIET_MS = 1_000;
/** … but never longer than this (nor half the resync period): constant churn delays re-checks, never starves them. */
const LOW_LANE_MAX_WAIT_MS = 60_000;

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
  private readonly abort = new AbortController();
  /** What every reconcile shares (see {@link RunParts}). */
  private readonly parts: RunParts;
  /** The kinds of the children, and (from {@link start}) how each is served. */
  private readonly kinds: ChildKindUse[];
  private served = new Map<string, ResourceInfo & ChildKindUse>();
  /** The owner, child and read informers (shared with the other reconcilers of the client). */
  private readonly watches: Watches;
  /** What each CR's hooks read: a change to it reconciles the CR. */
  private readonly hookReads: HookReads;
  private unusedHookContext: { ctx: HookContext; commit(key: string): void } | undefined;
  private readonly queue: WorkQueue;
  /** The periodic resync: which CRs a tick re-checks. */
  private readonly resyncs: ResyncClock;
  /** The configuration's inventory record (`config.inventory`), once opened; undefined without one. */
  private record: InventoryRecord | undefined;
  /** Until the record is open: reconciles wait for it (a child's kind must be in the record before the child). */
  private recordOpening: Promise<void> | undefined;
  /** The start's prune of the kinds the record lists and the configuration no longer makes. */
  private recordPrune: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  /** The last report of each key, for tests and `orkestra diff`. */
  readonly lastReports = new Map<string, ReconcileReport>();

  constructor(
    readonly kube: ControllerClient,
    readonly config: ReconcilerConfig,
  ) {
    this.logger = config.logger ?? silentLogger;
    this.ownerApiVersion = `${config.owner.group}/${config.owner.version}`;
    const handlers = handlersOf(kube, config);
    this.kinds = childKinds(config.resources, handlers);
    if (config.hooks?.children) this.kinds.push(...hookChildKinds(handlers.values(), this.kinds));
    const templates = compileReconcilerTemplates(config, handlers, kube.resources);
    checkShardConfig(config);
    const informers = config.informers ?? SharedInformerFactory.for(kube);
    if (informers.kube !== kube) {
      throw new OrkestraError(
        'Config',
        "informers: the SharedInformerFactory belongs to another client — create it with the reconciler's client " +
          '(new SharedInformerFactory(kube)), or leave informers out',
      );
    }
    const ctx = createContext({
      signal: this.abort.signal,
      logger: this.logger,
      fieldManager: config.fieldManager ?? DEFAULT_FIELD_MANAGER,
    });
    const resyncPeriodMs = config.resyncPeriodMs ?? 600_000;
    this.queue = new WorkQueue((key, priority) => this.process(key, priority), {
      concurrency: config.concurrency ?? 4,
      // re-checks wait for a burst to end (no CR queued by an event for a second), at most half a period
      lowQuietMs: Math.min(LOW_LANE_QUIET_MS, resyncPeriodMs / 10),
      lowMaxWaitMs: Math.min(LOW_LANE_MAX_WAIT_MS, resyncPeriodMs / 2),
    });
    // a tick leaves out what was checked within the period, and what is queued or running anyway
    this.resyncs = new ResyncClock(resyncPeriodMs, () =>
      this.watches.enqueueAll(
        (key) => this.resyncs.isDue(key) && !this.queue.isQueued(key) && !this.queue.isProcessing(key),
      ),
    );
    this.parts = createRunParts(
      { kube, config, handlers, kinds: this.kinds, templates, ctx },
      {
        enqueue: (key) => this.queue.add(key),
        liveChild: (ref) => this.watches.liveChild(ref),
        retries: (key) => this.queue.retries(key),
      },
    );
    this.watches = new Watches({
      kube,
      config,
      informers,
      logger: this.logger,
      signal: this.abort.signal,
      ownWrites: this.parts.ownWrites,
      changedCRs: this.parts.changedCRs,
      hookReads: () => this.hookReads,
      enqueue: (key, priority) => this.queue.add(key, priority),
      isProcessing: (key) => this.queue.isProcessing(key),
    });
    this.hookReads = new HookReads({
      namespaces: config.namespaces ?? [],
      lookup: (apiVersion, kind) =>
        apiVersion === this.ownerApiVersion && kind === config.owner.kind
          ? { informers: this.watches.owners, namespaced: config.owner.namespaced ?? true }
          : this.watches.reads.get(kindKey({ apiVersion, kind })),
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
    const { owners, children } = this.watches;
    return this.started && !this.stopped && [...owners, ...children].every((i) => i.hasSynced);
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
    const { planner, engine } = this.parts.templates;
    planner.knowFields(
      await readReferencedFields(this.kube, this.config, this.parts.handlers, engine, this.abort.signal),
    );
    const reads = await this.watches.resolveReads();
    // While the informers sync; reconciles (queued by the first lists) wait for it.
    const recordOpened = (this.recordOpening = this.openRecord().finally(() => {
      this.recordOpening = undefined;
    }));
    const namespaces = this.config.namespaces?.length ? [...this.config.namespaces] : [undefined];
    this.watches.watchOwners(namespaces);
    this.watches.watchChildren(this.served.values(), namespaces);
    this.parts.pruneSources = pruneSources(this.served, this.watches.children);
    this.watches.watchReads(reads, namespaces);
    await Promise.all([this.watches.synced(), recordOpened]);
    if (this.stopped) return; // stop() came during the first lists, and the informers were shared: nothing to start
    // Every CR not reconciled or running yet (the first lists queued theirs; an informer shared with an earlier
    // reconciler had no first list for this one): settled ones behind everything else.
    this.watches.enqueueAll((key) => !this.lastReports.has(key) && !this.queue.isProcessing(key), true);
    this.resyncs.start();
    const record = this.record;
    if (record)
      this.recordPrune = pruneUnrecordedKinds({
        parts: this.parts,
        record,
        served: this.served,
        ownerOf: (key) => this.watches.ownerFor(key),
      });
    this.logger.info(
      { kind: this.config.owner.kind, namespaces: this.config.namespaces ?? 'all' },
      'reconciler started',
    );
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
    await Promise.all([this.watches.release(), this.parts.refusals.stop()]);
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
    this.watches.enqueueAll();
  }

  /**
   * Reconciles one CR now, outside the queue (for tests and tools); the queue's own runs go through
   * {@link process}.
   */
  async reconcileNow(namespace: string | undefined, name: string): Promise<ReconcileReport> {
    return this.reconcile(objectKey(namespace, name));
  }

  /** Opens the inventory record when the configuration has one (see `ReconcilerConfig.inventory`); never throws. */
  private async openRecord(): Promise<void> {
    if (!this.config.inventory) return;
    const { ctx, configuredKinds } = this.parts;
    const options = {
      options: this.config.inventory,
      owner: this.config.owner,
      namespaces: this.config.namespaces,
      fieldManager: ctx.fieldManager,
      logger: this.logger,
      signal: this.abort.signal,
    };
    this.record = await openInventoryRecord(this.kube, options, configuredKinds);
    if (this.record) this.parts.inventoryFloor = configuredKinds;
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

  /** The work queue's run of `key`: a conflict is retried at once, another failure with backoff. */
  private async process(key: string, priority: WorkPriority): Promise<{ requeueAfterMs?: number } | undefined> {
    const report = await this.reconcile(key, priority === 'low' ? 'resync' : 'event');
    if (this.parts.ownWrites.release(key)) this.queue.add(key); // a change that was not this reconcile's own: run again
    if (report.result === 'error') {
      // Someone changed an object between our read and our write: retry at once from fresh caches, no backoff.
      if (report.cause instanceof ConflictError) return { requeueAfterMs: 20 };
      throw new Error(report.error);
    }
    this.queue.forget(key);
  }

  /**
   * The children the last reconcile of `key` (`namespace/name`) planned, each with its handler, resolved spec and
   * phase: the desired state the console compares with the live children. Undefined before the CR's first
   * reconcile (since this reconciler started) and after it is gone. Not a public contract: for the operator.
   */
  plannedChildren(key: string): readonly PlannedChild[] | undefined {
    return this.parts.lastPlans.get(key);
  }

  /** One reconcile of `key`: a {@link ReconcileRun} for a live CR, {@link finalize} for a deleted one. */
  private async reconcile(key: string, cause: ReconcileCause = 'event'): Promise<ReconcileReport> {
    const started = performance.now();
    const report: ReconcileReport = { key, result: 'success', children: [], statusWritten: false };
    if (this.recordOpening) await this.recordOpening;
    const cr = this.watches.ownerFor(key);
    try {
      if (!cr || cr.metadata.deletionTimestamp) {
        this.parts.changedCRs.delete(key);
        this.parts.refusals.forget(key);
      }
      if (!cr) {
        report.result = 'absent';
        this.parts.templates.planner.forget(key);
        this.parts.statusMemo.forget(key);
        this.parts.desiredMemo.forget(key);
        this.parts.lastPlans.delete(key);
        this.hookReads.forget(key);
      } else {
        const hooks = this.hookContext(cr);
        try {
          if (cr.metadata.deletionTimestamp) await finalize(this.parts, cr, report, hooks.ctx);
          else await new ReconcileRun(this.parts, cr, report, hooks.ctx).run();
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
    else this.resyncs.reconciled(key, cause);
    const result = report.result === 'invalid' ? 'invalid' : report.result === 'error' ? 'error' : 'success';
    this.config.observer?.reconciled?.({ key, result, durationMs: performance.now() - started, trigger: cause });
    return report;
  }
}

/** The handlers by key, each kind registered with the client; throws when `resources` names a key no handler has. */
function handlersOf(
  kube: ControllerClient,
  config: ReconcilerConfig,
): Map<string, ResourceHandler<unknown, ResolvedSpec>> {
  const handlers = new Map<string, ResourceHandler<unknown, ResolvedSpec>>(config.handlers.map((h) => [h.key, h]));
  for (const key of Object.keys(config.resources)) {
    if (!handlers.has(key)) {
      throw new OrkestraError(
        'Config',
        `resources.${key}: no handler with key "${key}" was given — pass its package's handler ` +
          `(e.g. @orkestra/${key}) in handlers, or remove "${key}" from resources`,
      );
    }
  }
  for (const h of handlers.values())
    if (!h.kindOf)
      kube.resources.register({ apiVersion: h.apiVersion, kind: h.kind, plural: h.plural, namespaced: h.namespaced });
  return handlers;
}
