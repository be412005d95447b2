/** Counts API requests by verb and resource, for tests ("zero writes in steady state") and benchmarks. */

/** Verbs as counted: what the client did, not the HTTP method (`apply` is a PATCH, `list` a GET). */
export type Verb =
  | 'get'
  | 'list'
  | 'create'
  | 'apply'
  | 'update'
  | 'patch'
  | 'delete'
  | 'discovery'
  | 'watch'
  | (string & {});

/** Verbs that change state on the server. */
export const WRITE_VERBS: ReadonlySet<string> = new Set(['create', 'apply', 'update', 'patch', 'delete']);

/**
 * A tally of requests. `count()` with no filter is the total; `count({ verb: 'get' })`,
 * `count({ resource: 'deployments' })` and both together narrow it.
 *
 * @example
 * kube.requests.reset();
 * await handler.update(ctx, kube, owner, spec);
 * expect(kube.requests.writes()).toBe(0);
 */
export class RequestCounter {
  private readonly counts = new Map<string, number>();

  /** Records one request. Retries count as requests: each is one round trip. */
  record(verb: Verb, resource: string): void {
    const key = `${verb} ${resource}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Requests matching the filter (all when none is given). */
  count(filter: { verb?: Verb; resource?: string } = {}): number {
    let n = 0;
    for (const [key, value] of this.counts) {
      const [verb, resource] = key.split(' ') as [string, string];
      if (
        (filter.verb === undefined || filter.verb === verb) &&
        (filter.resource === undefined || filter.resource === resource)
      )
        n += value;
    }
    return n;
  }

  /** Requests of the write verbs (create, apply, update, patch, delete). */
  writes(filter: { resource?: string } = {}): number {
    let n = 0;
    for (const verb of WRITE_VERBS) n += this.count({ ...filter, verb });
    return n;
  }

  /** Requests of the read verbs (get, list). */
  reads(filter: { resource?: string } = {}): number {
    return this.count({ ...filter, verb: 'get' }) + this.count({ ...filter, verb: 'list' });
  }

  /** `{ 'get deployments': 2, 'apply services': 1 }` — a copy, for messages and benchmarks. */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }

  reset(): void {
    this.counts.clear();
  }
}
