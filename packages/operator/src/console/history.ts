/**
 * What the console remembers of the reconciles it saw: per instance, a bounded timeline (trigger, duration,
 * result, the children each one changed), and per kind the reconciles of the last minute (the rate). Fed by the
 * reconciler's observer; memory is bounded by {@link HistoryLimits} whatever the number of CRs.
 */
import type { ChildChange, ConditionTransition, TimelineEntry } from '@orkestra/console/types';
import type { ReconcilerObserver } from '@orkestra/reconciler';

export type { ChildChange, ConditionTransition, TimelineEntry };

/** How much the history keeps. */
export interface HistoryLimits {
  /** Reconciles kept per instance (the newest), and transitions of its conditions; default 50 each. */
  perInstance?: number;
  /** Instances with a timeline (the most recently reconciled); default 1000. */
  instances?: number;
}

/** Changes kept per reconcile: a reconcile that makes hundreds of children is summed up by the first ones. */
const CHANGES_PER_ENTRY = 50;
const RATE_WINDOW_MS = 60_000;

/** The timelines and rates of every kind the Manager runs. */
export class ConsoleHistory {
  private readonly perInstance: number;
  private readonly instances: number;
  /** `kind\0key` → newest last; a Map keeps insertion order, so the first key is the least recently reconciled. */
  private readonly timelines = new Map<string, TimelineEntry[]>();
  private readonly pending = new Map<string, ChildChange[]>();
  /** `kind\0key` → the transitions of its conditions, oldest first; bounded as {@link timelines}. */
  private readonly transitions = new Map<string, ConditionTransition[]>();
  private readonly ends = new Map<string, number[]>();
  private readonly listeners = new Set<(kind: string, key: string) => void>();

  constructor(limits: HistoryLimits = {}) {
    this.perInstance = limits.perInstance ?? 50;
    this.instances = limits.instances ?? 1000;
  }

  /** An observer for the reconciler of `kind` that records into this history, then tells `next`. */
  observer(kind: string, next?: ReconcilerObserver): ReconcilerObserver {
    return {
      reconciled: (info) => {
        this.recordReconcile(kind, info);
        next?.reconciled?.(info);
      },
      childChanged: (info) => {
        const id = `${kind}\0${info.key}`;
        const list = this.pending.get(id) ?? [];
        if (list.length < CHANGES_PER_ENTRY) list.push({ kind: info.kind, name: info.name, action: info.action });
        this.pending.set(id, list);
        next?.childChanged?.(info);
      },
    };
  }

  private recordReconcile(
    kind: string,
    info: { key: string; result: TimelineEntry['result']; durationMs: number; trigger: TimelineEntry['trigger'] },
  ): void {
    const id = `${kind}\0${info.key}`;
    const entries = this.timelines.get(id) ?? [];
    this.timelines.delete(id); // re-inserted last: the most recently reconciled
    entries.push({
      at: new Date().toISOString(),
      trigger: info.trigger,
      result: info.result,
      durationMs: Math.round(info.durationMs * 10) / 10,
      changes: this.pending.get(id) ?? [],
    });
    this.pending.delete(id);
    if (entries.length > this.perInstance) entries.splice(0, entries.length - this.perInstance);
    this.timelines.set(id, entries);
    for (const oldest of this.timelines.keys()) {
      if (this.timelines.size <= this.instances) break;
      this.timelines.delete(oldest);
    }
    const now = Date.now();
    const ends = (this.ends.get(kind) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
    ends.push(now);
    this.ends.set(kind, ends);
    for (const listener of this.listeners) listener(kind, info.key);
  }

  /** The reconciles of one instance (`namespace/name`, or `name` when cluster-scoped), newest first. */
  timeline(kind: string, key: string): TimelineEntry[] {
    return [...(this.timelines.get(`${kind}\0${key}`) ?? [])].reverse();
  }

  /**
   * Records the conditions an instance has now. A condition is a transition when its `lastTransitionTime` is
   * later than the last recorded of its type (without one: when its status or reason differs); an older sighting
   * (a cache behind the server) is ignored. The newest {@link HistoryLimits.perInstance} are kept per instance.
   */
  observeConditions(
    kind: string,
    key: string,
    conditions: readonly {
      type: string;
      status: string;
      reason?: string;
      message?: string;
      lastTransitionTime?: string;
    }[],
  ): void {
    const id = `${kind}\0${key}`;
    const list = this.transitions.get(id) ?? [];
    let added = false;
    for (const c of conditions) {
      const last = list.findLast((t) => t.type === c.type);
      const at = c.lastTransitionTime === undefined ? Number.NaN : Date.parse(c.lastTransitionTime);
      const newer =
        last === undefined ||
        (Number.isNaN(at) ? last.status !== c.status || last.reason !== c.reason : at > Date.parse(last.at));
      if (!newer) continue;
      list.push({
        type: c.type,
        status: c.status,
        ...(c.reason !== undefined ? { reason: c.reason } : {}),
        ...(c.message !== undefined ? { message: c.message } : {}),
        at: Number.isNaN(at) ? new Date().toISOString() : (c.lastTransitionTime as string),
      });
      added = true;
    }
    if (!added) return;
    if (list.length > this.perInstance) list.splice(0, list.length - this.perInstance);
    this.transitions.delete(id); // re-inserted last: the most recently changed
    this.transitions.set(id, list);
    for (const oldest of this.transitions.keys()) {
      if (this.transitions.size <= this.instances) break;
      this.transitions.delete(oldest);
    }
  }

  /** The transitions of an instance's conditions, newest first. */
  conditionHistory(kind: string, key: string): ConditionTransition[] {
    const list = [...(this.transitions.get(`${kind}\0${key}`) ?? [])].reverse();
    return list.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)); // stable: same time keeps newest first
  }

  /** Reconciles of `kind` that ended in the last minute. */
  perMinute(kind: string): number {
    const now = Date.now();
    return (this.ends.get(kind) ?? []).filter((t) => now - t < RATE_WINDOW_MS).length;
  }

  /** Calls `listener` after each reconcile; returns the function that stops it. */
  onReconciled(listener: (kind: string, key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
