/**
 * One update at a time per child: updates of the same object through the same client, issued at once, run one
 * after the other, in the order they were issued. Each then reads what the one before it wrote, so updates of
 * one child never race each other (their take-over patches are guarded by resourceVersion: run at once, all but
 * one would fail with a Conflict, and retries racing again would exhaust their bound). Updates of different
 * objects, or through different clients, are not held back.
 *
 * Callers that queue behind a running update with the same request (same {@link SharedRun.fingerprint}) share
 * one outcome: they join the update that waits for its turn instead of queueing one each. That run starts after
 * every one of them asked, so what it finds and writes answers each of them; 50 identical updates issued at once
 * cost at most two runs, however often another writer changes the object meanwhile.
 *
 * Cost: none for a lone update but one microtask (the fingerprint is computed only when an update has to wait);
 * nothing is kept once a child's queue is empty.
 */
import type { ObjectClient } from './object-client.js';

/** What makes two queued calls the same request: their results are then one. */
export interface SharedRun {
  /** Computed only when the call has to wait; equal fingerprints mean interchangeable calls. */
  fingerprint: () => string;
}

interface ChildQueue {
  /** Settles when the last call queued for the key has settled. */
  tail: Promise<void>;
  /** The call that waits for its turn (not started yet), which identical calls join. */
  waiting?: { fingerprint: string; result: Promise<unknown> };
}

const queues = new WeakMap<ObjectClient, Map<string, ChildQueue>>();

/**
 * Runs `run` once every earlier call for `key` on `kube` has settled (fulfilled or rejected), and returns what
 * it returns. `key` names one object (`apiVersion/kind/namespace/name`). With `share`, a call that finds an
 * identical call still waiting for its turn returns that call's result instead of running.
 */
export function oneAtATime<T>(kube: ObjectClient, key: string, run: () => Promise<T>, share?: SharedRun): Promise<T> {
  let byKey = queues.get(kube);
  if (!byKey) {
    byKey = new Map();
    queues.set(kube, byKey);
  }
  const queue = byKey.get(key);
  if (!queue) return enqueue(byKey, key, { tail: Promise.resolve() }, run());
  const fingerprint = share?.fingerprint();
  if (fingerprint !== undefined && queue.waiting?.fingerprint === fingerprint)
    return queue.waiting.result as Promise<T>;
  const entry: { fingerprint: string; result: Promise<unknown> } | undefined =
    fingerprint === undefined ? undefined : { fingerprint, result: Promise.resolve() };
  const result = queue.tail.then(() => {
    // Its turn: from now on a new call must wait for what this one writes, so it no longer takes joiners.
    if (queue.waiting === entry) queue.waiting = undefined;
    return run();
  });
  if (entry) {
    entry.result = result;
    queue.waiting = entry;
  }
  return enqueue(byKey, key, queue, result);
}

/** Makes `result` the tail of `queue` and drops the queue once nothing follows it. */
function enqueue<T>(byKey: Map<string, ChildQueue>, key: string, queue: ChildQueue, result: Promise<T>): Promise<T> {
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  queue.tail = tail;
  byKey.set(key, queue);
  void tail.then(() => {
    if (byKey.get(key) === queue && queue.tail === tail) byKey.delete(key);
  });
  return result;
}
