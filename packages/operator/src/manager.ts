/**
 * The Manager: runs one or more `GenericReconciler`s as an operator process — one shared client, leader
 * election on a Lease, the health/metrics server, a start-up permission check and a graceful stop. `orkestra
 * run` builds its reconciler configurations from a katalog and hands them to it; an operator written in
 * TypeScript builds them in code.
 */

import type { ControllerClient } from '@orkestra/core';
import { type Logger, OrkestraError, silentLogger } from '@orkestra/core';
import {
  GenericReconciler,
  type OwnerKind,
  type ReconcilerConfig,
  type ReconcilerObserver,
} from '@orkestra/reconciler';
import type { ConversionClientConfig } from '@orkestra/reconciler/internal';
import { type ConfigurationOrigin, checkAgainstCluster, checkOwnerKinds } from './configuration-check.js';
import { type ConsoleOptions, ConsoleServer } from './console/console-server.js';
import {
  type ConversionRoute,
  ConversionServingError,
  conversionClientConfig,
  conversionRoutes,
  withCaBundle,
} from './conversion-webhook.js';
import { crdsOf, installCrd } from './crd-install.js';
import { HeapRelease, type HeapReleaseOptions } from './heap-release.js';
import { type HttpServer, type Readiness, startHttpServer } from './http-server.js';
import { KATALOG_WEBHOOK_PATH, katalogAdmissionHandler } from './katalogs/admission.js';
import { katalogRuntimePermissions } from './katalogs/permissions.js';
import { KatalogRuntime, type KatalogRuntimeOptions } from './katalogs/runtime.js';
import { type KatalogServing, ShardedKatalogRuntime } from './katalogs/sharded-runtime.js';
import { type LeaderElectionOptions, LeaderElector } from './leader-election.js';
import { OperatorMetrics } from './metrics.js';
import { operatorNamespace } from './operator-namespace.js';
import { assertPermissions, type Permission } from './permission-check.js';
import { discoverChildKinds, entriesOf, requiredPermissions } from './required-permissions.js';
import { allShardEvents, ShardLeases, type ShardsOptions } from './shards/shard-leases.js';
import { ShardedReconcilers } from './shards/sharded-reconcilers.js';
import type { ConversionTarget } from './webhooks/ca-injection.js';
import { type WebhookServing, Webhooks } from './webhooks/webhooks.js';
import { whoAmI } from './who-am-i.js';

/** One reconciler the Manager runs: its configuration, less what the Manager sets (logger, metrics observer). */
export type ManagedReconcilerConfig = Omit<ReconcilerConfig, 'logger' | 'observer'> & {
  /** Where the configuration came from (a katalog file): start-up problems then name its paths and lines. */
  origin?: ConfigurationOrigin;
};

/** Bytes in MB with one decimal, for log lines. */
const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The least time a graceful stop gives the Lease release, even when draining took the whole bound. */
const RELEASE_FLOOR_MS = 250;

/** Options of a {@link Manager}. */
export interface ManagerOptions {
  kube: ControllerClient;
  /** The reconcilers to run, one per owner kind. */
  reconcilers: readonly ManagedReconcilerConfig[];
  /**
   * The operator's namespace: where each reconciler keeps its inventory record (a ConfigMap listing the kinds
   * it manages, see `ReconcilerConfig.inventory`; a reconciler's own `inventory` wins). Default
   * {@link operatorNamespace}: the pod's, else the kubeconfig context's, else `default`. The identity needs get,
   * create and update on configmaps there (`orkestra generate rbac` grants them); without them each reconciler
   * warns once and keeps the inventory on its CRs. Not part of the start-up permission check, for that reason.
   */
  namespace?: string;
  /** Default: silent. */
  logger?: Logger;
  /** `host:port` of `/healthz`, `/readyz` and `/metrics` (port 0 picks one); `false` or absent: no server. */
  httpAddress?: string | false;
  /**
   * Leader election on a Lease; `false` or absent: reconcile at once (a single replica only). `kube` is the
   * client for the Lease (give it a short timeout and no retries, so a renewal fails within renewDeadline);
   * default the Manager's client.
   */
  leaderElection?: (Omit<LeaderElectionOptions, 'logger'> & { kube?: ControllerClient }) | false;
  /** Also told of every reconcile and child change. */
  observer?: ReconcilerObserver;
  /** How long a graceful stop waits for in-flight reconciles; default 10000 ms. */
  stopTimeoutMs?: number;
  /**
   * Gives V8's pooled heap pages back to the OS once a burst of work is over ({@link HeapRelease}: a burst is
   * children written since the last look, so resyncs are none; the queues must be empty; each release is logged
   * at debug); `false` turns it off. Default on.
   */
  heapRelease?: Omit<HeapReleaseOptions, 'busy' | 'work' | 'onRelease'> | false;
  /**
   * The start-up permission check, before the Lease and before any informer or write. Absent: the permissions
   * the reconcilers need ({@link operatorPermissions} of them, with the Lease's namespace when leader election is
   * on); a list: exactly those; `false`: no check (`orkestra run` checks its katalog's itself). A missing one
   * makes {@link start} throw {@link PermissionsDeniedError}, naming each verb, resource and namespace.
   */
  permissions?: readonly Permission[] | false;
  /**
   * Install or upgrade each reconciler's CRD (made from its `api`) on start, after the permission check and once
   * the webhook server has its certificate (a CRD converting by code is installed with its CA bundle), before the
   * Lease, and wait until it is served; default false (GitOps users apply `orkestra generate crd`'s file). Every
   * replica does it: the apply is idempotent. A change the API server would refuse — a version dropped while
   * objects are stored as it — throws {@link CrdInstallError} before any write. The identity needs get, create
   * and patch on customresourcedefinitions.
   */
  installCrds?: boolean;
  /**
   * The start-up check of each configuration against the cluster, before the Lease: the owner against its
   * installed CRD, the CR paths the templates read against its schema, and the fields templates read of other
   * children against their kinds' schemas (`analyzeAgainstCluster`). A problem makes {@link start} throw a
   * `ConfigurationMismatchError` listing each. Needs `get` on the owner CRDs (the default permission check includes
   * it).
   * Default true; `false` leaves the analysis out (every owner kind must still be served). A configuration's
   * `origin` locates its problems (`orkestra run` gives its katalog file's).
   */
  crdCheck?: boolean;
  /**
   * The webhook server (HTTPS) and its certificate, on every replica, leader or not (see {@link Webhooks}):
   * started after the permission check, before the Lease; `/readyz` answers 503 until it serves a certificate. It
   * serves the hooks each reconciler opts in at admission (`ReconcilerConfig.webhooks`), and routes added to
   * {@link Manager.webhooks}. Certificates are self-managed (a Secret `<name>-webhook-cert` in `namespace`,
   * its CA injected into the webhook configurations named `name`) unless cert-manager's are mounted. Absent or
   * `false`: no webhook server (and a reconciler opting a hook in is served by no one). The CA bundle is also
   * kept current in the conversion webhook of each owner CRD whose versions convert by code, whoever installed
   * it (only a CRD whose conversion calls this server is written); one the API server cannot reach is logged
   * as an error and shows as 0 in `orkestra_conversion_webhook_reachable`.
   */
  webhooks?: WebhookServing | false;
  /**
   * The web console (see {@link ConsoleServer}): its own port, loopback by default, read-only; on start, the
   * Manager logs its URL. Absent or `false`: no console, and nothing of it is kept or computed.
   */
  console?: ConsoleOptions | false;
  /**
   * Replicas share the work: the namespaces are split into `count` shards (ranges of their hash), each held
   * through a Lease by one replica at a time, each replica taking about its share (see `shards/shard-leases.ts` and
   * the README's Sharding section). Each held shard runs the reconcilers with informers of that shard only.
   * Not with `leaderElection` (the shards' Leases replace it); webhooks are served by every replica.
   */
  shards?: ShardsOptions;
  /**
   * The Katalog runtime (see README "Katalogs from the cluster"): serve the `Katalog` objects of the cluster, each
   * kind under its own reconciler and queue, acting as the Katalog's ServiceAccount. Started with the
   * reconcilers (on the leader), stopped with them. Absent: no Katalogs are served.
   */
  katalogs?: KatalogRuntimeOptions;
}

/**
 * How a Manager ended: stopped (by {@link Manager.stop} or the signal of {@link Manager.run}), or the Lease was
 * lost.
 */
export interface ManagerExit {
  reason: 'stopped' | 'leadership-lost';
  message: string;
}

/**
 * A running operator.
 *
 * @example
 * const manager = new Manager({ kube, logger, httpAddress: ':8080', reconcilers: [websiteConfig],
 *   leaderElection: { namespace: 'ops', name: 'website-operator' } });
 * const exit = await manager.run(shutdownSignal()); // SIGTERM/SIGINT: drain, release the Lease
 * process.exitCode = exit.reason === 'stopped' ? 0 : 1;
 */
export class Manager {
  readonly metrics: OperatorMetrics;
  readonly reconcilers: GenericReconciler[] = [];
  /** Where each configuration came from (a katalog file), for located problems. */
  private readonly origins = new WeakMap<GenericReconciler, ConfigurationOrigin>();
  readonly elector: LeaderElector | undefined;
  /** The shards this replica holds, with {@link ManagerOptions.shards}. */
  readonly shards: ShardLeases | undefined;
  /**
   * A reconciler per configuration, for start-up checks: {@link reconcilers} themselves, or with shards (whose
   * reconcilers come and go with the shards held) copies that are never started.
   */
  readonly configured: readonly GenericReconciler[];
  /** The webhook server and its certificate, when {@link ManagerOptions.webhooks} is set: add routes to it. */
  readonly webhooks: Webhooks | undefined;
  /** The console, when {@link ManagerOptions.console} is set. */
  readonly console: ConsoleServer | undefined;
  /** The conversion webhooks of the reconcilers' kinds, served by {@link webhooks}. */
  private readonly conversions: ConversionRoute[];
  /**
   * The Katalog runtime, when {@link ManagerOptions.katalogs} is set: one runtime, or with shards one per held
   * shard (a Katalog is served by the replica holding its namespace's shard).
   */
  readonly katalogs: (KatalogServing & { start(): Promise<void>; stop(): Promise<void> }) | undefined;
  private readonly logger: Logger;
  private server: HttpServer | undefined;
  private phase: 'new' | 'waiting' | 'syncing' | 'running' | 'stopping' | 'stopped' = 'new';
  private resolveExit!: (exit: ManagerExit) => void;
  /** Resolves when the Manager has ended: stopped, or the Lease lost (then it stopped on its own). */
  readonly exited: Promise<ManagerExit> = new Promise((resolve) => (this.resolveExit = resolve));
  private readonly startAbort = new AbortController();
  private readonly heapRelease: HeapRelease | undefined;
  /** Children written so far: the heap release's sign of a burst of work (none in steady state). */
  private childWrites = 0;

  constructor(readonly options: ManagerOptions) {
    const { kube } = options;
    this.logger = options.logger ?? silentLogger;
    // the default metrics (and their event-loop sampling) only once they are served: see listen()
    this.metrics = new OperatorMetrics(kube, { defaultMetrics: false });
    this.metrics.ready = () => this.phase === 'running' && this.reconcilers.every((r) => r.ready);
    const inventory = { namespace: options.namespace ?? operatorNamespace(kube) };
    if (options.webhooks)
      this.webhooks = new Webhooks(options.webhooks, {
        kube,
        namespace: inventory.namespace,
        logger: this.logger,
        reconcilers: options.reconcilers,
        onConversionState: (crd, reachable) => this.metrics.conversionReachable(crd, reachable),
        validatesKatalogs: options.katalogs !== undefined,
      });
    this.conversions = conversionRoutes(options.reconcilers);
    for (const route of this.conversions)
      this.webhooks?.route(route.path, async (body) => {
        const review = route.review(body);
        this.metrics.conversionReviewed(route.crd, review.response?.result?.status === 'Success');
        return review;
      });
    const observer: ReconcilerObserver = {
      reconciled: (info) => options.observer?.reconciled?.(info),
      childChanged: (info) => {
        this.childWrites++;
        options.observer?.childChanged?.(info);
      },
    };
    this.console = this.consoleServer();
    // With shards, a kind's queue depth is that of every held shard's reconciler of it.
    const shardQueues = (kind: string) => () =>
      this.reconcilers.filter((r) => r.config.owner.kind === kind).reduce((n, r) => n + r.queueDepth, 0);
    const make = ({ origin, ...config }: ManagedReconcilerConfig, shard?: ReconcilerConfig['shard']) => {
      let reconciler: GenericReconciler | undefined;
      const queueDepth = options.shards ? shardQueues(config.owner.kind) : () => reconciler?.queueDepth ?? 0;
      reconciler = new GenericReconciler(kube, {
        stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
        // A shard's reconciler sees only its shard's CRs: the shared record's start-up prune would drop kinds the
        // other shards' CRs still have, so with shards the inventory stays on each CR (its annotation).
        ...(options.shards ? {} : { inventory }),
        ...config,
        ...(shard ? { shard } : {}),
        logger: this.logger,
        observer: this.metrics.observer(
          config.owner.kind,
          queueDepth,
          this.console?.observer(config.owner.kind, observer) ?? observer,
        ),
      });
      if (origin) this.origins.set(reconciler, origin);
      return reconciler;
    };
    if (options.shards) {
      if (options.leaderElection)
        throw new OrkestraError(
          'Config',
          'shards and leaderElection: choose one (the shards have Leases of their own)',
        );
      const { count } = options.shards;
      const configs = options.reconcilers;
      const events = new ShardedReconcilers(
        configs.length,
        (i, shard) => make(configs[i] as ManagedReconcilerConfig, { count, shards: [shard] }),
        this.reconcilers,
        this.logger,
      );
      this.katalogs = this.katalogRuntime(observer);
      const katalogEvents = this.katalogs instanceof ShardedKatalogRuntime ? [this.katalogs] : [];
      this.shards = new ShardLeases(kube, options.shards, allShardEvents(events, ...katalogEvents), this.logger);
      this.configured = configs.map((config) => make(config));
    } else {
      for (const config of options.reconcilers) this.reconcilers.push(make(config));
      this.configured = this.reconcilers;
      this.katalogs = this.katalogRuntime(observer);
    }
    if (options.heapRelease !== false)
      this.heapRelease = new HeapRelease({
        ...options.heapRelease,
        busy: () => this.reconcilers.some((r) => r.queueDepth > 0),
        work: () => this.childWrites,
        onRelease: (before, after) =>
          this.logger.debug(
            { rssMB: mb(before.rss), rssAfterMB: mb(after.rss), heapTotalAfterMB: mb(after.heapTotal) },
            'gave pooled heap pages back to the OS',
          ),
      });
    if (options.leaderElection) {
      const { kube: leaseKube, ...election } = options.leaderElection;
      this.elector = new LeaderElector(leaseKube ?? kube, { ...election, logger: this.logger });
      this.elector.onLost((reason) => void this.lose(reason));
    } else {
      this.metrics.leader = true;
    }
  }

  /** The console of {@link ManagerOptions.console}: the reconcilers running now, the Katalogs' revisions. */
  private consoleServer(): ConsoleServer | undefined {
    const { console, kube, katalogs } = this.options;
    if (!console) return undefined;
    const source = {
      kube,
      reconcilers: () => [...this.reconcilers, ...(this.katalogs?.reconcilers ?? [])],
      ...(katalogs ? { katalogRevisions: () => this.katalogs?.revisions() ?? new Map<string, number>() } : {}),
    };
    return new ConsoleServer(source, console, this.logger);
  }

  /**
   * The Katalog runtime of {@link ManagerOptions.katalogs} (with shards, one per held shard), and its webhook
   * route; undefined without it.
   */
  private katalogRuntime(observer: ReconcilerObserver): Manager['katalogs'] {
    const { katalogs, shards, kube } = this.options;
    if (!katalogs) return undefined;
    this.webhooks?.route(KATALOG_WEBHOOK_PATH, katalogAdmissionHandler(katalogs.handlers, kube.resources));
    const context = {
      logger: this.logger,
      stopTimeoutMs: this.options.stopTimeoutMs ?? 10_000,
      registry: this.metrics.registry,
      observer: (kind: string, _katalog: string, depth: () => number) =>
        this.metrics.observer(kind, depth, this.console?.observer(kind, observer) ?? observer),
    };
    return shards
      ? new ShardedKatalogRuntime(kube, katalogs, context, shards.count)
      : new KatalogRuntime(kube, katalogs, context);
  }

  /** URL of the health/metrics server, once started. */
  get url(): string | undefined {
    return this.server?.url;
  }

  /**
   * The Katalogs whose newest spec is not served, for `/readyz`'s body: one team's broken Katalog says which, but
   * does not make the pod unready (that would stop every other team's).
   */
  private failingKatalogs(): string {
    const failing = this.katalogs?.failing() ?? [];
    if (!failing.length) return '';
    return `; Katalogs failing: ${failing.map((f) => `${f.katalog} (${f.reason})`).join(', ')}`;
  }

  /** What `/readyz` answers: ready when reconciling with synced caches, or standing by for the Lease. */
  readiness(): Readiness {
    if (this.webhooks && !this.webhooks.ready && this.phase !== 'stopped')
      return { ready: false, detail: 'waiting for the webhook serving certificate' };
    switch (this.phase) {
      case 'running':
        return this.reconcilers.every((r) => r.ready)
          ? { ready: true, detail: `ok${this.failingKatalogs()}` }
          : { ready: false, detail: 'caches not synced' };
      case 'waiting':
        return {
          ready: true,
          detail:
            'standby: waiting for the leader-election Lease' +
            (this.elector?.leader ? ` (held by ${this.elector.leader})` : ''),
        };
      case 'syncing':
        return { ready: false, detail: 'syncing caches' };
      case 'new':
        return { ready: false, detail: 'starting: checking the cluster' };
      default:
        return { ready: false, detail: this.phase };
    }
  }

  /**
   * Checks, with one SelfSubjectRulesReview per namespace (and an access review for what its rules do not
   * grant), that `identity` has every permission; throws
   * {@link PermissionsDeniedError} listing the missing ones.
   */
  async checkPermissions(permissions: readonly Permission[], identity: string): Promise<void> {
    await assertPermissions(this.options.kube, permissions, identity, this.startAbort.signal);
    this.logger.info({ checked: permissions.reduce((n, p) => n + p.verbs.length, 0) }, 'RBAC permissions checked');
  }

  /**
   * Installs or upgrades the CRD of every reconciler (see {@link ManagerOptions.installCrds}), one after the
   * other; throws {@link CrdInstallError} naming the CRD and what blocks it.
   */
  async installCrds(): Promise<void> {
    const convert = this.conversions.length ? (owner: OwnerKind) => this.conversionClientConfig(owner) : undefined;
    for (const crd of crdsOf(this.options.reconcilers, convert)) {
      const done = await installCrd(this.options.kube, crd, {
        fieldManager: 'orkestra',
        signal: this.startAbort.signal,
      });
      this.logger.info({ crd: crd.metadata.name, versions: crd.spec.versions.map((v) => v.name) }, `CRD ${done}`);
    }
  }

  /**
   * Where the CRD of `owner` sends ConversionReviews: the webhook server's clientConfig with the conversion path
   * and the current CA bundle. Throws {@link ConversionServingError} when there is no webhook server.
   */
  private conversionClientConfig(owner: OwnerKind): ConversionClientConfig {
    if (!this.webhooks || !this.options.webhooks)
      throw new ConversionServingError(
        this.conversions.map((r) => r.crd),
        'webhooks',
      );
    return withCaBundle(conversionClientConfig(this.options.webhooks.clientConfig, owner), this.webhooks.caBundle());
  }

  /** The CRDs whose conversion webhook this Manager serves, with where each must call it. */
  private conversionTargets(): ConversionTarget[] {
    const serving = this.options.webhooks;
    if (!serving) return [];
    return this.conversions.map((route) => ({
      kind: 'CustomResourceDefinition',
      name: route.crd,
      clientConfig: conversionClientConfig(serving.clientConfig, route.owner),
    }));
  }

  /**
   * What the reconcilers need: their owner and child kinds (plurals and scopes asked of the API server), Events,
   * the Lease.
   */
  private async neededPermissions(): Promise<Permission[]> {
    const { kube, leaderElection } = this.options;
    const { entries, handlers } = entriesOf(this.options.reconcilers);
    await discoverChildKinds({ entries }, handlers, kube);
    return [
      ...requiredPermissions({ entries }, handlers, {
        leaseNamespace: leaderElection ? leaderElection.namespace : this.options.shards?.namespace,
        shards: this.options.shards !== undefined,
        resources: kube.resources,
        unknownKinds: 'skip', // not served: the reconciler's start says so
        crdCheck: this.options.crdCheck !== false,
      }),
      ...(this.webhooks?.permissions(this.conversions.map((r) => r.crd)) ?? []),
      ...(this.options.katalogs
        ? katalogRuntimePermissions(this.options.katalogs.namespace, {
            watchRbac: this.options.katalogs.watchRbac !== false,
          })
        : []),
    ];
  }

  /**
   * Checks every reconciler's configuration against the cluster (see {@link ManagerOptions.crdCheck}): every
   * owner kind served ({@link OwnerKindNotServedError}), then the analysis ({@link ConfigurationMismatchError}
   * listing the problems of all configurations, located where their `origin` tells).
   */
  async checkConfigurations(): Promise<void> {
    const configurations = this.configured.map((reconciler) => ({
      reconciler,
      origin: this.origins.get(reconciler),
    }));
    await checkOwnerKinds(this.options.kube, configurations, this.startAbort.signal);
    if (this.options.crdCheck === false) return;
    await checkAgainstCluster(this.options.kube, configurations, this.startAbort.signal);
    this.logger.info(
      { crds: this.configured.map((r) => `${r.config.owner.plural}.${r.config.owner.group}`) },
      'configurations checked against the installed CRDs',
    );
  }

  /**
   * Starts the health/metrics server and the console, once (start does it too): call it before the checks that
   * need the cluster, so that a port in use is reported as what it is. Throws {@link HttpAddressError}.
   */
  async listen(): Promise<void> {
    await this.console?.listen();
    const address = this.options.httpAddress;
    if (this.server || address === false || address === undefined) return;
    this.metrics.collectDefaults();
    this.server = await startHttpServer({
      address,
      registry: this.metrics.registry,
      readiness: () => this.readiness(),
    });
    this.logger.info(
      { url: this.server.url, endpoints: ['/healthz', '/readyz', '/metrics'] },
      `serving health and metrics on ${this.server.url}`,
    );
  }

  /**
   * Starts the server, checks the permissions (see {@link ManagerOptions.permissions}; throws
   * {@link PermissionsDeniedError}), waits for the Lease (if leader election is on), then starts every reconciler and
   * resolves once their caches have synced. Resolves early, without reconciling, if {@link stop} is called
   * while it waits.
   */
  async start(): Promise<void> {
    await this.listen();
    if (this.conversions.length && !this.webhooks)
      throw new ConversionServingError(
        this.conversions.map((r) => r.crd),
        'webhooks',
      );
    // Before any write (the certificate's Secret, the CRDs): a missing permission is named, not met as a Forbidden.
    if (this.options.permissions !== false)
      await this.checkPermissions(
        this.options.permissions ?? (await this.neededPermissions()),
        await whoAmI(this.options.kube),
      );
    await this.webhooks?.start();
    // After the server has its certificate, so that the CRDs are installed with its CA bundle.
    if (this.options.installCrds) await this.installCrds();
    // Installed or not by this Manager, each CRD converting by code gets the CA bundle, now and after each rotation.
    this.webhooks?.keepConversionCaBundles(this.conversionTargets());
    await this.checkConfigurations();
    if (this.shards) return this.startShards();
    if (this.elector) {
      this.phase = 'waiting';
      const acquired = await this.elector.acquire(this.startAbort.signal);
      if (!acquired) return;
      this.metrics.leader = true;
    }
    if (this.phase === 'stopping' || this.phase === 'stopped') return;
    this.phase = 'syncing';
    this.heapRelease?.start(); // before the first lists: the pages their parsing leaves in V8's pool count
    await Promise.all([...this.reconcilers.map((r) => r.start()), this.katalogs?.start()]);
    if ((this.phase as string) !== 'syncing') return;
    this.phase = 'running';
    this.logger.info({ kinds: this.reconcilers.map((r) => r.config.owner.kind) }, 'caches synced: reconciling');
  }

  /** With shards: reconciling is the shards' (each held one starts its reconcilers); this only starts taking them. */
  private async startShards(): Promise<void> {
    // The Katalog CRD, once per replica, before any shard's runtime watches Katalogs.
    await this.katalogs?.start();
    if (this.phase === 'stopping' || this.phase === 'stopped' || !this.shards) return;
    this.phase = 'running';
    this.metrics.leader = true;
    this.heapRelease?.start();
    this.shards.start();
    this.logger.info({ count: this.options.shards?.count, identity: this.shards.identity }, 'taking shards');
  }

  /**
   * Starts, then runs until `signal` aborts (a graceful {@link stop}) or the Lease is lost; resolves how it
   * ended. A start that throws (the server's port in use) stops what had started and rethrows.
   */
  async run(signal: AbortSignal): Promise<ManagerExit> {
    const aborted = new Promise<'signal'>((resolve) => {
      if (signal.aborted) resolve('signal');
      signal.addEventListener('abort', () => resolve('signal'), { once: true });
    });
    try {
      const started = this.start().then(() => 'started' as const);
      const first = await Promise.race([started, aborted, this.exited]);
      const outcome = first === 'started' ? await Promise.race([aborted, this.exited]) : first;
      if (outcome !== 'signal') {
        this.logger.error({}, `stopping at once: ${outcome.message}`);
        return outcome;
      }
      this.logger.info({}, 'stopping: finishing in-flight reconciles, then releasing the Lease');
      await this.stop();
      this.logger.info({}, 'stopped');
      return this.exited;
    } catch (e) {
      await this.stop().catch(() => undefined);
      throw e;
    }
  }

  /**
   * The Lease was lost: stop reconciling now (in-flight work gets one second), then end. Lost while draining for
   * a graceful stop: the reconciles still running are aborted at once (another replica may be writing already),
   * and the stop goes on.
   */
  private async lose(message: string): Promise<void> {
    if (this.phase === 'stopped') return;
    this.metrics.leader = false;
    if (this.phase === 'stopping') {
      this.logger.warn(
        { reason: message },
        'lost the leader-election Lease while draining: aborting the reconciles still running',
      );
      for (const r of this.reconcilers) r.abortInFlight();
      return;
    }
    this.phase = 'stopping';
    this.startAbort.abort();
    this.heapRelease?.stop();
    await Promise.race([
      Promise.all([...this.reconcilers.map((r) => r.stop()), this.katalogs?.stop()]),
      new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
    ]);
    await this.webhooks?.stop();
    await this.console?.close();
    await this.server?.close();
    this.phase = 'stopped';
    this.resolveExit({ reason: 'leadership-lost', message });
  }

  /**
   * Graceful stop: no new reconciles, in-flight ones finish, watches close, then the Lease is released so a
   * standby takes over at once, and the server closes — all within stopTimeoutMs (the drain bound), also with
   * no API server to talk to: reconciles still running then are aborted, and the release gets what time is left
   * (at least 250 ms; a Lease not released expires on its own).
   */
  async stop(): Promise<void> {
    if (this.phase === 'stopping' || this.phase === 'stopped') return this.exited.then(() => undefined);
    this.phase = 'stopping';
    this.startAbort.abort();
    this.heapRelease?.stop();
    const boundMs = this.options.stopTimeoutMs ?? 10_000;
    const deadline = performance.now() + boundMs;
    let timer: NodeJS.Timeout | undefined;
    // With shards: each shard's reconcilers drain, then its Lease is released.
    const draining = this.shards ? this.shards.stop() : Promise.all(this.reconcilers.map((r) => r.stop()));
    const drained = await Promise.race([
      Promise.all([draining, this.katalogs?.stop()]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), boundMs))),
    ]);
    clearTimeout(timer);
    if (!drained) {
      this.logger.warn({ boundMs }, 'still stopping at the drain bound: aborting what runs');
      for (const r of this.reconcilers) r.abortInFlight();
    }
    await this.elector?.release({ timeoutMs: Math.max(RELEASE_FLOOR_MS, deadline - performance.now()) });
    this.metrics.leader = false;
    await this.webhooks?.stop();
    await this.console?.close();
    await this.server?.close();
    this.phase = 'stopped';
    this.resolveExit({ reason: 'stopped', message: 'stopped' });
  }
}
