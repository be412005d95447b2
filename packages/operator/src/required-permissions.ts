/**
 * The RBAC a katalog or a code operator needs, and nothing more: what `orkestra generate rbac` prints and what the
 * Manager (and `orkestra run`) checks before it starts, so a missing rule is reported at once,
 * by name, instead of as a Forbidden in the middle of a reconcile.
 *
 * Per owner kind: get/list/watch (informer), patch (finalizers, only with onDelete children), `<plural>/status`
 * patch (the Ready condition), `<plural>/finalizers` update (setting `blockOwnerDeletion` on children, which
 * clusters with the OwnerReferencesPermissionEnforcement admission plugin check). Per child kind:
 * get/list/watch (informer), create and patch (server-side apply creates and updates), delete (prune, `when`
 * false, recreate). Per kind the hooks read (`reads`): get/list/watch (informer). Events: create. Leader
 * election: leases get/create/update in the Lease's namespace. Inventory records (with `inventoryNamespace`):
 * configmaps get/update of each owner kind's record by name, and create, in the operator's namespace.
 */
import { type ResolvedSpec, type ResourceHandler, templateKindOf } from '@orkestra/core';
import {
  type HandlerTemplates,
  inventoryRecordName,
  type KatalogEntry,
  type ReconcilerConfig,
} from '@orkestra/reconciler';
import type { Permission } from './permission-check.js';

/** A resource handler as the permission computation reads it (key, kind, plural, scope, `kindOf`). */
type AnyHandler = ResourceHandler<unknown, ResolvedSpec>;

/** What the permissions of one owner kind depend on: a katalog entry, or a reconciler configuration. */
export type PermissionEntry = Pick<KatalogEntry, 'owner' | 'resources' | 'reads' | 'namespaces'>;

/** What the permissions of a reconciler configuration depend on. */
export type PermissionConfig = Pick<ReconcilerConfig, 'owner' | 'handlers' | 'resources' | 'reads' | 'namespaces'>;

/** Options of {@link requiredPermissions}. */
export interface PermissionOptions {
  /** The namespace of the leader-election Lease; no lease permissions when undefined. */
  leaseNamespace?: string | undefined;
  /**
   * The operator's namespace, where each owner kind's inventory record (a ConfigMap) is kept: get and update on
   * the records by name, and create (which RBAC cannot restrict by name). None when undefined: the start-up
   * checks leave them out, since a reconciler without them only warns and keeps the inventory on its CRs.
   */
  inventoryNamespace?: string | undefined;
  /**
   * How kinds are served (plural, scope), for the kinds a handler of any kind (`manifests`) names in its
   * templates: the client's `resources` after discovery (`run`), or core's `ResourceRegistry` of the built-in
   * kinds (`generate rbac`, offline). A kind it does not know gets the plural `<kind in lower case>s`, namespaced.
   */
  /**
   * Whether the identity reads the owner CRDs at start (`orkestra run` and the Manager check the configuration
   * against them). Default true.
   */
  crdCheck?: boolean | undefined;
  resources?: { lookup(apiVersion: string, kind: string): { plural: string; namespaced: boolean } | undefined };
}

/**
 * Asks the API server how every kind the templates of handlers of any kind name is served, so that
 * {@link requiredPermissions} with `resources: kube.resources` knows their plurals and scopes. A kind it does
 * not serve is left out here; the reconciler's start reports it.
 */
export async function discoverChildKinds(
  katalog: { readonly entries: readonly PermissionEntry[] },
  handlers: ReadonlyMap<string, AnyHandler>,
  kube: { resourceFor(apiVersion: string, kind: string): Promise<unknown> },
): Promise<void> {
  for (const entry of katalog.entries) {
    for (const [key, templates] of Object.entries(entry.resources)) {
      const h = handlers.get(key);
      if (!h?.kindOf) continue;
      for (const template of [
        ...(templates.onCreate ?? []),
        ...(templates.onReconcile ?? []),
        ...(templates.onDelete ?? []),
      ]) {
        const { apiVersion, kind } = templateKindOf(h, template);
        await kube.resourceFor(apiVersion, kind).catch(() => undefined);
      }
    }
  }
}

/** The kinds, plurals and scopes of a handler's children in one katalog entry. */
function childResources(
  h: AnyHandler,
  templates: HandlerTemplates,
  resources: PermissionOptions['resources'],
): { apiVersion: string; kind: string; plural: string; namespaced: boolean }[] {
  if (!h.kindOf) return [h];
  const out = new Map<string, { apiVersion: string; kind: string; plural: string; namespaced: boolean }>();
  for (const phase of ['onCreate', 'onReconcile', 'onDelete'] as const) {
    for (const template of templates[phase] ?? []) {
      const { apiVersion, kind } = templateKindOf(h, template);
      const info = resources?.lookup(apiVersion, kind) ?? { plural: `${kind.toLowerCase()}s`, namespaced: true };
      out.set(`${apiVersion}/${kind}`, { apiVersion, kind, plural: info.plural, namespaced: info.namespaced });
    }
  }
  return [...out.values()];
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

/**
 * Every permission the katalog's reconcilers use, merged per resource and scope: the owner kinds, each child
 * kind, the kinds the hooks read (an entry's `reads`), Events, the Lease and the owner CRDs.
 */
export function requiredPermissions(
  katalog: { readonly entries: readonly PermissionEntry[] },
  handlers: ReadonlyMap<string, AnyHandler>,
  options: PermissionOptions = {},
): Permission[] {
  const merged = new Map<string, Permission>();
  const add = (p: Permission) => {
    const key = `${p.namespace ?? '*'}|${p.group}|${p.resource}|${p.resourceNames ? 'named' : 'all'}`;
    const known = merged.get(key);
    if (!known)
      merged.set(key, {
        ...p,
        verbs: [...p.verbs],
        ...(p.resourceNames ? { resourceNames: [...p.resourceNames] } : {}),
      });
    else {
      for (const v of p.verbs) if (!known.verbs.includes(v)) known.verbs.push(v);
      for (const n of p.resourceNames ?? []) if (!known.resourceNames?.includes(n)) known.resourceNames?.push(n);
      if (!known.why.includes(p.why)) known.why += `; ${p.why}`;
    }
  };
  for (const entry of katalog.entries) {
    const scopes: (string | undefined)[] = entry.namespaces?.length ? [...entry.namespaces] : [undefined];
    const owner = entry.owner;
    const ownerScopes = owner.namespaced === false ? [undefined] : scopes;
    const hasOnDelete = Object.values(entry.resources).some((r) => (r.onDelete?.length ?? 0) > 0);
    for (const namespace of ownerScopes) {
      add({
        group: owner.group,
        resource: owner.plural,
        verbs: ['get', 'list', 'watch', 'patch'],
        namespace,
        why: `${owner.kind}: watch, record the kinds of its children (annotation orkestra.io/managed-kinds)${hasOnDelete ? ', add and remove the finalizer' : ''}`,
      });
      add({
        group: owner.group,
        resource: `${owner.plural}/status`,
        verbs: ['patch'],
        namespace,
        why: `${owner.kind}: write the Ready condition and status fields`,
      });
      add({
        group: owner.group,
        resource: `${owner.plural}/finalizers`,
        verbs: ['update'],
        namespace,
        why: `${owner.kind}: set blockOwnerDeletion on owner references`,
      });
    }
    for (const key of Object.keys(entry.resources)) {
      const h = handlers.get(key);
      if (!h) continue;
      for (const child of childResources(h, entry.resources[key]!, options.resources)) {
        for (const namespace of child.namespaced ? scopes : [undefined]) {
          add({
            group: groupOf(child.apiVersion),
            resource: child.plural,
            verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'],
            namespace,
            why: `${child.kind} children (${key}): watch, apply, prune`,
          });
        }
      }
    }
    for (const read of entry.reads ?? []) {
      const info = options.resources?.lookup(read.apiVersion, read.kind) ?? {
        plural: `${read.kind.toLowerCase()}s`,
        namespaced: true,
      };
      for (const namespace of info.namespaced ? scopes : [undefined])
        add({
          group: groupOf(read.apiVersion),
          resource: info.plural,
          verbs: ['get', 'list', 'watch'],
          namespace,
          why: `${read.kind}: read by the hooks of ${owner.kind} (reads)`,
        });
    }
    for (const namespace of scopes)
      add({ group: '', resource: 'events', verbs: ['create'], namespace, why: `Events on ${owner.kind}` });
    if (options.inventoryNamespace !== undefined) {
      const record = inventoryRecordName(owner, entry.namespaces);
      const why = 'inventory records: the kinds each owner kind manages';
      const namespace = options.inventoryNamespace;
      add({ group: '', resource: 'configmaps', verbs: ['get', 'update'], resourceNames: [record], namespace, why });
      add({ group: '', resource: 'configmaps', verbs: ['create'], namespace, why });
    }
    if (options.crdCheck !== false)
      add({
        group: 'apiextensions.k8s.io',
        resource: 'customresourcedefinitions',
        verbs: ['get'],
        resourceNames: [`${owner.plural}.${owner.group}`],
        why: 'check the templates against the owner CRDs at start (run --skip-crd-check does not)',
      });
  }
  if (options.leaseNamespace !== undefined) {
    add({
      group: 'coordination.k8s.io',
      resource: 'leases',
      verbs: ['get', 'create', 'update'],
      namespace: options.leaseNamespace,
      why: 'leader election',
    });
  }
  return [...merged.values()];
}

/**
 * {@link requiredPermissions} for reconcilers configured in code (`defineOperator`, a `ReconcilerConfig`): the
 * same rules, with every handler of a configuration counted as a child kind, templated or not (its hooks may
 * return such children), and the kinds its hooks read (`reads`). A handler of any kind (`manifests`) is counted
 * only for the kinds its templates name: grant the kinds its hook children have yourself.
 *
 * @example
 * rbacObjects(operatorPermissions([config], { leaseNamespace: 'ops' }), { serviceAccount: { namespace: 'ops', name: 'shop' } });
 */
export function operatorPermissions(
  configs: readonly PermissionConfig[],
  options: PermissionOptions = {},
): Permission[] {
  const { entries, handlers } = entriesOf(configs);
  return requiredPermissions({ entries }, handlers, options);
}

/**
 * Reconciler configurations as katalog entries: every handler of a configuration is a child kind, templated or
 * not; a handler of any kind counts only through its templates.
 */
export function entriesOf(configs: readonly PermissionConfig[]): {
  entries: PermissionEntry[];
  handlers: Map<string, AnyHandler>;
} {
  const handlers = new Map<string, AnyHandler>();
  const entries = configs.map(({ handlers: own, owner, resources: templated, reads, namespaces }) => {
    const resources: Record<string, HandlerTemplates> = {};
    for (const h of own) {
      handlers.set(h.key, h);
      if (!h.kindOf) resources[h.key] = {};
    }
    return { owner, reads, namespaces, resources: { ...resources, ...templated } };
  });
  return { entries, handlers };
}
