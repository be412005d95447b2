/**
 * `ChildGates`: one reconcile's walk over a CR's planned children in dependency order. The children come in
 * waves (one per level of the {@link ChildOrder}); before a child is written its gate says whether what it
 * depends on is there — ready for `dependsOn`, existing for a reference — and resolves a child that reads
 * others from their live objects. A child that may not go yet is not written: it waits, and the gate says on
 * what (`ConfigMap shop-app waits for Deployment shop-db: 0 of 1 replicas available`).
 *
 * Everything is read from what the reconcile already holds (the live objects its writes and cache reads
 * returned): a gate costs no request.
 */
import type { KubeObject } from '@orkestra/core';
import { builtInReadiness, childKindOf, type Readiness } from '@orkestra/core/internal';
import type { ChildNeed, ChildOrder } from './child-order.js';
import { isWaitingOnChildren } from './child-planner.js';
import type { DeferredChild, PlannedChild, ReadChildren } from './plan.js';
import { namedList } from './status.js';

/** A planned child, resolved or still reading others. */
export type GatedItem = PlannedChild | DeferredChild;

/**
 * What a gate decided: write `child`; let it wait (`waiting` says on what — with `child` when it is resolved,
 * so it still counts as desired and is not pruned); or it failed to resolve (`error`).
 */
type Gate =
  | { child: PlannedChild; waiting?: undefined; error?: undefined }
  | { child?: PlannedChild | undefined; waiting: string; error?: undefined }
  | { child?: undefined; waiting?: undefined; error: unknown };

/**
 * A child's readiness by its `readyWhen` or its kind's built-in rule: `Failed` only by the built-in rule (a
 * `readyWhen` that does not hold, or throws, is waited on).
 */
export function childReadiness(child: PlannedChild, live: KubeObject): Readiness {
  if (!child.readyWhen) return builtInReadiness(live);
  try {
    return child.readyWhen(live)
      ? { ready: true, status: 'Current' }
      : { ready: false, status: 'InProgress', reason: 'readyWhen does not hold' };
  } catch (e) {
    const reason = `readyWhen failed (${e instanceof Error ? e.message : String(e)})`;
    return { ready: false, status: 'InProgress', reason };
  }
}

/** Why `live` is not ready, by the child's `readyWhen` or its kind's built-in rule; undefined when it is. */
export function notReadyReason(child: PlannedChild, live: KubeObject): string | undefined {
  const readiness = childReadiness(child, live);
  return readiness.ready ? undefined : readiness.reason;
}

function isDeferred(item: GatedItem): item is DeferredChild {
  return 'resolve' in item;
}

/** How a child is named in messages: `Deployment shop-db`, or its template for one not resolved yet. */
export function describeChild(item: GatedItem | PlannedChild): string {
  if (isDeferred(item)) return item.item === undefined ? item.field : `${item.field} (item ${item.item})`;
  return `${childKindOf(item.handler, item.spec).kind} ${item.spec.name}`;
}

interface Settled {
  child: PlannedChild | undefined;
  /** The live object after its write (or read): absent when it failed or waits. */
  live: KubeObject | undefined;
}

/** See the module comment. */
export class ChildGates {
  private readonly items: GatedItem[];
  private readonly settled = new Map<GatedItem, Settled>();
  private readonly byField = new Map<string, GatedItem[]>();
  /** Template field by `<key>.<id>`. */
  private readonly fieldOf = new Map<string, string>();
  /** What waits, one message per waiting child. */
  readonly waiting: string[] = [];
  /** Children that read others and could not be resolved: their names are unknown, so nothing may be pruned. */
  unresolved = 0;

  /**
   * `order` undefined (a configuration without edges) puts every child in one wave.
   * `children` and `deferred` come from one plan.
   */
  constructor(
    private readonly order: ChildOrder | undefined,
    children: readonly PlannedChild[],
    deferred: readonly DeferredChild[],
  ) {
    this.items = [...children, ...deferred];
    for (const node of order?.nodes.values() ?? []) this.fieldOf.set(node.label, node.field);
    for (const item of this.items) {
      const list = this.byField.get(item.field) ?? [];
      list.push(item);
      this.byField.set(item.field, list);
    }
  }

  /** The children in waves: every child of a wave may be written at once; a wave starts when the last one ended. */
  *waves(): Generator<GatedItem[]> {
    const levels = new Map<number, GatedItem[]>();
    for (const item of this.items) {
      const level = this.order?.node(item.field)?.level ?? 0;
      levels.set(level, [...(levels.get(level) ?? []), item]);
    }
    for (const level of [...levels.keys()].sort((a, b) => a - b)) yield levels.get(level)!;
  }

  /**
   * Whether `item` may be written now. `siblings` are the children resolved so far (to check a child resolved
   * here against them). A waiting child is recorded in {@link waiting} and counts as settled without a live object.
   */
  gate(item: GatedItem, siblings: readonly PlannedChild[]): Gate {
    let child: PlannedChild;
    if (!isDeferred(item)) child = item;
    else {
      try {
        child = item.resolve(this.readChildren(item), siblings);
      } catch (error) {
        this.unresolved++;
        if (!isWaitingOnChildren(error)) {
          this.settled.set(item, { child: undefined, live: undefined });
          return { error };
        }
        const absent = item.reads.filter((label) => !this.readLive(label));
        const on = absent.length > 0 ? absent.map((l) => `${l} (not there yet)`) : [(error as Error).message];
        return this.wait(item, undefined, on.join(', '));
      }
    }
    const blockers = (this.order?.node(item.field)?.needs ?? [])
      .filter((need) => need.until === 'ready')
      .flatMap((need) => this.notReady(need));
    if (blockers.length > 0) return this.wait(item, child, namedList(blockers, ', '));
    return { child };
  }

  /** Records the outcome of a written child: its live object, or none when the write failed. */
  settle(item: GatedItem, child: PlannedChild, live: KubeObject | undefined): void {
    this.settled.set(item, { child, live });
  }

  /** A child that has been gated but not written, for a caller that stopped before writing it. */
  private wait(item: GatedItem, child: PlannedChild | undefined, on: string): Gate {
    const message = `${describeChild(child ?? item)} waits for ${on}`;
    this.waiting.push(message);
    this.settled.set(item, { child, live: undefined });
    return { child, waiting: message };
  }

  /**
   * Why the children of `need` keep a dependent waiting, one entry per child; empty when each exists and is ready (or
   * none is planned).
   */
  private notReady(need: ChildNeed): string[] {
    const blockers: string[] = [];
    for (const dep of this.byField.get(need.field) ?? []) {
      const s = this.settled.get(dep);
      if (!s?.live || !s.child) {
        blockers.push(`${need.label} (${s?.child ? describeChild(s.child) : describeChild(dep)} not written yet)`);
        continue;
      }
      const reason = notReadyReason(s.child, s.live);
      if (reason) blockers.push(`${describeChild(s.child)}: ${reason}`);
    }
    return blockers;
  }

  private readLive(label: string): KubeObject | undefined {
    const field = this.fieldOf.get(label);
    const dep = field === undefined ? undefined : this.byField.get(field)?.[0];
    return dep ? this.settled.get(dep)?.live : undefined;
  }

  /** The live children `item` reads, by handler key then id. */
  private readChildren(item: DeferredChild): ReadChildren {
    const out: ReadChildren = {};
    for (const label of item.reads) {
      const live = this.readLive(label);
      if (!live) continue;
      const [key, id] = label.split('.') as [string, string];
      (out[key] ??= {})[id] = live;
    }
    return out;
  }
}
