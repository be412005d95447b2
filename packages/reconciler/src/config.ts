/** The typed configuration of a {@link GenericReconciler}: what a katalog holds, in TypeScript. */
import type { Logger, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { TemplateEngine, When } from '@orkestra/template';
import type { AdmissionWebhooks } from './admission-webhooks.js';
import type { ReadKind } from './hook-context.js';
import type { ReconcilerHooks } from './hooks.js';
import type { ShardFilter } from './machinery/shard-filter.js';
import type { SharedInformerFactory } from './machinery/shared-informers.js';
import type { OwnerApi } from './owner-api.js';

export type { When };

/** Where the inventory record of a configuration lives (see {@link ReconcilerConfig.inventory}). */
export interface InventoryRecordOptions {
  /** The operator's namespace: where the record ConfigMap is kept. */
  namespace: string;
}

/** The custom resource kind that owns the children. */
export interface OwnerKind {
  group: string;
  version: string;
  kind: string;
  /** The REST plural, e.g. `websites`. */
  plural: string;
  /** Default true. */
  namespaced?: boolean;
}

/** A template value: strings may hold `{{ }}`; lists and maps nest. */
export type TemplateValue = string | number | boolean | null | TemplateValue[] | { [key: string]: TemplateValue };

/** One child: a template source of the handler's kind, plus an optional `when`. */
export interface ChildTemplate {
  [field: string]: TemplateValue | When | undefined;
  /**
   * A condition (`{ field: 'spec.tls', operator: 'exists' }`), a Handlebars expression
   * (`"{{and spec.tls (eq spec.env 'prod')}}"`), or a list that must all hold. While it does not hold the
   * child does not exist: when it turns false, the child is deleted. A missing field is absent, not an error.
   */
  when?: When;
  /**
   * Repeats the template for each item of a list or map of the CR (`spec.databases`): the template then reads
   * `{{item.name}}`, `{{index}}` (position) and `{{key}}` (map key; the position for a list) beside the CR's
   * own fields, and `when` is evaluated per item. Children are told apart by their names, so build the name
   * from the item's identity (`'{{metadata.name}}-{{item.name}}'`), not its position: then reordering changes
   * nothing and a removed item's child is pruned. Two items making one name are refused at planning. An
   * absent list has no items.
   */
  forEach?: string;
  /**
   * When the child is ready, overriding the built-in rule of its kind (see core's `builtInReadiness`): a
   * condition or a Handlebars expression over the child's live object (`{ field: 'status.phase', operator:
   * 'equals', value: 'Active' }`, `"{{eq status.phase 'Active'}}"`). Read from the cache, never a request.
   */
  readyWhen?: When;
  /**
   * The child's name among its handler's templates (`db`): what `dependsOn` and references name it by, as
   * `<handler key>.<id>` (`services.db`) and `{{children.services.db.spec.clusterIP}}`. Unique per handler.
   */
  id?: string;
  /**
   * Children this one waits for, by `<handler key>.<id>` (`['deployments.db']`): it is written only once each
   * of them exists and is ready (its `readyWhen`, or the built-in rule of its kind), and the CR's status says
   * what it waits for. A template that reads another child (`{{children.services.db.spec.clusterIP}}`) waits
   * for it to exist without being listed here. At deletion (behind the finalizer) dependents are deleted
   * first, and what they depend on once they are gone. A cycle is refused when the configuration loads.
   */
  dependsOn?: string[];
}

/** The children of one handler, by phase. */
export interface HandlerTemplates {
  /** Created once, never updated afterwards (idempotent create). */
  onCreate?: ChildTemplate[];
  /** Kept in the desired state on every reconcile (drift corrected). */
  onReconcile?: ChildTemplate[];
  /** Created while the CR is being deleted, behind a finalizer; the finalizer goes once they exist. */
  onDelete?: ChildTemplate[];
}

/** Observes what the reconciler does: the CLI turns it into Prometheus metrics. */
export interface ReconcilerObserver {
  /**
   * A reconcile ended. `trigger` says why it ran: `event` when something happened (the CR created or changed, a
   * child changed, a retry), `resync` for a re-check nothing asked for (a resync tick's, or a settled CR's after a
   * start), which runs only once no event-queued CR waits.
   */
  reconciled?(info: {
    key: string;
    result: 'success' | 'invalid' | 'error';
    durationMs: number;
    trigger: 'event' | 'resync';
  }): void;
  childChanged?(info: {
    key: string;
    kind: string;
    name: string;
    action: 'created' | 'updated' | 'recreated' | 'deleted' | 'pruned';
    /**
     * For `updated` and `recreated`: true when the write undid someone else's change of the child (drift), false
     * when it followed a change of the child's desired state (the CR or the template changed: an update).
     * Absent for the other actions.
     */
    drift?: boolean;
  }): void;
}

/** Everything a {@link GenericReconciler} needs. */
export interface ReconcilerConfig {
  owner: OwnerKind;
  /** The resource handlers the katalog may use, e.g. `[deployments.handler, services.handler]`. */
  handlers: readonly ResourceHandler<unknown, ResolvedSpec>[];
  /** Children by handler key: `{ deployments: { onReconcile: [{ image: '{{spec.image}}' }] } }`. */
  resources: Record<string, HandlerTemplates>;
  /**
   * The owner kind's own API — spec schema, CEL rules, defaults, printer columns, versions — from which
   * `customResourceDefinition` makes the CRD (`orkestra generate crd`; the Manager installs it when asked).
   * Absent: the CRD is written by hand.
   */
  api?: OwnerApi;
  /**
   * Status fields templated from the CR and its children, e.g.
   * `{ readyReplicas: '{{default children.deployments.web.status.readyReplicas 0}}' }`. Children are keyed by
   * handler key, then by template `id` (as child templates read them; a template making one child) or by child
   * name (`children.deployments.shop-web`). An id that is also the name of another child of that handler is
   * ambiguous: a field reading it is left out, with a warning naming both.
   */
  status?: { fields?: Record<string, string> };
  /**
   * What the CR's `Ready` condition means. `children` (default): in sync and every child ready (its `readyWhen`,
   * or the built-in rule of its kind: a Deployment's replicas available, a Job complete…), the message naming
   * what waits (`Deployment shop-web: 1 of 3 replicas available`), as kstatus, Flux and Argo CD read `Ready`.
   * `synced`: every child in sync. The `Synced` condition always says the latter.
   */
  readiness?: 'synced' | 'children';
  /**
   * Code beside the templates (see {@link ReconcilerHooks}): `validate` refuses a CR, `children` adds children,
   * `status` computes status fields, `finalize` cleans up outside the cluster.
   */
  hooks?: ReconcilerHooks;
  /**
   * Hooks the Manager of `@orkestra/operator` also serves at admission, as webhooks (see
   * {@link AdmissionWebhooks}): `{ validate: true }` refuses a bad CR at `kubectl apply` (dry runs included);
   * `{ default: true }` runs `hooks.default`, which runs nowhere else.
   */
  webhooks?: AdmissionWebhooks;
  /**
   * Kinds the hooks read through `ctx.reader` besides the owner kind, e.g. `[{ apiVersion: 'v1', kind:
   * 'ConfigMap' }]`: each gets an informer (a list and a watch per watched namespace) and its objects are read
   * from memory; the identity needs `list` and `watch` on them. A change to an object a CR's hooks read
   * reconciles that CR.
   */
  reads?: readonly ReadKind[];
  /**
   * How long one attempt of the `finalize` hook may run before its signal aborts and it counts as failed; default
   * 30000 ms.
   */
  finalizeTimeoutMs?: number;
  /** Reconciles running at once; default 4. */
  concurrency?: number;
  /** Namespaces to watch; all when absent or empty. */
  namespaces?: readonly string[];
  /**
   * Only the CRs, children and read objects of these shards of the namespace hash (the operator's Manager sets
   * it on each replica for the shards it holds): the informers ask the API server for them (`shardSelector`)
   * and filter on the client where it ignores that. Needs a namespaced owner kind. Absent: every namespace.
   */
  shard?: ShardFilter;
  /**
   * Every CR is re-checked once a period, at low priority (after CRs queued because something happened); a CR
   * reconciled within the last half period waits for the next tick. Default 600000 (10 min).
   */
  resyncPeriodMs?: number;
  /**
   * Default `orkestra.io/finalizer`; added only when some handler has `onDelete` children or `hooks.finalize` is
   * set.
   */
  finalizer?: string;
  /** Server-side apply field manager; default `orkestra`. */
  fieldManager?: string;
  logger?: Logger;
  observer?: ReconcilerObserver;
  /** The template engine (to register your own helpers); default a new `createTemplateEngine()`. */
  templateEngine?: TemplateEngine;
  /** How long `stop()` waits for in-flight reconciles; default 10000 ms. */
  stopTimeoutMs?: number;
  /**
   * Where the informers come from; default `SharedInformerFactory.for(kube)`, shared by every reconciler of
   * the client (one list-watch and one cache per child kind and namespace, however many CRDs). Pass
   * `new SharedInformerFactory(kube)` to keep this reconciler's informers apart.
   */
  informers?: SharedInformerFactory;
  /**
   * Keeps the inventory — the kinds of children this configuration has made, what lets a configuration that
   * lost a kind still prune its children — in one ConfigMap in `namespace` (the operator's), named
   * `<plural>.<group>` (plus a hash of `namespaces` when set), instead of an annotation on every CR. The record is
   * read at start (one GET) and written only when it lacks a configured kind, before any child is written; a new
   * CR then costs no inventory write. Kinds the record lists but the configuration no longer makes are pruned
   * once at start for every CR, then dropped from it (a failure keeps them for the next start). Kinds beyond
   * the record (what a handler of any kind makes from a hook) stay in the CR's annotation. Needs get, create and
   * update on configmaps in `namespace`: when RBAC forbids them, one warning says so and the annotations are used.
   * Absent (the default for a reconciler
   * built directly): the annotation on each CR. The Manager sets it.
   */
  inventory?: InventoryRecordOptions;
  /** Which Normal Events are sent (Warning events always are). */
  events?: {
    /**
     * A Normal `Created` Event when a CR's first reconcile (no `Ready` condition yet) creates its children;
     * default false: the `Ready` condition and the logs record it. Later creations (a deleted child, a
     * template added) always send one, as do drift corrections, recreations and prunes.
     */
    initialCreate?: boolean;
  };
}

/**
 * Whether `Ready` waits for every child to be ready: `readiness` unset (the default) or `children`; not with
 * `synced`.
 */
export function readyMeansChildrenReady(config: Pick<ReconcilerConfig, 'readiness'>): boolean {
  return config.readiness !== 'synced';
}
