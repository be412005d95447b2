/**
 * The RBAC a katalog needs, and nothing more: what `orkestra generate rbac` prints and what `orkestra run`
 * checks before it starts (one SelfSubjectAccessReview per permission), so a missing rule is reported at once,
 * by name, instead of as a Forbidden in the middle of a reconcile.
 *
 * Per owner kind: get/list/watch (informer), patch (finalizers, only with onDelete children), `<plural>/status`
 * patch (the Ready condition), `<plural>/finalizers` update (setting `blockOwnerDeletion` on children, which
 * clusters with the OwnerReferencesPermissionEnforcement admission plugin check). Per child kind:
 * get/list/watch (informer), create and patch (server-side apply creates and updates), delete (prune, `when`
 * false, recreate). Per kind the hooks read (`reads`): get/list/watch (informer). Events: create. Leader
 * election: leases get/create/update in the Lease's namespace.
 */
import { type KubeObject, templateKindOf } from '@orkestra/core';
import { describePermission, type Permission } from '@orkestra/operator';
import type { HandlerTemplates, Katalog, ReconcilerConfig } from '@orkestra/reconciler';
import type { AnyHandler } from './handlers.js';

export { describePermission, type Permission };

/** Options of {@link requiredPermissions}. */
export interface PermissionOptions {
  /** The namespace of the leader-election Lease; no lease permissions when undefined. */
  leaseNamespace?: string | undefined;
  /**
   * How kinds are served (plural, scope), for the kinds a handler of any kind (`manifests`) names in its
   * templates: the client's `resources` after discovery (`run`), or core's `ResourceRegistry` of the built-in
   * kinds (`generate rbac`, offline). A kind it does not know gets the plural `<kind in lower case>s`, namespaced.
   */
  resources?: { lookup(apiVersion: string, kind: string): { plural: string; namespaced: boolean } | undefined };
}

/**
 * Asks the API server how every kind the templates of handlers of any kind name is served, so that
 * {@link requiredPermissions} with `resources: kube.resources` knows their plurals and scopes. A kind it does
 * not serve is left out here; the reconciler's start reports it.
 */
export async function discoverChildKinds(
  katalog: Katalog,
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
  katalog: Pick<Katalog, 'entries'>,
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
  configs: readonly ReconcilerConfig[],
  options: PermissionOptions = {},
): Permission[] {
  const handlers = new Map<string, AnyHandler>();
  const entries = configs.map(({ handlers: own, ...entry }) => {
    const resources: Record<string, HandlerTemplates> = {};
    for (const h of own) {
      handlers.set(h.key, h as AnyHandler);
      if (!h.kindOf) resources[h.key] = {};
    }
    return { ...entry, resources: { ...resources, ...entry.resources } };
  });
  return requiredPermissions({ entries }, handlers, options);
}

/** Options of {@link rbacObjects}. */
export interface RbacOptions {
  /** Name of the roles and bindings; default `orkestra`. */
  name?: string;
  serviceAccount: { namespace: string; name: string };
}

interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

/** Rules of one scope: resources of one group with the same verbs share a rule. */
function rulesOf(permissions: readonly Permission[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  for (const p of permissions) {
    const verbs = [...p.verbs];
    const same =
      !p.resourceNames &&
      rules.find((r) => r.apiGroups[0] === p.group && r.verbs.join() === verbs.join() && !r.resourceNames);
    if (same) same.resources.push(p.resource);
    else
      rules.push({
        apiGroups: [p.group],
        resources: [p.resource],
        verbs,
        ...(p.resourceNames ? { resourceNames: [...p.resourceNames] } : {}),
      });
  }
  return rules;
}

/**
 * The Role/ClusterRole and binding objects granting `permissions` to a service account: one ClusterRole for
 * the cluster-wide permissions, one Role per namespace for the rest (the Lease's among them).
 *
 * @example
 * rbacObjects(requiredPermissions(katalog, handlers, { leaseNamespace: 'ops' }), { serviceAccount: { namespace: 'ops', name: 'orkestra' } });
 */
export function rbacObjects(permissions: readonly Permission[], options: RbacOptions): KubeObject[] {
  const name = options.name ?? 'orkestra';
  const subjects = [
    { kind: 'ServiceAccount', name: options.serviceAccount.name, namespace: options.serviceAccount.namespace },
  ];
  const labels = { 'app.kubernetes.io/managed-by': 'orkestra-cli' };
  const out: KubeObject[] = [];
  const cluster = permissions.filter((p) => p.namespace === undefined);
  if (cluster.length) {
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name, labels },
      rules: rulesOf(cluster),
    });
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects,
    });
  }
  const namespaces = [...new Set(permissions.flatMap((p) => (p.namespace === undefined ? [] : [p.namespace])))];
  for (const namespace of namespaces) {
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name, namespace, labels },
      rules: rulesOf(permissions.filter((p) => p.namespace === namespace)),
    });
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name, namespace, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
      subjects,
    });
  }
  return out;
}
