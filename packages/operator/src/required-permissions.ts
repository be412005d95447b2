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
 * configmaps get/update of each owner kind's record by name, and create, in the operator's namespace. RBAC
 * children (see `rbac-children.ts`): `escalate` on the roles it writes and `bind` on the roles its bindings name.
 *
 * A kind's plural and scope come from `resources` (core's table of built-in kinds, CRDs, discovery), never from
 * a guess: a kind nothing knows is an {@link UnknownKindsError}.
 */
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { templateKindOf } from '@orkestra/core/internal';
import type { HandlerTemplates, ReconcilerConfig } from '@orkestra/reconciler';
import { inventoryRecordName, type KatalogEntry } from '@orkestra/reconciler/internal';
import type { Permission } from './permission-check.js';
import { rbacChildPermissions } from './rbac-children.js';

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
  /** Replicas share the work through shard Leases (the Manager's `shards`): they also list the Leases (members). */
  shards?: boolean | undefined;
  /**
   * The operator's namespace, where each owner kind's inventory record (a ConfigMap) is kept: get and update on
   * the records by name, and create (which RBAC cannot restrict by name). None when undefined: the start-up
   * checks leave them out, since a reconciler without them only warns and keeps the inventory on its CRs.
   */
  inventoryNamespace?: string | undefined;
  /**
   * Whether the identity reads the owner CRDs at start (`orkestra run` and the Manager check the configuration
   * against them). Default true.
   */
  crdCheck?: boolean | undefined;
  /**
   * How kinds are served (plural, scope), for the kinds a handler of any kind (`manifests`) names in its
   * templates and the kinds hooks read: the client's `resources` after discovery (`run`), or core's
   * `ResourceRegistry` of the built-in kinds plus the CRDs given (`generate rbac`). Default: an empty lookup.
   */
  resources?: KindLookup | undefined;
  /**
   * What to do with a kind `resources` does not know: `error` (default) throws an {@link UnknownKindsError}
   * naming each; `skip` leaves its permissions out (the start-up check of `run` and the Manager, after discovery:
   * the reconciler's start reports a kind the server does not serve).
   */
  unknownKinds?: 'error' | 'skip' | undefined;
}

/** How a kind is served, or undefined when unknown. */
export interface KindLookup {
  lookup(apiVersion: string, kind: string): { plural: string; namespaced: boolean } | undefined;
}

/** A kind the permission computation needs, and where the katalog names it. */
export interface UnknownKind {
  apiVersion: string;
  kind: string;
  /** `Website children (manifests)`, `read by the hooks of Website`. */
  usedBy: string;
}

/**
 * Kinds whose REST resource (plural) and scope nothing knows: not built into Kubernetes, and neither a CRD given
 * nor discovery said. No rule is guessed for them.
 */
export class UnknownKindsError extends Error {
  readonly kinds: readonly UnknownKind[];
  constructor(kinds: readonly UnknownKind[]) {
    const list = kinds.map((k) => `${k.kind} (${k.apiVersion}), ${k.usedBy}`).join('; ');
    super(
      `${kinds.length === 1 ? 'a kind is' : `${kinds.length} kinds are`} not built into Kubernetes and not known ` +
        `otherwise, so their resource names and scope are unknown: ${list}`,
    );
    this.name = 'UnknownKindsError';
    this.kinds = kinds;
  }
}

/**
 * Asks the API server how every kind the templates of handlers of any kind name, and every kind hooks read, is
 * served, so that
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
    for (const read of entry.reads ?? []) await kube.resourceFor(read.apiVersion, read.kind).catch(() => undefined);
  }
}

/** A kind a handler's templates make, with how it is served. */
interface ChildResource {
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

/** The kinds, plurals and scopes of a handler's children in one katalog entry; unknown kinds go to `unknown`. */
function childResources(
  h: AnyHandler,
  templates: HandlerTemplates,
  resources: KindLookup | undefined,
  unknown: (apiVersion: string, kind: string) => void,
): ChildResource[] {
  if (!h.kindOf) return [h];
  const out = new Map<string, ChildResource>();
  for (const phase of ['onCreate', 'onReconcile', 'onDelete'] as const) {
    for (const template of templates[phase] ?? []) {
      const { apiVersion, kind } = templateKindOf(h, template);
      const info = resources?.lookup(apiVersion, kind);
      if (!info) unknown(apiVersion, kind);
      else out.set(`${apiVersion}/${kind}`, { apiVersion, kind, plural: info.plural, namespaced: info.namespaced });
    }
  }
  return [...out.values()];
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

/** Permissions merged per resource, scope and names: verbs and reasons of the same rule add up. */
class PermissionSet {
  private readonly merged = new Map<string, Permission>();

  add(p: Permission): void {
    const names = p.resourceNames ? `named:${[...p.verbs].sort().join(',')}` : 'all';
    const key = `${p.namespace ?? '*'}|${p.group}|${p.resource}|${names}`;
    const known = this.merged.get(key);
    if (!known) {
      this.merged.set(key, {
        ...p,
        verbs: [...p.verbs],
        ...(p.resourceNames ? { resourceNames: [...p.resourceNames] } : {}),
      });
      return;
    }
    for (const v of p.verbs) if (!known.verbs.includes(v)) known.verbs.push(v);
    for (const n of p.resourceNames ?? []) if (!known.resourceNames?.includes(n)) known.resourceNames?.push(n);
    if (!known.why.includes(p.why)) known.why += `; ${p.why}`;
  }

  list(): Permission[] {
    return [...this.merged.values()];
  }
}

/** The owner kind's own permissions: watch and patch it, its status, its finalizers. */
function ownerPermissions(
  entry: PermissionEntry,
  scopes: readonly (string | undefined)[],
  add: (p: Permission) => void,
) {
  const owner = entry.owner;
  const hasOnDelete = Object.values(entry.resources).some((r) => (r.onDelete?.length ?? 0) > 0);
  for (const namespace of owner.namespaced === false ? [undefined] : scopes) {
    add({
      group: owner.group,
      resource: owner.plural,
      verbs: ['get', 'list', 'watch', 'patch'],
      namespace,
      why:
        `${owner.kind}: watch, record the kinds of its children (annotation orkestra.io/managed-kinds)` +
        (hasOnDelete ? ', add and remove the finalizer' : ''),
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
}

/** Each child kind's permissions (watch, apply, prune), the RBAC children's `escalate`/`bind`, and the reads. */
function childPermissions(
  entry: PermissionEntry,
  handlers: ReadonlyMap<string, AnyHandler>,
  scopes: readonly (string | undefined)[],
  options: PermissionOptions,
  add: (p: Permission) => void,
  unknown: (kind: UnknownKind) => void,
) {
  for (const [key, templates] of Object.entries(entry.resources)) {
    const h = handlers.get(key);
    if (!h) continue;
    const usedBy = `children of ${entry.owner.kind} (${key})`;
    const unknownChild = (apiVersion: string, kind: string) => unknown({ apiVersion, kind, usedBy });
    for (const child of childResources(h, templates, options.resources, unknownChild)) {
      for (const namespace of child.namespaced ? scopes : [undefined])
        add({
          group: groupOf(child.apiVersion),
          resource: child.plural,
          verbs: ['get', 'list', 'watch', 'create', 'patch', 'delete'],
          namespace,
          why: `${child.kind} children (${key}): watch, apply, prune`,
        });
    }
    if (h.kindOf) for (const p of rbacChildPermissions(h, templates, scopes)) add(p);
  }
  readPermissions(entry, scopes, options, add, unknown);
}

/** The reads of an entry's hooks (`reads`): get, list and watch on each kind, where the entry watches. */
function readPermissions(
  entry: PermissionEntry,
  scopes: readonly (string | undefined)[],
  options: PermissionOptions,
  add: (p: Permission) => void,
  unknown: (kind: UnknownKind) => void,
) {
  for (const read of entry.reads ?? []) {
    const info = options.resources?.lookup(read.apiVersion, read.kind);
    if (!info) {
      unknown({ apiVersion: read.apiVersion, kind: read.kind, usedBy: `read by the hooks of ${entry.owner.kind}` });
      continue;
    }
    for (const namespace of info.namespaced ? scopes : [undefined])
      add({
        group: groupOf(read.apiVersion),
        resource: info.plural,
        verbs: ['get', 'list', 'watch'],
        namespace,
        why: `${read.kind}: read by the hooks of ${entry.owner.kind} (reads)`,
      });
  }
}

/**
 * Every permission the katalog's reconcilers use, merged per resource and scope: the owner kinds, each child
 * kind, the kinds the hooks read (an entry's `reads`), Events, the Lease and the owner CRDs. Throws an
 * {@link UnknownKindsError} naming every kind `options.resources` does not know (unless `unknownKinds: 'skip'`).
 */
export function requiredPermissions(
  katalog: { readonly entries: readonly PermissionEntry[] },
  handlers: ReadonlyMap<string, AnyHandler>,
  options: PermissionOptions = {},
): Permission[] {
  const set = new PermissionSet();
  const add = (p: Permission) => set.add(p);
  const unknown = new Map<string, UnknownKind>();
  const addUnknown = (k: UnknownKind) => {
    if (!unknown.has(`${k.apiVersion}/${k.kind}`)) unknown.set(`${k.apiVersion}/${k.kind}`, k);
  };
  for (const entry of katalog.entries) {
    const scopes: (string | undefined)[] = entry.namespaces?.length ? [...entry.namespaces] : [undefined];
    const owner = entry.owner;
    ownerPermissions(entry, scopes, add);
    childPermissions(entry, handlers, scopes, options, add, addUnknown);
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
  if (unknown.size && options.unknownKinds !== 'skip') throw new UnknownKindsError([...unknown.values()]);
  if (options.leaseNamespace !== undefined) {
    add({
      group: 'coordination.k8s.io',
      resource: 'leases',
      verbs: options.shards ? ['get', 'list', 'create', 'update'] : ['get', 'create', 'update'],
      namespace: options.leaseNamespace,
      why: options.shards ? 'shard Leases (replicas list the member Leases)' : 'leader election',
    });
  }
  return set.list();
}

/**
 * {@link requiredPermissions} for reconcilers configured in code (`defineOperator`, a `ReconcilerConfig`): the
 * same rules, with every handler of a configuration counted as a child kind, templated or not (its hooks may
 * return such children), and the kinds its hooks read (`reads`). A handler of any kind (`manifests`) is counted
 * only for the kinds its templates name: grant the kinds its hook children have yourself.
 *
 * @example
 * const permissions = operatorPermissions([config], { leaseNamespace: 'ops' });
 * rbacObjects(permissions, { serviceAccount: { namespace: 'ops', name: 'shop' } });
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
