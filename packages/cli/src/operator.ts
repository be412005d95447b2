/**
 * The operator `orkestra run` runs: one `GenericReconciler` per owner kind of the katalog, sharing one client,
 * behind leader election, with the health/metrics server. `run` drives it from the command line; `demo` drives
 * the same class in-process against an embedded control plane.
 */
import { ForbiddenError, NotFoundError, type Logger } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import { GenericReconciler, type ReconcilerConfig, type ReconcilerObserver } from '@orkestra/reconciler';
import { CliError, ExitCode, type ExitCodeValue } from './exit-codes.js';
import { startHttpServer, type HttpServer, type Readiness } from './http-server.js';
import type { LoadedKatalog } from './katalog-file.js';
import { clusterError } from './kube.js';
import { LeaderElector, type LeaderElectionOptions } from './leader-election.js';
import { OperatorMetrics } from './metrics.js';

/** Options of an {@link Operator}. */
export interface OperatorOptions {
  loaded: LoadedKatalog;
  kube: Kubeclient;
  logger: Logger;
  /** Namespaces to watch, overriding the katalog's (empty: the katalog's, or all). */
  namespaces?: readonly string[];
  /** `host:port` of the health/metrics server; `false`: no server. */
  httpAddress?: string | false;
  /** Leader election; `false`: reconcile at once (a single replica). */
  leaderElection?: (Omit<LeaderElectionOptions, 'logger'> & { kube: Kubeclient }) | false;
  /** Also told of every reconcile and child change (the demo prints them). */
  observer?: ReconcilerObserver;
  /** How long a graceful stop waits for in-flight reconciles; default 10000 ms. */
  stopTimeoutMs?: number;
}

/** How an operator ended. */
export interface OperatorExit {
  code: ExitCodeValue;
  reason: string;
}

/** A running operator. */
export class Operator {
  readonly metrics: OperatorMetrics;
  readonly reconcilers: GenericReconciler[] = [];
  readonly elector: LeaderElector | undefined;
  private server: HttpServer | undefined;
  private phase: 'new' | 'waiting' | 'syncing' | 'running' | 'stopping' | 'stopped' = 'new';
  private resolveExit!: (exit: OperatorExit) => void;
  /** Resolves when the operator must end on its own (the Lease was lost). */
  readonly exited: Promise<OperatorExit> = new Promise((resolve) => (this.resolveExit = resolve));
  private readonly startAbort = new AbortController();

  constructor(readonly options: OperatorOptions) {
    const { loaded, kube, logger } = options;
    this.metrics = new OperatorMetrics(kube);
    this.metrics.ready = () => this.phase === 'running' && this.reconcilers.every((r) => r.ready);
    for (const entry of loaded.katalog.entries) {
      const handlers = Object.keys(entry.resources).map((k) => loaded.handlers.get(k)!);
      let reconciler: GenericReconciler | undefined;
      const config: ReconcilerConfig = {
        ...entry,
        ...(options.namespaces?.length ? { namespaces: [...options.namespaces] } : {}),
        handlers,
        logger,
        templateEngine: loaded.engine,
        stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
        observer: this.metrics.observer(entry.owner.kind, () => reconciler?.queueDepth ?? 0, options.observer),
      };
      reconciler = new GenericReconciler(kube, config);
      this.reconcilers.push(reconciler);
    }
    if (options.leaderElection) {
      const { kube: leaseKube, ...election } = options.leaderElection;
      this.elector = new LeaderElector(leaseKube, { ...election, logger });
      this.elector.onLost((reason) => void this.lose(reason));
    } else {
      this.metrics.leader = true;
    }
  }

  /** URL of the health/metrics server, once started. */
  get url(): string | undefined {
    return this.server?.url;
  }

  /** What `/readyz` answers. */
  readiness(): Readiness {
    switch (this.phase) {
      case 'running':
        return this.reconcilers.every((r) => r.ready) ? { ready: true, detail: 'ok' } : { ready: false, detail: 'caches not synced' };
      case 'waiting':
        return { ready: true, detail: `standby: waiting for the leader-election Lease${this.elector?.leader ? ` (held by ${this.elector.leader})` : ''}` };
      case 'syncing':
        return { ready: false, detail: 'syncing caches' };
      case 'new':
        return { ready: false, detail: 'starting: checking the cluster' };
      default:
        return { ready: false, detail: this.phase };
    }
  }

  /**
   * Checks that every owner kind is served (its CRD installed): a missing one is exit code 1 with the CRD to
   * install, a Forbidden list exit code 5.
   */
  async checkOwnerKinds(): Promise<void> {
    for (const r of this.reconcilers) {
      const o = r.config.owner;
      const namespace = o.namespaced === false ? undefined : r.config.namespaces?.[0];
      try {
        await this.options.kube.list(r.ownerApiVersion, o.kind, { namespace, limit: 1 });
      } catch (e) {
        if (e instanceof NotFoundError) {
          throw new CliError(ExitCode.Problems, `the API server does not serve ${o.kind} (${r.ownerApiVersion}, resource ${o.plural}): its CRD is not installed`, { hint: `install the CRD of ${o.plural}.${o.group} (kubectl apply -f crd.yaml), or fix spec.crds[].owner in the katalog` });
        }
        if (e instanceof ForbiddenError) throw clusterError(e, this.options.kube, `listing ${o.plural}.${o.group}`);
        throw clusterError(e, this.options.kube, `listing ${o.plural}.${o.group}`);
      }
    }
  }

  /**
   * Starts the health/metrics server, once (start does it too): call it before the checks that need the
   * cluster, so that a port in use is reported as what it is. Throws {@link HttpAddressError}.
   */
  async listen(): Promise<void> {
    const address = this.options.httpAddress;
    if (this.server || address === false || address === undefined) return;
    this.server = await startHttpServer({ address, registry: this.metrics.registry, readiness: () => this.readiness() });
    this.options.logger.info({ url: this.server.url, endpoints: ['/healthz', '/readyz', '/metrics'] }, `serving health and metrics on ${this.server.url}`);
  }

  /**
   * Starts the server, waits for the Lease (if leader election is on), then starts every reconciler and
   * resolves once their caches have synced. Resolves early, without reconciling, if {@link stop} is called
   * while it waits.
   */
  async start(): Promise<void> {
    const { logger } = this.options;
    await this.listen();
    if (this.elector) {
      this.phase = 'waiting';
      const acquired = await this.elector.acquire(this.startAbort.signal);
      if (!acquired) return;
      this.metrics.leader = true;
    }
    if (this.phase === 'stopping' || this.phase === 'stopped') return;
    this.phase = 'syncing';
    await Promise.all(this.reconcilers.map((r) => r.start()));
    if ((this.phase as string) !== 'syncing') return;
    this.phase = 'running';
    logger.info({ kinds: this.reconcilers.map((r) => r.config.owner.kind) }, 'caches synced: reconciling');
  }

  /** The Lease was lost: stop reconciling now (in-flight work gets one second), then end with exit code 6. */
  private async lose(reason: string): Promise<void> {
    if (this.phase === 'stopping' || this.phase === 'stopped') return;
    this.phase = 'stopping';
    this.metrics.leader = false;
    await Promise.race([Promise.all(this.reconcilers.map((r) => r.stop())), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    await this.server?.close();
    this.phase = 'stopped';
    this.resolveExit({ code: ExitCode.LeadershipLost, reason });
  }

  /**
   * Graceful stop: no new reconciles, in-flight ones finish (up to stopTimeoutMs), watches close, then the Lease
   * is released so a standby takes over at once, and the server closes.
   */
  async stop(): Promise<void> {
    if (this.phase === 'stopping' || this.phase === 'stopped') return this.exited.then(() => undefined);
    this.phase = 'stopping';
    this.startAbort.abort();
    await Promise.all(this.reconcilers.map((r) => r.stop()));
    await this.elector?.release();
    this.metrics.leader = false;
    await this.server?.close();
    this.phase = 'stopped';
    this.resolveExit({ code: ExitCode.Ok, reason: 'stopped' });
  }
}
