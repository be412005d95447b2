/**
 * Fair turns at the connection pool of a {@link Kubeclient} and its impersonations. A pool has a fixed number of
 * sockets and Node's agent queues the requests beyond them in one FIFO line: one identity with many requests in
 * flight (a Katalog whose kind reconciles 200 objects at once) puts all of them ahead of another identity's next
 * request. Here every request takes a turn first: while a socket is free it goes at once; when none is, it waits
 * in the line of its identity, and a freed turn goes to the next identity in a round, one request each. So a
 * busy identity cannot delay another by more than one request per identity waiting, whatever its queue.
 *
 * Why not a library: p-limit and p-queue keep one FIFO (or priority) line; Bottleneck's groups are separate
 * limiters, not one budget shared in turn. What is needed is ~40 lines. Internal: not exported from the package.
 */

type Waiter = { grant: () => void; signal: AbortSignal | undefined; onAbort: () => void };

/** A budget of `slots` turns shared round-robin between parties (identities). */
export class FairTurns {
  private inUse = 0;
  /** The parties waiting, in the order of their next turn (a Map keeps insertion order), each with its line. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(readonly slots: number) {}

  /** Requests waiting for a turn now, of every party. */
  get queued(): number {
    let n = 0;
    for (const line of this.waiting.values()) n += line.length;
    return n;
  }

  /**
   * Runs `work` in a turn of `party`: at once when a slot is free and nobody waits, else after the parties ahead
   * in the round. An abort of `signal` while waiting rejects with its reason (the slot was never taken).
   */
  async run<T>(party: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(party, signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(party: string, signal: AbortSignal | undefined): Promise<void> {
    if (this.inUse < this.slots && this.waiting.size === 0) {
      this.inUse++;
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        grant: () => {
          signal?.removeEventListener('abort', waiter.onAbort);
          resolve();
        },
        onAbort: () => {
          this.forget(party, waiter);
          reject(signal?.reason);
        },
      };
      const line = this.waiting.get(party);
      if (line) line.push(waiter);
      else this.waiting.set(party, [waiter]);
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
    });
  }

  /** Hands the freed slot to the first party of the round, which then goes to the back; else frees it. */
  private release(): void {
    const first = this.waiting.entries().next();
    if (first.done) {
      this.inUse--;
      return;
    }
    const [party, line] = first.value;
    const waiter = line.shift() as Waiter;
    this.waiting.delete(party);
    if (line.length) this.waiting.set(party, line);
    waiter.grant();
  }

  private forget(party: string, waiter: Waiter): void {
    const line = this.waiting.get(party);
    if (!line) return;
    const i = line.indexOf(waiter);
    if (i >= 0) line.splice(i, 1);
    if (!line.length) this.waiting.delete(party);
  }
}
