/**
 * Lists the console's pages share: every open page re-traces its instance (after each reconcile of it, and every
 * 10 s), and what the informers do not hold — the Pods and ReplicaSets of a namespace, its Events — is listed from
 * the API server. A list asked again within `ttlMs` (or while it is in flight) is answered by the same request, so
 * 100 pages open on one namespace cost its lists once per `ttlMs`, not once per page; the end of a reconcile
 * (something changed) forgets those of its namespace.
 */
import type { ControllerClient, KubeObject } from '@orkestra/core';

/** What a list asks for. */
interface ListQuery {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
}

/** At most this many lists are remembered; past it, the expired ones are dropped first. */
const MAX_LISTS = 500;

/** Lists answered from one request for `ttlMs`. */
export class SharedLists {
  private readonly lists = new Map<
    string,
    { namespace: string | undefined; until: number; items: Promise<KubeObject[]> }
  >();

  constructor(
    private readonly kube: ControllerClient,
    private readonly ttlMs: number,
  ) {}

  /** The objects of a kind, as `kube.list` answers (a failure is thrown to every caller that shared it). */
  list(apiVersion: string, kind: string, query: ListQuery = {}): Promise<KubeObject[]> {
    const key = JSON.stringify([apiVersion, kind, query.namespace, query.labelSelector, query.fieldSelector]);
    const now = Date.now();
    const found = this.lists.get(key);
    if (found && found.until > now) return found.items;
    if (this.lists.size >= MAX_LISTS) for (const [k, v] of this.lists) if (v.until <= now) this.lists.delete(k);
    const options = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    const items = this.kube.list(apiVersion, kind, options).then((l) => l.items);
    items.catch(() => this.lists.delete(key)); // a failed list is not shared: the next page asks again
    this.lists.set(key, { namespace: query.namespace, until: now + this.ttlMs, items });
    return items;
  }

  /** Forgets the lists of `namespace` and those across namespaces (something there changed): they are listed afresh. */
  forget(namespace: string | undefined): void {
    for (const [k, v] of this.lists) if (v.namespace === namespace || v.namespace === undefined) this.lists.delete(k);
  }
}
