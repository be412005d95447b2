/**
 * An informer: a local cache of one kind (optionally one namespace and a label selector), kept current by
 * list-then-watch. It replaces client-node's informer, which stops for good on errors other than 410 and
 * cannot notice a silently stalled watch:
 *
 * - The watch resumes from the last resourceVersion seen, with exponential backoff (200 ms … 10 s) after a
 *   failure; a `410 Gone` (the version is too old) triggers a relist.
 * - A relist diffs the new list against the cache and emits add / update / delete for every difference, so
 *   no change made while the watch was down is lost. It lists in pages and takes each page into the cache as
 *   it comes: the memory a start over many objects needs is the cache plus one page, not the whole answer.
 *   The watch starts as soon as the first page is in, from that page's resourceVersion (the pages are one
 *   snapshot), so a change made while a large collection is still being listed arrives at once, not after
 *   the last page.
 * - A stream with no data for `idleTimeoutMs` is treated as dead (bookmarks keep healthy streams alive), and
 *   the server ends every watch after `timeoutSeconds`, so no connection lives forever.
 * - Cached objects have `metadata.managedFields` removed: it is often most of an object and no reader needs it.
 *   Nothing else is removed (a hook may read any field, or write back what it read), but repeated string values
 *   are shared between objects (string-pool.ts).
 */

import type { ControllerClient } from '@orkestra/core';
import { KubeApiError, type KubeObject, type Logger, type WatchEvent } from '@orkestra/core';
import { matchesLabelSelector } from '@orkestra/core/internal';
import { inShards, type ShardFilter, selectorOf, warnUnsharded } from './shard-filter.js';
import { StringPool } from './string-pool.js';

/** What an informer watches. */
export interface InformerOptions {
  apiVersion: string;
  kind: string;
  /** One namespace, or all when absent. */
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  /**
   * A field selector (`metadata.name=web`): the informer then sees only the objects it selects. Not for shared
   * informers (a {@link SharedInformerFactory} refuses it): a read cache could not tell what it leaves out.
   */
  fieldSelector?: string | undefined;
  /**
   * Only the objects of these shards of the namespace hash (a namespaced kind): asked of the server as
   * `shardSelector`, and filtered on the client as well, for a server that ignores it (see shard-filter.ts).
   */
  shard?: ShardFilter | undefined;
  /** Server-side watch timeout in seconds; default 300 (each watch gets up to 20% jitter below it). */
  timeoutSeconds?: number;
  /** A watch with no data for this long is restarted; default 180000 ms. */
  idleTimeoutMs?: number;
  /**
   * Objects per list request when the informer (re)lists: a large collection comes in pages of this many (the
   * server's `continue` token), so neither side holds one huge answer; default 500, as client-go's.
   */
  pageSize?: number;
  /**
   * A secondary index: objects are also kept by the value this returns (e.g. their owner), and
   * {@link Informer.byIndex} answers from it without scanning the cache.
   */
  indexBy?: (object: KubeObject) => string | undefined;
  logger: Logger;
}

/**
 * A change the informer saw: `relisted` follows a relist (a good moment to requeue everything). `initial` marks
 * the objects of the informer's first list: they were there before it started, it did not see them change.
 */
export type InformerEvent =
  | { type: 'added' | 'deleted'; object: KubeObject; initial?: true }
  | { type: 'updated'; object: KubeObject; old: KubeObject; initial?: true }
  | { type: 'relisted'; initial?: true };

/** Objects per page of an informer's list, as client-go's reflector. */
const DEFAULT_PAGE_SIZE = 500;

/** The cache key of an object: `namespace/name`, or `name` for cluster-scoped objects. */
export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** Repeated string values of every informer's objects, held once (see string-pool.ts). */
const strings = new StringPool();

/** What the cache keeps of an object: all of it but `metadata.managedFields`, its repeated strings pooled. */
function strip(obj: KubeObject): KubeObject {
  if (!obj.metadata.managedFields) return strings.internAll(obj);
  const { managedFields: _dropped, ...metadata } = obj.metadata;
  return strings.internAll({ ...obj, metadata });
}

/**
 * Resource versions are opaque by contract; etcd's are integers, and comparing them is what makes read-your-writes
 * work.
 */
function isNewer(candidate: string | undefined, current: string | undefined): boolean {
  if (!candidate || !current) return true;
  if (/^\d+$/.test(candidate) && /^\d+$/.test(current)) return BigInt(candidate) >= BigInt(current);
  return true;
}

/** Whether `candidate` was written after `snapshot`: integer versions only (anything else: not known to be). */
function isAfter(candidate: string | undefined, snapshot: string): boolean {
  if (!candidate || !/^\d+$/.test(candidate) || !/^\d+$/.test(snapshot)) return false;
  return BigInt(candidate) > BigInt(snapshot);
}

/**
 * A list in progress beside the watch. The watch's events are newer than every page (one snapshot), so a page
 * never undoes them: keys the watch or our own writes touched are `seen` (kept when the list completes, not
 * swept as gone), keys deleted meanwhile are `deleted` (their older listed version is not taken back).
 */
interface Listing {
  seen: Set<string>;
  deleted: Set<string>;
}

/**
 * A list-watch cache of one kind.
 *
 * @example
 * const deployments = { apiVersion: 'apps/v1', kind: 'Deployment' };
 * const informer = new Informer(kube, { ...deployments, labelSelector: 'managed-by=orkestra', logger });
 * informer.on((e) => console.log(e.type));
 * await informer.start();   // resolves once the first list is in the cache
 * informer.get('shop', 'web-deployment');
 */
export class Informer {
  private readonly store = new Map<string, KubeObject>();
  /** By {@link InformerOptions.indexBy} value: the store keys (an array: most owners have one object per kind). */
  private readonly index = new Map<string, string[]>();
  private listeners: ((event: InformerEvent) => void)[] = [];
  private readonly abort = new AbortController();
  private resourceVersion = '';
  private synced = false;
  /** While a list's later pages come in beside the watch: what the watch (or our own writes) touched meanwhile. */
  private listing: Listing | undefined;
  private running: Promise<void> | undefined;
  private firstSync: Promise<void> | undefined;
  /** Watch (re)starts, relists and the pages they took, for tests and metrics. */
  readonly stats = { lists: 0, pages: 0, watches: 0, failures: 0 };

  constructor(
    private readonly kube: ControllerClient,
    readonly options: InformerOptions,
  ) {}

  /**
   * Subscribes to changes; returns a function that unsubscribes again (an informer shared by several
   * reconcilers outlives each of their listeners).
   *
   * @example
   * const off = informer.on((e) => console.log(e.type));
   * // … later
   * off();
   */
  on(listener: (event: InformerEvent) => void): () => void {
    // Copy on write: an emit in progress keeps the list it started with.
    this.listeners = [...this.listeners, listener];
    return () => this.off(listener);
  }

  /** Removes a listener added with {@link on} (once, if it was added several times). */
  off(listener: (event: InformerEvent) => void): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners = [...this.listeners.slice(0, i), ...this.listeners.slice(i + 1)];
  }

  /** Listeners currently subscribed (for tests). */
  get listenerCount(): number {
    return this.listeners.length;
  }

  /** True once the first list is in the cache. */
  get hasSynced(): boolean {
    return this.synced;
  }

  get(namespace: string | undefined, name: string): KubeObject | undefined {
    return this.store.get(objectKey(namespace, name));
  }

  /** Every cached object (optionally of one namespace). */
  list(namespace?: string): KubeObject[] {
    const all = [...this.store.values()];
    return namespace === undefined ? all : all.filter((o) => o.metadata.namespace === namespace);
  }

  /** The objects whose {@link InformerOptions.indexBy} value is `value` (empty without an index). */
  byIndex(value: string): KubeObject[] {
    const out: KubeObject[] = [];
    for (const key of this.index.get(value) ?? []) {
      const object = this.store.get(key);
      if (object) out.push(object);
    }
    return out;
  }

  private put(key: string, object: KubeObject): void {
    this.remove(key);
    this.store.set(key, object);
    const value = this.options.indexBy?.(object);
    if (value === undefined) return;
    const bucket = this.index.get(value);
    if (bucket) bucket.push(key);
    else this.index.set(value, [key]);
  }

  private remove(key: string): void {
    const old = this.store.get(key);
    if (!old) return;
    this.store.delete(key);
    const value = this.options.indexBy?.(old);
    if (value === undefined) return;
    const bucket = this.index.get(value);
    const at = bucket?.indexOf(key) ?? -1;
    if (at < 0) return;
    if (bucket!.length === 1) this.index.delete(value);
    else bucket!.splice(at, 1);
  }

  get size(): number {
    return this.store.size;
  }

  /** True when this informer's scope includes objects of `namespace`. */
  covers(apiVersion: string, kind: string, namespace: string | undefined): boolean {
    return (
      apiVersion === this.options.apiVersion &&
      kind === this.options.kind &&
      (this.options.namespace === undefined || this.options.namespace === namespace) &&
      inShards(this.options.shard, namespace)
    );
  }

  /**
   * Starts listing and watching; resolves after the first successful list. A failing list is retried
   * with backoff (RBAC may be fixed meanwhile) — see {@link lastError} — and `stop()` before the first
   * sync rejects the pending start. Calling it again returns the same promise; a stopped informer cannot be
   * started again (create a new one).
   */
  start(): Promise<void> {
    if (this.synced) return Promise.resolve();
    if (this.firstSync) return this.firstSync;
    if (this.abort.signal.aborted)
      return Promise.reject(new Error(`informer for ${this.options.kind} was stopped: create a new one`));
    this.firstSync = new Promise<void>((resolve, reject) => {
      const off = this.on((e) => {
        if (e.type !== 'relisted') return;
        off();
        resolve();
      });
      this.abort.signal.addEventListener(
        'abort',
        () => {
          off();
          reject(new Error(`informer for ${this.options.kind} stopped before its first list`));
        },
        { once: true },
      );
    });
    this.running ??= this.run();
    return this.firstSync;
  }

  /** True once {@link stop} was called. */
  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** The last list or watch failure, while the informer is retrying (undefined once it recovered). */
  lastError: unknown;

  /** Stops watching; the cache keeps its content. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  /**
   * Our own write, seen before the watch delivers it (read-your-writes): the cache takes the written object
   * unless it already holds that version or a newer one, and listeners hear of it as they would of the watch
   * event (which is then recognised as already seen). Without the event, a CR created or changed through
   * the reconciler's own client would wait for the next resync.
   */
  recordWrite(object: KubeObject): void {
    if (!this.matchesScope(object)) return;
    const key = objectKey(object.metadata.namespace, object.metadata.name ?? '');
    const current = this.store.get(key);
    if (
      current &&
      (current.metadata.resourceVersion === object.metadata.resourceVersion ||
        !isNewer(object.metadata.resourceVersion, current.metadata.resourceVersion))
    )
      return;
    const stored = strip(object);
    this.put(key, stored);
    this.listing?.seen.add(key);
    if (current) this.emit({ type: 'updated', object: stored, old: current });
    else this.emit({ type: 'added', object: stored });
  }

  /** Our own delete, seen before the watch delivers it. */
  recordDelete(namespace: string | undefined, name: string): void {
    const key = objectKey(namespace, name);
    this.remove(key);
    this.listing?.deleted.add(key);
  }

  private matchesScope(object: KubeObject): boolean {
    if (!this.covers(object.apiVersion, object.kind, object.metadata.namespace)) return false;
    const selector = this.options.labelSelector;
    return !selector || matchesLabelSelector(object.metadata.labels, selector);
  }

  private emit(event: InformerEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        this.options.logger.error({ kind: this.options.kind, err: String(e) }, 'informer listener failed');
      }
    }
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    let failures = 0;
    let needList = true;
    while (!signal.aborted) {
      // One round: a list (when needed) whose later pages come in beside the watch, and the watch. Either failing
      // ends the round, and the other with it; the list is needed again until one completes.
      const round = new AbortController();
      const end = () => round.abort();
      signal.addEventListener('abort', end, { once: true });
      try {
        const list = needList ? await this.relist(round.signal) : undefined;
        const listed = list?.rest.then(() => {
          needList = false;
        });
        this.stats.watches++;
        const watched = this.watch(round.signal);
        listed?.catch(() => undefined); // the round's failure is the first one, awaited below
        watched.catch(() => undefined);
        await Promise.all([listed, watched]);
        failures = 0; // the server ended the watch normally: resume at once
        this.lastError = undefined;
      } catch (e) {
        round.abort();
        if (signal.aborted) break;
        this.stats.failures++;
        this.lastError = e;
        if (e instanceof KubeApiError && e.code === 410) {
          needList = true;
          this.options.logger.debug({ kind: this.options.kind }, 'watch expired (410 Gone): relisting');
          continue;
        }
        failures++;
        if (failures >= 3) needList = true; // after a long outage the version is probably compacted away
        await this.backOff(failures, e, signal);
      } finally {
        signal.removeEventListener('abort', end);
        this.listing = undefined;
      }
    }
  }

  /** One watch from the informer's resourceVersion, until the server ends it or `signal` aborts. */
  private watch(signal: AbortSignal): Promise<void> {
    const timeout = Math.round((this.options.timeoutSeconds ?? 300) * (0.8 + Math.random() * 0.2));
    return this.kube.watch(
      this.options.apiVersion,
      this.options.kind,
      {
        namespace: this.options.namespace,
        labelSelector: this.options.labelSelector,
        fieldSelector: this.options.fieldSelector,
        shardSelector: selectorOf(this.options.shard),
        resourceVersion: this.resourceVersion,
        timeoutSeconds: timeout,
        idleTimeoutMs: this.options.idleTimeoutMs,
        signal,
      },
      (event) => this.apply(event),
    );
  }

  /** Waits before the next round after the `failures`-th failure in a row: 200 ms doubling to 10 s, ±20 %. */
  private async backOff(failures: number, e: unknown, signal: AbortSignal): Promise<void> {
    const delay = Math.min(200 * 2 ** (failures - 1), 10_000) * (0.8 + Math.random() * 0.4);
    this.options.logger.warn(
      {
        kind: this.options.kind,
        namespace: this.options.namespace,
        attempt: failures,
        delayMs: Math.round(delay),
        reason: e instanceof Error ? e.message : String(e),
      },
      'watch failed: restarting',
    );
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, delay);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });
  }

  /**
   * Lists every object and brings the cache to that list, page by page: each page of
   * {@link InformerOptions.pageSize} objects goes into the cache (and out as events) before the next is asked
   * for, so the raw answer is never held whole (client-go's reflector holds all pages until the last). The pages
   * are one consistent snapshot (the server's continue token pins the first page's resourceVersion), so the
   * watch starts from the first page's version while the rest come in: resolves once the first page is in, with
   * the rest of the list (wrapped: an async function's promise would wait for it). An expired token fails the rest
   * with 410, which the run loop answers with a fresh relist — the objects of the pages already taken stay (each is
   * a version that existed), and nothing is
   * deleted or marked synced until a list completes.
   */
  private async relist(signal: AbortSignal): Promise<{ rest: Promise<void> }> {
    this.stats.lists++;
    const initial = !this.synced;
    const listing: Listing = { seen: new Set(), deleted: new Set() };
    this.listing = listing;
    const first = await this.listPage(undefined, signal);
    for (const raw of first.items) this.takeListed(raw, listing, initial);
    this.resourceVersion = first.resourceVersion;
    return { rest: this.listRest(first.continue, first.resourceVersion, listing, initial, signal) };
  }

  /** The pages after the first, then what the list as a whole says: what is gone, and that the cache is synced. */
  private async listRest(
    token: string | undefined,
    snapshot: string,
    listing: Listing,
    initial: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    while (token) {
      const page = await this.listPage(token, signal);
      for (const raw of page.items) this.takeListed(raw, listing, initial);
      token = page.continue;
    }
    for (const [key, object] of this.store) {
      // gone since the last list; not what the watch or our writes put there after the snapshot
      if (!listing.seen.has(key) && !isAfter(object.metadata.resourceVersion, snapshot)) {
        this.remove(key);
        this.emit({ type: 'deleted', object });
      }
    }
    if (this.listing === listing) this.listing = undefined;
    this.synced = true;
    this.emit(initial ? { type: 'relisted', initial } : { type: 'relisted' });
  }

  private async listPage(token: string | undefined, signal: AbortSignal) {
    const page = await this.kube.list(this.options.apiVersion, this.options.kind, {
      namespace: this.options.namespace,
      labelSelector: this.options.labelSelector,
      fieldSelector: this.options.fieldSelector,
      shardSelector: selectorOf(this.options.shard),
      limit: this.options.pageSize ?? DEFAULT_PAGE_SIZE,
      continue: token,
      signal,
    });
    this.stats.pages++;
    if (this.options.shard && !page.shardInfo) warnUnsharded(this.options.logger, this.options.kind);
    return page;
  }

  /**
   * One listed object into the cache, unless the cache holds a newer version (the watch's, or our own write,
   * taken meanwhile) or the watch has seen it deleted since the snapshot.
   */
  private takeListed(raw: KubeObject, listing: Listing, initial: boolean): void {
    const key = objectKey(raw.metadata.namespace, raw.metadata.name ?? '');
    if (listing.deleted.has(key) || !inShards(this.options.shard, raw.metadata.namespace)) return;
    listing.seen.add(key);
    const old = this.store.get(key);
    const version = raw.metadata.resourceVersion;
    if (old && (old.metadata.resourceVersion === version || !isNewer(version, old.metadata.resourceVersion))) return;
    const object = strip(raw);
    this.put(key, object);
    const from = initial ? { initial: true as const } : {};
    if (!old) this.emit({ type: 'added', object, ...from });
    else this.emit({ type: 'updated', object, old, ...from });
  }

  private apply(event: WatchEvent): void {
    if (event.type === 'BOOKMARK') {
      this.resourceVersion = event.object.metadata.resourceVersion ?? this.resourceVersion;
      return;
    }
    const { metadata } = event.object;
    this.resourceVersion = metadata.resourceVersion ?? this.resourceVersion;
    if (!inShards(this.options.shard, metadata.namespace)) return; // another replica's (a server without the gate)
    const key = objectKey(metadata.namespace, metadata.name ?? '');
    const old = this.store.get(key);
    if (event.type === 'DELETED') {
      this.remove(key);
      this.listing?.deleted.add(key);
      this.emit({ type: 'deleted', object: strip(event.object) });
      return;
    }
    if (this.listing) {
      this.listing.seen.add(key);
      this.listing.deleted.delete(key); // created again after a delete: this version is the newest
    }
    // The version our own write already put in the cache (and announced), or an older one: nothing new, and
    // not copied either (every child a reconcile writes comes back as such an echo).
    if (
      old &&
      (old.metadata.resourceVersion === metadata.resourceVersion ||
        !isNewer(metadata.resourceVersion, old.metadata.resourceVersion))
    )
      return;
    const object = strip(event.object);
    this.put(key, object);
    if (old) this.emit({ type: 'updated', object, old });
    else this.emit({ type: 'added', object });
  }
}
