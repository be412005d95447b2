/**
 * Shards held through Leases: `count` shards, each a `coordination.k8s.io/v1` Lease `<name>-shard-<i>` taken and
 * renewed with the leader election's own code ({@link LeaderElector}), so a shard has at most one holder at a
 * time with client-go's guarantees (conditional writes; expiry measured on the observer's monotonic clock).
 *
 * Who is alive: each replica also holds a member Lease of its own, `<name>-member-<hash of identity>`, renewed
 * like the others. Every `retryPeriod` a replica lists the member Leases (one request) and counts as alive those
 * whose record changed within `leaseDuration` as it observed them (so a replica that holds no shard yet — one that
 * just joined — is counted too: the shard Leases' holders alone could not show it). The live identities, sorted,
 * give each its share: `floor(count / n)`, one more for the first `count mod n`. A replica above its share gives
 * shards back (its writes for the shard stop first, then the Lease is released with a 1 s duration so another
 * takes it at its next try); one below its share tries the shards it does not hold, one attempt each per period.
 *
 * A dead replica's shards: its member Lease and its shard Leases stop changing at once. The round's list of
 * Leases is also each replica's observation of every shard Lease it does not hold (expiry counts from the last
 * change it saw, as client-go's does), so when the dead member is `leaseDuration` old and the others' shares
 * grow, its shard Leases have expired too and are taken in that round: a take-over within about the lease
 * duration plus a retry period or two (not twice the lease, as when a Lease is first observed when first
 * tried). Fencing: a holder that cannot renew a
 * shard's Lease for `renewDeadline` (< `leaseDuration`) drops the shard and stops its writes at once
 * ({@link ShardLeaseEvents.lost}), before any other replica can take the Lease.
 */
import type { ControllerClient, KubeObject, Logger } from '@orkestra/core';
import { OrkestraError, silentLogger } from '@orkestra/core';
import { checkShardCount, fnv1a64 } from '@orkestra/core/internal';
import { defaultIdentity, LeaderElector, type LeaseRecord } from '../leader-election.js';

/** Options of the shards (the Manager's `shards`). */
export interface ShardsOptions {
  /** How many shards the namespaces are split into: the same on every replica; more shards than replicas. */
  count: number;
  /** The namespace of the Leases. */
  namespace: string;
  /** The Leases' name prefix: `<name>-shard-<i>`, `<name>-member-<hash>`. */
  name: string;
  /** This replica's identity; default `<hostname>_<random>`. */
  identity?: string;
  /** As the leader election's: default 15000. */
  leaseDurationMs?: number;
  /** Default 10000; less than leaseDurationMs: the margin in which a replica that lost a shard stops its writes. */
  renewDeadlineMs?: number;
  /** Default 2000: how often Leases are renewed, members listed and free shards tried. */
  retryPeriodMs?: number;
  /** The client of the Leases (a short timeout, no retries); default the Manager's. */
  kube?: ControllerClient;
  /** A monotonic clock in ms (tests); default `performance.now`. */
  now?: () => number;
}

/** What the holder of shards is told. */
export interface ShardLeaseEvents {
  /** The shard is ours now: start its work. */
  acquired(shard: number): Promise<void> | void;
  /** The shard is being given back: stop its writes; its Lease is released once this resolves. */
  releasing(shard: number): Promise<void>;
  /** The shard's Lease could not be renewed: stop its writes at once (another replica may take it soon). */
  lost(shard: number, reason: string): void;
}

/** The events of several holders of a shard's work (the reconcilers, the Katalogs), told in turn. */
export function allShardEvents(...holders: ShardLeaseEvents[]): ShardLeaseEvents {
  return {
    acquired: async (shard) => {
      for (const h of holders) await h.acquired(shard);
    },
    releasing: async (shard) => {
      await Promise.all(holders.map((h) => h.releasing(shard)));
    },
    lost: (shard, reason) => {
      for (const h of holders) h.lost(shard, reason);
    },
  };
}

/** A replica's share of `count` shards among the sorted live `members`. */
export function shareOf(count: number, members: readonly string[], identity: string): number {
  const n = Math.max(1, members.length);
  const at = Math.max(0, members.indexOf(identity));
  return Math.floor(count / n) + (at < count % n ? 1 : 0);
}

const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' } as const;

/**
 * The shards this replica holds, kept at about its share.
 *
 * @example
 * const shards = new ShardLeases(kube, { count: 12, namespace: 'ops', name: 'website' }, events, logger);
 * shards.start();          // takes and gives back shards every retryPeriod
 * await shards.stop();     // gives every shard back
 */
export class ShardLeases {
  readonly identity: string;
  private readonly held = new Map<number, LeaderElector>();
  /** Electors of shards not held: each keeps its observation of the Lease (expiry is measured from it). */
  private readonly candidates = new Map<number, LeaderElector>();
  private readonly seen = new Map<string, { version: string | undefined; changedAt: number; holder: string }>();
  private member: LeaderElector | undefined;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private readonly kube: ControllerClient;
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    kube: ControllerClient,
    readonly options: ShardsOptions,
    private readonly events: ShardLeaseEvents,
    private readonly logger: Logger = silentLogger,
  ) {
    try {
      checkShardCount(options.count);
    } catch (e) {
      throw new OrkestraError('Config', `shards.count: ${(e as Error).message}`);
    }
    this.kube = options.kube ?? kube;
    this.identity = options.identity ?? defaultIdentity();
    this.leaseMs = options.leaseDurationMs ?? 15_000;
    this.retryMs = options.retryPeriodMs ?? 2_000;
    this.now = options.now ?? (() => performance.now());
    this.elector(`${options.name}-member-${fnv1a64(this.identity).toString(16)}`); // checks the timings
  }

  /** The shards held now, in order. */
  get shards(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** Starts the member Lease and the loop that keeps this replica's share. */
  start(): void {
    this.running ??= this.run();
  }

  /** Stops the loop and gives every shard back (each one's writes stopped first), then the member Lease. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    await Promise.all(this.shards.map((shard) => this.giveBack(shard)));
    await this.member?.release();
  }

  private elector(name: string): LeaderElector {
    const { namespace, leaseDurationMs, renewDeadlineMs, retryPeriodMs } = this.options;
    return new LeaderElector(this.kube, {
      namespace,
      name,
      identity: this.identity,
      leaseDurationMs,
      renewDeadlineMs,
      retryPeriodMs,
      logger: this.logger,
      now: this.now,
    });
  }

  /** The elector of a shard not held, kept between rounds: its observation of the Lease measures expiry. */
  private candidate(shard: number): LeaderElector {
    let elector = this.candidates.get(shard);
    if (!elector) {
      elector = this.elector(`${this.options.name}-shard-${shard}`);
      this.candidates.set(shard, elector);
    }
    return elector;
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    const memberName = `${this.options.name}-member-${fnv1a64(this.identity).toString(16)}`;
    while (!signal.aborted) {
      try {
        this.member ??= this.elector(memberName);
        if (!this.member.isLeader && !(await this.member.tryAcquire(signal))) this.member = undefined;
        if (this.member) await this.keepShare(signal);
      } catch (e) {
        if (signal.aborted) break;
        this.logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'shards: could not balance: retrying');
      }
      await sleep(this.retryMs * (1 + Math.random() * 0.2), signal);
    }
  }

  /** One round: count the live members, give back what is above the share, try free shards below it. */
  private async keepShare(signal: AbortSignal): Promise<void> {
    const members = await this.liveMembers(signal);
    const share = shareOf(this.options.count, members, this.identity);
    while (this.held.size > share && !signal.aborted) {
      const shard = Math.max(...this.held.keys());
      this.logger.info({ shard, share, replicas: members.length }, 'shards: giving a shard back to a new replica');
      await this.giveBack(shard);
    }
    if (this.held.size >= share) return;
    // Start at a place of our own, so replicas below their share do not all race for the same shard first.
    const offset = Number(fnv1a64(this.identity) % BigInt(this.options.count));
    for (let i = 0; i < this.options.count && this.held.size < share && !signal.aborted; i++) {
      const shard = (offset + i) % this.options.count;
      if (!this.held.has(shard)) await this.tryShard(shard, signal);
    }
  }

  private async tryShard(shard: number, signal: AbortSignal): Promise<void> {
    const elector = this.candidate(shard);
    if (!(await elector.tryAcquire(signal))) return;
    this.candidates.delete(shard);
    this.held.set(shard, elector);
    elector.onLost((reason) => {
      if (this.held.get(shard) !== elector) return;
      this.held.delete(shard);
      this.logger.error({ shard, reason }, 'shards: lost a shard Lease: its writes stop now');
      this.events.lost(shard, reason);
    });
    this.logger.info({ shard, held: this.shards }, 'shards: took a shard');
    await this.events.acquired(shard);
  }

  private async giveBack(shard: number): Promise<void> {
    const elector = this.held.get(shard);
    if (!elector) return;
    await this.events.releasing(shard);
    this.held.delete(shard);
    await elector.release();
  }

  /**
   * The identities of the member Leases seen changing within leaseDuration (and ours), sorted. The shard Leases of
   * the same list are noted by their candidates (see the module's comment).
   */
  private async liveMembers(signal: AbortSignal): Promise<string[]> {
    const prefix = `${this.options.name}-member-`;
    const { items } = await this.kube.list(LEASE.apiVersion, LEASE.kind, { namespace: this.options.namespace, signal });
    const now = this.now();
    const live = new Set([this.identity]);
    for (const lease of items as (KubeObject & { spec?: LeaseRecord })[]) {
      const name = lease.metadata.name ?? '';
      const shard = this.shardOfLease(name);
      if (shard !== undefined && !this.held.has(shard)) this.candidate(shard).observeLease(lease);
      if (!name.startsWith(prefix)) continue;
      const holder = lease.spec?.holderIdentity ?? '';
      const version = lease.metadata.resourceVersion;
      const before = this.seen.get(name);
      if (!before || before.version !== version) this.seen.set(name, { version, changedAt: now, holder });
      const entry = this.seen.get(name);
      if (holder && entry && now - entry.changedAt < this.leaseMs) live.add(holder);
    }
    return [...live].sort();
  }

  /** The shard a Lease named `<name>-shard-<i>` is for; undefined for any other Lease. */
  private shardOfLease(name: string): number | undefined {
    const prefix = `${this.options.name}-shard-`;
    if (!name.startsWith(prefix)) return undefined;
    const rest = name.slice(prefix.length);
    const shard = Number(rest);
    return /^\d+$/.test(rest) && shard < this.options.count ? shard : undefined;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
