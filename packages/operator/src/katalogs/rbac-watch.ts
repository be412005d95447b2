/**
 * Notices RBAC changes that may change what a Katalog's ServiceAccount may do: watches Roles and RoleBindings
 * (of the runtime's namespace, or all) and — when the runtime may list them — ClusterRoles and
 * ClusterRoleBindings, and calls back once per namespace after a quiet moment (a `kubectl apply` of a Role and its
 * binding is one re-check, not two). Watches only: nothing is asked while nothing changes, and the objects of the
 * first lists are not changes.
 */

import type { ControllerClient, Logger } from '@orkestra/core';
import { SharedInformerFactory } from '@orkestra/reconciler';
import { deniedPermissions, type Permission } from '../permission-check.js';

const RBAC = 'rbac.authorization.k8s.io';
const RBAC_API = `${RBAC}/v1`;
type InformerLease = ReturnType<SharedInformerFactory['acquire']>;

/** What the RBAC watch needs of the runtime's identity: Roles and RoleBindings of `namespace` (all when undefined). */
export function rbacWatchPermissions(namespace: string | undefined): Permission[] {
  return [
    {
      group: RBAC,
      resource: 'roles',
      verbs: ['list', 'watch'],
      namespace,
      why: 'notice a Role change that takes a verb from a Katalog',
    },
    {
      group: RBAC,
      resource: 'rolebindings',
      verbs: ['list', 'watch'],
      namespace,
      why: 'notice a RoleBinding change that takes a verb from a Katalog',
    },
  ];
}

/** Optional: ClusterRoles and ClusterRoleBindings (without them a change there is noticed at the next edit). */
export function clusterRbacWatchPermissions(): Permission[] {
  return ['clusterroles', 'clusterrolebindings'].map((resource) => ({
    group: RBAC,
    resource,
    verbs: ['list', 'watch'],
    why:
      `notice a ${resource === 'clusterroles' ? 'ClusterRole' : 'ClusterRoleBinding'} change that takes a verb ` +
      'from a Katalog (optional)',
  }));
}

/** Options of {@link RbacWatch}. */
export interface RbacWatchOptions {
  /** Roles and RoleBindings of this namespace only; default all. */
  namespace?: string | undefined;
  logger: Logger;
  /** The quiet moment after a change before the callback; default 500 ms. */
  debounceMs?: number;
  /** Called with the namespace whose RBAC changed, or undefined for a cluster-wide change (every namespace). */
  onChange: (namespace: string | undefined) => void;
}

/** See the module's comment. */
export class RbacWatch {
  private readonly leases: InformerLease[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly kube: ControllerClient,
    private readonly options: RbacWatchOptions,
  ) {}

  /** Starts the watches; resolves once their first lists are in. */
  async start(signal?: AbortSignal): Promise<void> {
    const factory = SharedInformerFactory.for(this.kube);
    const kinds: [string, string | undefined][] = [
      ['Role', this.options.namespace],
      ['RoleBinding', this.options.namespace],
    ];
    const cluster = await deniedPermissions(this.kube, clusterRbacWatchPermissions(), signal).catch(() => undefined);
    if (cluster?.length === 0) kinds.push(['ClusterRole', undefined], ['ClusterRoleBinding', undefined]);
    else
      this.options.logger.info(
        {},
        'the runtime may not watch ClusterRoles and ClusterRoleBindings: ' +
          'a change there reaches a Katalog at its next edit',
      );
    for (const [kind, namespace] of kinds) {
      const lease = factory.acquire({ apiVersion: RBAC_API, kind, namespace, logger: this.options.logger });
      lease.on((event) => {
        if (event.type === 'relisted' || event.initial) return;
        this.changed(kind.startsWith('Cluster') ? undefined : event.object.metadata.namespace);
      });
      this.leases.push(lease);
    }
    await Promise.all(this.leases.map((l) => l.synced));
  }

  /** Stops the watches and the pending callbacks. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.leases.map((l) => l.release()));
  }

  private changed(namespace: string | undefined): void {
    const key = namespace ?? '';
    // From the first change, not the last: a steady stream of changes still gets its re-checks.
    if (this.stopped || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (!this.stopped) this.options.onChange(namespace);
    }, this.options.debounceMs ?? 500);
    timer.unref();
    this.timers.set(key, timer);
  }
}

/** What a Katalog whose ServiceAccount `user` lost `count` verbs (`lines`) says in its Warning Event. */
export function revokedMessage(user: string, lines: string, count: number, revision: number): string {
  return (
    `${user} lost ${count} verb${count === 1 ? '' : 's'} (${lines}): ` +
    `revision ${revision} is no longer served until they are granted again`
  );
}
