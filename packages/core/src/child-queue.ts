/**
 * One update at a time per child: updates of the same object through the same client, issued at once, run one
 * after the other, in the order they were issued. Each then reads what the one before it wrote, so updates of
 * one child never race each other (their take-over patches are guarded by resourceVersion: run at once, all but
 * one would fail with a Conflict, and retries racing again would exhaust their bound). Updates of different
 * objects, or through different clients, are not held back.
 *
 * Cost: none for a lone update but one microtask; nothing is kept once a child's queue is empty.
 */
import type { ObjectClient } from './object-client.js';

const queues = new WeakMap<ObjectClient, Map<string, Promise<void>>>();

/**
 * Runs `run` once every earlier call for `key` on `kube` has settled (fulfilled or rejected), and returns what
 * it returns. `key` names one object (`apiVersion/kind/namespace/name`).
 */
export function oneAtATime<T>(kube: ObjectClient, key: string, run: () => Promise<T>): Promise<T> {
  let byKey = queues.get(kube);
  if (!byKey) {
    byKey = new Map();
    queues.set(kube, byKey);
  }
  const before = byKey.get(key);
  const result = before ? before.then(run) : run();
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return result;
}
