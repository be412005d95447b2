/**
 * Leader election on a `coordination.k8s.io/v1` Lease, with client-go's semantics, so that of several replicas
 * of `orkestra run` exactly one reconciles at a time.
 *
 * - A candidate tries to acquire the Lease every `retryPeriod` (jittered by up to 1.2×, as client-go). It takes
 *   it when the Lease does not exist, has no holder, or has not changed for `leaseDuration` **as observed by the
 *   candidate** — expiry is measured on this process's monotonic clock from the moment it last saw the record
 *   change, never by comparing the Lease's `renewTime` with the local wall clock, so clock skew between nodes
 *   does not matter.
 * - Every write is conditional on the Lease's `resourceVersion` (optimistic concurrency): of two candidates
 *   that race for an expired Lease, one update wins, the other gets a Conflict and stays a candidate.
 * - The leader renews every `retryPeriod`. When it cannot renew for `renewDeadline` it has lost the Lease and
 *   must stop at once: the other replicas take over `leaseDuration` after its last renewal, and
 *   `leaseDuration - renewDeadline` is the margin it has to stop writing.
 * - `release()` (on SIGTERM) writes an empty holder and a lease duration of 1 s, so a standby takes over at its
 *   next retry instead of waiting for the Lease to expire.
 *
 * Defaults are client-go's: leaseDuration 15 s, renewDeadline 10 s, retryPeriod 2 s.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ControllerClient } from '@orkestra/core';
import {
  AlreadyExistsError,
  ConflictError,
  type KubeObject,
  type Logger,
  OrkestraError,
  silentLogger,
} from '@orkestra/core';

/** The Lease's spec, as stored. */
export interface LeaseRecord {
  holderIdentity?: string | undefined;
  leaseDurationSeconds?: number | undefined;
  acquireTime?: string | undefined;
  renewTime?: string | undefined;
  leaseTransitions?: number | undefined;
}

/** Options of a {@link LeaderElector}. */
export interface LeaderElectionOptions {
  /** The Lease's namespace and name. */
  namespace: string;
  name: string;
  /** This candidate's identity; default `<hostname>_<random>`. */
  identity?: string;
  /** Default 15000. */
  leaseDurationMs?: number;
  /** Default 10000; must be less than leaseDurationMs. */
  renewDeadlineMs?: number;
  /** Default 2000; must be less than renewDeadlineMs. */
  retryPeriodMs?: number;
  logger?: Logger;
  /** A monotonic clock in ms (tests); default `performance.now`. */
  now?: () => number;
}

/** What happened to the leadership. */
export type LeadershipEvent =
  | { type: 'acquired'; identity: string }
  | { type: 'lost'; reason: string }
  | { type: 'newLeader'; identity: string };

/** `2026-01-02T03:04:05.123000Z`: a MicroTime, as the API server stores Lease times. */
export function microTime(date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** A default candidate identity: the host name and a random suffix, unique per process. */
export function defaultIdentity(): string {
  return `${hostname()}_${randomBytes(4).toString('hex')}`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One candidate of a leader election.
 *
 * @example
 * const elector = new LeaderElector(kube, { namespace: 'ops', name: 'orkestra-website' });
 * await elector.acquire(signal);          // resolves once this process leads
 * elector.onLost(() => process.exit(6));  // renewals failed for renewDeadline: stop now
 * // … on SIGTERM
 * await elector.release();
 */
export class LeaderElector {
  readonly identity: string;
  readonly leaseDurationMs: number;
  readonly renewDeadlineMs: number;
  readonly retryPeriodMs: number;
  private readonly logger: Logger;
  private readonly now: () => number;
  private observed: LeaseRecord | undefined;
  private observedRaw = '';
  private observedTime = 0;
  private resourceVersion: string | undefined;
  private leading = false;
  private renewing: Promise<void> | undefined;
  private readonly stopRenewing = new AbortController();
  private readonly listeners: ((event: LeadershipEvent) => void)[] = [];
  private lastLeader: string | undefined;

  constructor(
    private readonly kube: ControllerClient,
    readonly options: LeaderElectionOptions,
  ) {
    this.identity = options.identity ?? defaultIdentity();
    this.leaseDurationMs = options.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = options.retryPeriodMs ?? 2_000;
    if (!(this.leaseDurationMs > this.renewDeadlineMs))
      throw new OrkestraError(
        'Config',
        `leader election: leaseDuration (${this.leaseDurationMs} ms) must be greater than ` +
          `renewDeadline (${this.renewDeadlineMs} ms)`,
      );
    if (!(this.renewDeadlineMs > this.retryPeriodMs * 1.2))
      throw new OrkestraError(
        'Config',
        `leader election: renewDeadline (${this.renewDeadlineMs} ms) must be greater than ` +
          `1.2 × retryPeriod (${this.retryPeriodMs} ms)`,
      );
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? (() => performance.now());
    kube.resources.register({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      plural: 'leases',
      namespaced: true,
    });
  }

  /** True while this candidate holds the Lease. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** The holder last seen on the Lease (undefined: none). */
  get leader(): string | undefined {
    return this.observed?.holderIdentity || undefined;
  }

  /**
   * Notes the Lease as read elsewhere (a list of Leases): when its record changed since the last observation, the
   * lease duration counts from now, as after a read of its own. Lets a candidate that watches a Lease it does not
   * try yet take it as soon as it expires, instead of one lease duration after its first try.
   */
  observeLease(live: KubeObject): void {
    this.noteLiveRecord((live.spec ?? {}) as LeaseRecord, live, this.now());
  }

  /** Hears of acquired, lost and new-leader events. */
  on(listener: (event: LeadershipEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Calls `fn` once when the leadership is lost. */
  onLost(fn: (reason: string) => void): void {
    this.on((e) => e.type === 'lost' && fn(e.reason));
  }

  private emit(event: LeadershipEvent): void {
    for (const l of this.listeners) l(event);
  }

  /**
   * Waits until this candidate holds the Lease (trying every retryPeriod, jittered), then keeps renewing it in
   * the background. Resolves `false` if `signal` aborts first.
   */
  async acquire(signal?: AbortSignal): Promise<boolean> {
    let announced = false;
    while (!signal?.aborted) {
      let acquired = false;
      try {
        acquired = await this.tryAcquireOrRenew(signal);
      } catch (e) {
        // As client-go: an error while standing by (API server restarting, a timeout) is logged and retried.
        if (signal?.aborted) break;
        this.logger.warn(
          { lease: `${this.options.namespace}/${this.options.name}`, err: e instanceof Error ? e.message : String(e) },
          'could not read or acquire the leader-election Lease: retrying',
        );
      }
      if (acquired) {
        this.lead();
        return true;
      }
      if (!announced && this.leader) {
        announced = true;
        this.logger.info(
          { lease: `${this.options.namespace}/${this.options.name}`, leader: this.leader },
          'waiting for the leader-election Lease: another replica holds it',
        );
      }
      await sleep(this.retryPeriodMs * (1 + Math.random() * 1.2), signal);
    }
    return false;
  }

  /**
   * One attempt to take the Lease (what {@link acquire} repeats): true when this candidate holds it afterwards, and
   * then renews it in the background as after `acquire`. False when another holder's Lease is still valid by this
   * candidate's observation — call it again later: expiry is measured from this candidate's first sight of the
   * holder's last renewal. Errors of the requests throw.
   */
  async tryAcquire(signal?: AbortSignal): Promise<boolean> {
    if (this.leading) return true;
    if (this.stopRenewing.signal.aborted || !(await this.tryAcquireOrRenew(signal))) return false;
    this.lead();
    return true;
  }

  private lead(): void {
    this.leading = true;
    this.logger.info(
      { lease: `${this.options.namespace}/${this.options.name}`, identity: this.identity },
      'acquired the leader-election Lease',
    );
    this.emit({ type: 'acquired', identity: this.identity });
    this.renewing = this.renewLoop();
  }

  /** Renews every retryPeriod; a renewal that does not succeed within renewDeadline loses the Lease. */
  private async renewLoop(): Promise<void> {
    const stop = this.stopRenewing.signal;
    while (!stop.aborted && this.leading) {
      await sleep(this.retryPeriodMs, stop);
      if (stop.aborted) return;
      const deadline = this.now() + this.renewDeadlineMs;
      let renewed = false;
      let lastError = 'the Lease was taken by another candidate';
      while (!stop.aborted && this.now() < deadline) {
        const attempt = AbortSignal.any([stop, AbortSignal.timeout(Math.max(1, Math.round(deadline - this.now())))]);
        try {
          if (await this.tryAcquireOrRenew(attempt)) {
            renewed = true;
            break;
          }
          // Someone else holds it now.
          if (this.observed?.holderIdentity && this.observed.holderIdentity !== this.identity) break;
        } catch (e) {
          lastError = e instanceof Error ? e.message : String(e);
        }
        await sleep(Math.min(this.retryPeriodMs, Math.max(0, deadline - this.now())), stop);
      }
      if (stop.aborted) return;
      if (!renewed) {
        this.leading = false;
        const reason =
          `could not renew the Lease ${this.options.namespace}/${this.options.name} within the renew deadline ` +
          `(${this.renewDeadlineMs} ms): ${lastError}`;
        this.logger.error(
          { lease: `${this.options.namespace}/${this.options.name}`, identity: this.identity },
          `leader election lost: ${reason}`,
        );
        this.emit({ type: 'lost', reason });
        return;
      }
    }
  }

  /**
   * One step of client-go's `tryAcquireOrRenew`: create the Lease if missing; if another holder's Lease is
   * still valid by our observation, give up; otherwise write ourselves as holder, conditional on the
   * resourceVersion read. Returns true when we hold the Lease afterwards. Errors other than a lost race throw.
   */
  async tryAcquireOrRenew(signal?: AbortSignal): Promise<boolean> {
    const ref = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      namespace: this.options.namespace,
      name: this.options.name,
    };
    const now = this.now();
    const stamp = microTime();
    const record: LeaseRecord = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      acquireTime: stamp,
      renewTime: stamp,
      leaseTransitions: 0,
    };
    const live = await this.kube.get(ref, { signal });
    if (!live) return this.createLease(ref, record, now, signal);
    const current = (live.spec ?? {}) as LeaseRecord;
    this.noteLiveRecord(current, live, now);
    const holder = current.holderIdentity ?? '';
    const valid = this.observedTime + (current.leaseDurationSeconds ?? 0) * 1000 > now;
    if (holder !== '' && holder !== this.identity && valid) return false;
    if (holder === this.identity) {
      record.acquireTime = current.acquireTime ?? stamp;
      record.leaseTransitions = current.leaseTransitions ?? 0;
    } else {
      record.leaseTransitions = (current.leaseTransitions ?? 0) + 1;
    }
    try {
      const updated = await this.kube.update(
        { ...live, metadata: { ...live.metadata, resourceVersion: live.metadata.resourceVersion }, spec: record },
        { signal },
      );
      this.observe(record, updated, now);
      return true;
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    }
  }

  /** Creates the missing Lease with us as holder; false when another candidate created it first. */
  private async createLease(
    ref: { apiVersion: string; kind: string; namespace: string; name: string },
    record: LeaseRecord,
    now: number,
    signal: AbortSignal | undefined,
  ): Promise<boolean> {
    try {
      const created = await this.kube.create(
        {
          apiVersion: ref.apiVersion,
          kind: ref.kind,
          metadata: { name: ref.name, namespace: ref.namespace },
          spec: record,
        },
        { signal },
      );
      this.observe(record, created, now);
      return true;
    } catch (e) {
      if (e instanceof AlreadyExistsError || e instanceof ConflictError) return false;
      throw e;
    }
  }

  /**
   * Records a Lease read from the server when its record changed since the last observation (the lease duration
   * counts from then, as client-go's does), and announces a new holder other than us.
   */
  private noteLiveRecord(current: LeaseRecord, live: KubeObject, now: number): void {
    const raw = JSON.stringify(current);
    if (raw === this.observedRaw) return;
    this.observed = current;
    this.observedRaw = raw;
    this.observedTime = now;
    this.resourceVersion = live.metadata.resourceVersion;
    if (current.holderIdentity && current.holderIdentity !== this.lastLeader) {
      this.lastLeader = current.holderIdentity;
      if (current.holderIdentity !== this.identity) this.emit({ type: 'newLeader', identity: current.holderIdentity });
    }
  }

  private observe(record: LeaseRecord, written: KubeObject, now: number): void {
    this.observed = record;
    this.observedRaw = JSON.stringify(written.spec ?? record);
    this.observedTime = now;
    this.resourceVersion = written.metadata.resourceVersion;
    this.lastLeader = record.holderIdentity;
  }

  /**
   * Stops renewing and, if this candidate leads, gives the Lease up: holder empty, lease duration 1 s, so a
   * standby acquires it at its next try. Never throws (a failed release only delays the hand-over until the
   * Lease expires), and takes at most `timeoutMs` (default: the renew deadline) for its two requests together.
   */
  async release(options: { timeoutMs?: number } = {}): Promise<void> {
    this.stopRenewing.abort();
    await this.renewing;
    if (!this.leading) return;
    this.leading = false;
    const ref = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      namespace: this.options.namespace,
      name: this.options.name,
    };
    const signal = AbortSignal.timeout(
      Math.max(1, Math.round(Math.min(this.renewDeadlineMs, options.timeoutMs ?? this.renewDeadlineMs))),
    );
    try {
      const live = await this.kube.get(ref, { signal });
      if (!live || (live.spec as LeaseRecord | undefined)?.holderIdentity !== this.identity) return;
      const stamp = microTime();
      const spec: LeaseRecord = {
        holderIdentity: '',
        leaseDurationSeconds: 1,
        acquireTime: stamp,
        renewTime: stamp,
        leaseTransitions: (live.spec as LeaseRecord).leaseTransitions ?? 0,
      };
      await this.kube.update({ ...live, spec }, { signal });
      this.logger.info(
        { lease: `${this.options.namespace}/${this.options.name}`, identity: this.identity },
        'released the leader-election Lease',
      );
    } catch (e) {
      this.logger.warn(
        { lease: `${this.options.namespace}/${this.options.name}`, err: e instanceof Error ? e.message : String(e) },
        'could not release the leader-election Lease: the next leader takes over when it expires',
      );
    }
  }
}
