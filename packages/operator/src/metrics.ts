/**
 * Prometheus metrics of `orkestra run`, in a registry of its own (never prom-client's global one, so embedding
 * the CLI's library in another process cannot clash with that process's metrics).
 *
 * | metric | type | labels |
 * |---|---|---|
 * | `orkestra_reconcile_total` | counter | `kind`, `result` (success, invalid, error), `trigger` (event, resync) |
 * | `orkestra_reconcile_duration_seconds` | histogram | `kind` |
 * | `orkestra_queue_depth` | gauge | `kind` |
 * | `orkestra_api_requests_total` | counter | `verb` |
 * | `orkestra_drift_corrections_total` | counter | `kind` (of the child; drift only: not updates that follow the CR) |
 * | `orkestra_pruned_children_total` | counter | `kind` (of the child) |
 * | `orkestra_child_changes_total` | counter | `kind`, `action` (created, updated, recreated, deleted, pruned) |
 * | `orkestra_leader` | gauge | — (1 while this replica holds the Lease) |
 * | `orkestra_ready` | gauge | — (1 once every cache has synced) |
 * | `orkestra_conversion_webhook_reachable` | gauge | `crd` (1 while the CRD calls this server with its CA bundle) |
 * | `orkestra_conversion_reviews_total` | counter | `crd`, `result` (success, failure) |
 *
 * plus prom-client's default process and Node.js metrics, once they are served ({@link
 * OperatorMetrics.collectDefaults}).
 */

import type { ControllerClient } from '@orkestra/core';
import type { ReconcilerObserver } from '@orkestra/reconciler';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How often the event-loop delay histogram (`nodejs_eventloop_lag_*_seconds`) takes a sample, in ms. prom-client's
 * default, 10 ms, wakes an idle operator 100 times a second, most of an idle `orkestra run`'s CPU (bench/README.md,
 * idle CPU). At 100 ms a stall of 100 ms or more is always seen in full; shorter ones are sampled (one of length L
 * with probability L / 100 ms).
 */
export const EVENT_LOOP_RESOLUTION_MS = 100;

/** The metrics of one `run`. */
export class OperatorMetrics {
  readonly registry = new Registry();
  private readonly reconciles: Counter<'kind' | 'result' | 'trigger'>;
  private readonly duration: Histogram<'kind'>;
  private readonly drift: Counter<'kind'>;
  private readonly pruned: Counter<'kind'>;
  private readonly changes: Counter<'kind' | 'action'>;
  private readonly conversionReachableGauge: Gauge<'crd'>;
  private readonly conversionReviews: Counter<'crd' | 'result'>;
  private readonly queues = new Map<string, () => number>();
  private leading = 0;
  private readyFn: () => boolean = () => false;
  private defaultsCollected = false;

  /**
   * `defaultMetrics` (default true): collect prom-client's default process and Node.js metrics from now on; with
   * `false`, only once {@link collectDefaults} is called (the Manager does when it starts serving `/metrics`).
   */
  constructor(kube: ControllerClient, options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) this.collectDefaults();
    this.reconciles = new Counter({
      name: 'orkestra_reconcile_total',
      help:
        'Reconciles of custom resources, by owner kind, result, and trigger (event: something happened; resync: ' +
        'a re-check).',
      labelNames: ['kind', 'result', 'trigger'],
      registers,
    });
    this.duration = new Histogram({
      name: 'orkestra_reconcile_duration_seconds',
      help: 'Time one reconcile took, by owner kind.',
      labelNames: ['kind'],
      registers,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    });
    const queues = this.queues;
    new Gauge({
      name: 'orkestra_queue_depth',
      help: 'Custom resources waiting to be reconciled, by owner kind.',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const [kind, depth] of queues) this.set({ kind }, depth());
      },
    });
    new Counter({
      name: 'orkestra_api_requests_total',
      help: 'Requests sent to the Kubernetes API server, by verb.',
      labelNames: ['verb'],
      registers,
      collect() {
        // Read from the client's own request counter at scrape time: it is monotonic (never reset by run).
        const byVerb = new Map<string, number>();
        for (const [key, n] of Object.entries(kube.requests.snapshot())) {
          const verb = key.slice(0, key.indexOf(' '));
          byVerb.set(verb, (byVerb.get(verb) ?? 0) + n);
        }
        this.reset();
        for (const [verb, n] of byVerb) this.inc({ verb }, n);
      },
    });
    this.drift = new Counter({
      name: 'orkestra_drift_corrections_total',
      help:
        'Children written back after someone else changed them (drift; not updates that follow the CR), by child ' +
        'kind.',
      labelNames: ['kind'],
      registers,
    });
    this.pruned = new Counter({
      name: 'orkestra_pruned_children_total',
      help: 'Children deleted because they are no longer desired, by child kind.',
      labelNames: ['kind'],
      registers,
    });
    this.changes = new Counter({
      name: 'orkestra_child_changes_total',
      help: 'Writes to children, by child kind and action.',
      labelNames: ['kind', 'action'],
      registers,
    });
    const self = this;
    new Gauge({
      name: 'orkestra_leader',
      help: '1 while this replica holds the leader-election Lease (or runs without leader election).',
      registers,
      collect() {
        this.set(self.leading);
      },
    });
    new Gauge({
      name: 'orkestra_ready',
      help: '1 once every informer cache has synced and reconciling runs.',
      registers,
      collect() {
        this.set(self.readyFn() ? 1 : 0);
      },
    });
    this.conversionReachableGauge = new Gauge({
      name: 'orkestra_conversion_webhook_reachable',
      help:
        '1 while the CRD calls this operator’s conversion webhook with its CA bundle; 0 while it is missing, ' +
        'calls elsewhere, or the bundle cannot be written.',
      labelNames: ['crd'],
      registers,
    });
    this.conversionReviews = new Counter({
      name: 'orkestra_conversion_reviews_total',
      help: 'ConversionReviews answered, by CRD and result (failure: a conversion threw or the review was malformed).',
      labelNames: ['crd', 'result'],
      registers,
    });
  }

  /** Records whether the API server can reach the conversion webhook of `crd` (see the Manager's webhooks). */
  conversionReachable(crd: string, reachable: boolean): void {
    this.conversionReachableGauge.set({ crd }, reachable ? 1 : 0);
  }

  /** Counts one ConversionReview answered for `crd`. */
  conversionReviewed(crd: string, success: boolean): void {
    this.conversionReviews.inc({ crd, result: success ? 'success' : 'failure' });
  }

  /**
   * Adds prom-client's default process and Node.js metrics to the registry, once (later calls do nothing). Their
   * event-loop delay histogram samples every {@link EVENT_LOOP_RESOLUTION_MS} from then on, for the life of the
   * process: call it only when the metrics will be read.
   */
  collectDefaults(): void {
    if (this.defaultsCollected) return;
    this.defaultsCollected = true;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  }

  /** The reconciler observer that feeds the metrics of one owner kind. */
  observer(kind: string, queueDepth: () => number, extra?: ReconcilerObserver): ReconcilerObserver {
    this.queues.set(kind, queueDepth);
    return {
      reconciled: (info) => {
        this.reconciles.inc({ kind, result: info.result, trigger: info.trigger });
        this.duration.observe({ kind }, info.durationMs / 1000);
        extra?.reconciled?.(info);
      },
      childChanged: (info) => {
        this.changes.inc({ kind: info.kind, action: info.action });
        if ((info.action === 'updated' || info.action === 'recreated') && info.drift !== false)
          this.drift.inc({ kind: info.kind });
        if (info.action === 'pruned') this.pruned.inc({ kind: info.kind });
        extra?.childChanged?.(info);
      },
    };
  }

  set leader(value: boolean) {
    this.leading = value ? 1 : 0;
  }

  set ready(fn: () => boolean) {
    this.readyFn = fn;
  }
}
