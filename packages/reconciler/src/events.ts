/**
 * Kubernetes Events on the custom resource, aggregated so a failing CR cannot flood the API server: an
 * event identical to one sent for the same object within `windowMs` (default 10 minutes) is not sent again
 * but counted, and the count travels with the next one that is sent; each object may send at most `burst`
 * events per window (default 25), like client-go's spam filter. Messages never carry Secret values: they
 * come from Orkestra's own errors, which name keys, never values.
 */
import { randomBytes } from 'node:crypto';
import type { ControllerClient, Logger, OwnerObject } from '@orkestra/core';

/** Normal or Warning, as Kubernetes Events have. */
export type EventType = 'Normal' | 'Warning';

/** Options of {@link EventRecorder}. */
interface EventRecorderOptions {
  /** `source.component` of the events; default `orkestra`. */
  component?: string;
  windowMs?: number;
  burst?: number;
  logger: Logger;
}

interface Seen {
  at: number;
  suppressed: number;
}

/**
 * Sends Events about owners.
 *
 * @example
 * const events = new EventRecorder(kube, { logger });
 * events.record(cr, 'Warning', 'TemplateError', 'deployments.onReconcile[0].image: spec.imag is missing');
 */
export class EventRecorder {
  private readonly seen = new Map<string, Seen>();
  private readonly sentPerObject = new Map<string, { windowStart: number; count: number }>();
  private readonly component: string;
  private readonly windowMs: number;
  private readonly burst: number;
  /** Events sent and events suppressed, for tests and metrics. */
  readonly stats = { sent: 0, suppressed: 0 };

  constructor(
    private readonly kube: ControllerClient,
    private readonly options: EventRecorderOptions,
  ) {
    this.component = options.component ?? 'orkestra';
    this.windowMs = options.windowMs ?? 600_000;
    this.burst = options.burst ?? 25;
  }

  /** Records an event; returns whether it was sent. Sending never throws (a failed event is only logged). */
  async record(owner: OwnerObject, type: EventType, reason: string, message: string): Promise<boolean> {
    const now = Date.now();
    const uid = owner.metadata.uid;
    const key = `${uid}\u0000${type}\u0000${reason}\u0000${message}`;
    const previous = this.seen.get(key);
    if (previous && now - previous.at < this.windowMs) {
      previous.suppressed++;
      this.stats.suppressed++;
      return false;
    }
    const budget = this.sentPerObject.get(uid);
    if (budget && now - budget.windowStart < this.windowMs) {
      if (budget.count >= this.burst) {
        this.stats.suppressed++;
        return false;
      }
      budget.count++;
    } else {
      this.sentPerObject.set(uid, { windowStart: now, count: 1 });
    }
    this.seen.set(key, { at: now, suppressed: 0 });
    this.prune(now);
    const count = 1 + (previous?.suppressed ?? 0);
    const timestamp = new Date(now).toISOString();
    const namespace = owner.metadata.namespace ?? 'default';
    try {
      await this.kube.create({
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${owner.metadata.name.slice(0, 200)}.${randomBytes(6).toString('hex')}`, namespace },
        involvedObject: {
          apiVersion: owner.apiVersion,
          kind: owner.kind,
          name: owner.metadata.name,
          namespace: owner.metadata.namespace,
          uid,
        },
        type,
        reason,
        message: message.slice(0, 1024),
        count,
        firstTimestamp: timestamp,
        lastTimestamp: timestamp,
        source: { component: this.component },
        reportingComponent: this.component,
      });
      this.stats.sent++;
      return true;
    } catch (e) {
      this.options.logger.warn(
        { reason, err: e instanceof Error ? e.message : String(e) },
        'could not record an event',
      );
      return false;
    }
  }

  private prune(now: number): void {
    if (this.seen.size < 10_000) return;
    for (const [k, v] of this.seen) if (now - v.at >= this.windowMs) this.seen.delete(k);
    for (const [k, v] of this.sentPerObject) if (now - v.windowStart >= this.windowMs) this.sentPerObject.delete(k);
  }
}
