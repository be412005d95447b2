/**
 * What every code hook is given beside the CR: a read-only reader over the reconciler's informer caches, an
 * abort signal and the logger. Reads never send a request, so a hook keeps a converged CR at zero requests per
 * resync. Which objects each CR's hooks read is remembered, so a change to one of them reconciles that CR —
 * a child computed from another object follows it.
 */
import { type KubeObject, type Logger, OrkestraError } from '@orkestra/core';
import { matchesLabelSelector } from '@orkestra/core/internal';
import type { Informer } from './machinery/informer.js';

/** A kind the hooks read (see `ReconcilerConfig.reads`): its objects are cached in the watched namespaces. */
export interface ReadKind {
  apiVersion: string;
  kind: string;
}

/**
 * Reads objects from the reconciler's caches, never from the API server. Readable: the owner kind, and the
 * kinds listed in `ReconcilerConfig.reads`, in the namespaces the reconciler watches. The objects are the
 * cache's own: treat them as read-only.
 */
export interface CacheReader {
  /**
   * The cached object, or `undefined` when there is none. `namespace` defaults to the CR's (ignored for a
   * cluster-scoped kind). Throws a {@link CacheReadError} when the kind or namespace is not cached.
   */
  get<T extends KubeObject = KubeObject>(ref: {
    apiVersion: string;
    kind: string;
    name: string;
    namespace?: string | undefined;
  }): T | undefined;
  /**
   * The cached objects of a kind in `namespace` (default the CR's; `'*'`: every watched namespace), optionally
   * those matching a label selector (`app=web,tier in (a,b)`). Throws a {@link CacheReadError} when the kind
   * or namespace is not cached.
   */
  list<T extends KubeObject = KubeObject>(
    kind: ReadKind,
    options?: { namespace?: string | undefined; labelSelector?: string | undefined },
  ): T[];
}

/** The second argument of every hook. */
export interface HookContext {
  /** The caches, read-only: no request. */
  readonly reader: CacheReader;
  /** Aborted when the reconciler stops, and for `finalize`, when its attempt times out. */
  readonly signal: AbortSignal;
  readonly logger: Logger;
}

/** A hook read something that is not cached: the message names it and the configuration that would cache it. */
export class CacheReadError extends OrkestraError {
  constructor(message: string) {
    super('Config', message);
    this.name = 'CacheReadError';
  }
}

/** Where a reader finds each readable kind's informers. */
interface ReadableKinds {
  /** The informers of a kind (one per watched namespace, or one for all) and its scope; undefined: not cached. */
  lookup(apiVersion: string, kind: string): { informers: readonly Informer[]; namespaced: boolean } | undefined;
  /** Namespaces the reconciler watches; empty: all. */
  readonly namespaces: readonly string[];
}

/** A read: of one object (with its name), or of a kind in a namespace (`*`: all), without. */
const readKey = (apiVersion: string, kind: string, namespace: string | undefined, name?: string) =>
  JSON.stringify(name === undefined ? [apiVersion, kind, namespace] : [apiVersion, kind, namespace ?? '', name]);
const ALL = '*';

/**
 * The hooks' reads of each CR: hands out recording readers and answers which CRs read an object that changed.
 * A CR's reads are those of its last reconcile (every hook together).
 */
export class HookReads {
  /** Read key (`apiVersion/kind/namespace/name`, or `apiVersion/kind/namespace` for a list) → CR keys. */
  private readonly readers = new Map<string, Set<string>>();
  /** CR key → its read keys. */
  private readonly reads = new Map<string, Set<string>>();

  constructor(private readonly kinds: ReadableKinds) {}

  /** A reader for one reconcile of `cr`; what it reads is kept by {@link commit}. */
  reader(cr: KubeObject): { reader: CacheReader; commit(crKey: string): void } {
    const seen = new Set<string>();
    const crNamespace = cr.metadata.namespace;
    const informersOf = (apiVersion: string, kind: string) => {
      const found = this.kinds.lookup(apiVersion, kind);
      if (!found || found.informers.length === 0)
        throw new CacheReadError(
          `${kind} (${apiVersion}) is not cached for hooks: add { apiVersion: '${apiVersion}', kind: '${kind}' } to ` +
            `the reconciler's reads`,
        );
      return found;
    };
    const covering = (informers: readonly Informer[], apiVersion: string, kind: string, namespace: string) => {
      const informer = informers.find((i) => i.covers(apiVersion, kind, namespace));
      if (!informer)
        throw new CacheReadError(
          `namespace ${namespace} is not watched by this reconciler (it watches ` +
            `${this.kinds.namespaces.join(', ')}): ${kind} objects there are not cached`,
        );
      return informer;
    };
    const reader: CacheReader = {
      get: <T extends KubeObject>(ref: { apiVersion: string; kind: string; name: string; namespace?: string }) => {
        const { informers, namespaced } = informersOf(ref.apiVersion, ref.kind);
        const namespace = namespaced ? (ref.namespace ?? crNamespace) : undefined;
        if (namespaced && namespace === undefined)
          throw new CacheReadError(`reading ${ref.kind} ${ref.name}: ${ref.kind} is namespaced — give a namespace`);
        seen.add(readKey(ref.apiVersion, ref.kind, namespace, ref.name));
        const informer =
          namespace === undefined ? informers[0]! : covering(informers, ref.apiVersion, ref.kind, namespace);
        return informer.get(namespace, ref.name) as T | undefined;
      },
      list: <T extends KubeObject>(kind: ReadKind, options: { namespace?: string; labelSelector?: string } = {}) => {
        const { informers, namespaced } = informersOf(kind.apiVersion, kind.kind);
        const wanted = options.namespace ?? crNamespace;
        const namespace = namespaced && wanted !== ALL ? wanted : undefined;
        seen.add(readKey(kind.apiVersion, kind.kind, namespace ?? ALL));
        const from = namespace === undefined ? informers : [covering(informers, kind.apiVersion, kind.kind, namespace)];
        const objects = from.flatMap((i) => i.list(namespace));
        const selector = options.labelSelector;
        return (selector ? objects.filter((o) => matchesLabelSelector(o.metadata.labels, selector)) : objects) as T[];
      },
    };
    return { reader, commit: (crKey) => this.commit(crKey, seen) };
  }

  /** The CRs whose hooks read `object` (by name, or by listing its kind and namespace) in their last reconcile. */
  dependents(object: KubeObject): string[] {
    const { apiVersion, kind, metadata } = object;
    const namespace = metadata.namespace;
    const out = new Set<string>();
    for (const key of [
      readKey(apiVersion, kind, namespace, metadata.name ?? ''),
      readKey(apiVersion, kind, namespace ?? ALL),
      readKey(apiVersion, kind, ALL),
    ])
      for (const cr of this.readers.get(key) ?? []) out.add(cr);
    return [...out];
  }

  /** Forgets the reads of a CR that is gone. */
  forget(crKey: string): void {
    this.commit(crKey, new Set());
  }

  private commit(crKey: string, seen: Set<string>): void {
    for (const key of this.reads.get(crKey) ?? []) {
      if (seen.has(key)) continue;
      const set = this.readers.get(key);
      set?.delete(crKey);
      if (set?.size === 0) this.readers.delete(key);
    }
    for (const key of seen) {
      let set = this.readers.get(key);
      if (!set) this.readers.set(key, (set = new Set()));
      set.add(crKey);
    }
    if (seen.size === 0) this.reads.delete(crKey);
    else this.reads.set(crKey, seen);
  }
}
