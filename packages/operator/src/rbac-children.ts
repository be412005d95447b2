/**
 * What an operator needs beyond create/patch to write RBAC objects. The API server refuses a Role or ClusterRole
 * that grants more than the writer holds unless the writer may `escalate` it, and a RoleBinding or
 * ClusterRoleBinding unless the writer may `bind` the role it names (or holds all that role grants). So for each
 * such child: `escalate` on the roles the katalog writes, `bind` on the roles its bindings name, each restricted to
 * those names (`resourceNames`) when the template writes them literally.
 *
 * The trade-off when a name is templated (`{{metadata.name}}-reader`): the name is only known per CR, so the rule
 * covers every role of that resource in the watched namespaces (cluster-wide for cluster roles). Write the names
 * of roles and of `roleRef`s literally where you can to keep the operator from escalating or binding any other role.
 */
import { type ResolvedSpec, type ResourceHandler, templateKindOf } from '@orkestra/core';
import type { HandlerTemplates } from '@orkestra/reconciler';
import type { Permission } from './permission-check.js';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** A literal name of a template (no `{{`), or undefined when the name is templated or absent. */
function literal(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !value.includes('{{') ? value : undefined;
}

/** One `escalate` or `bind` need: on which roles, in which scope, named or not. */
interface RoleNeed {
  verb: 'escalate' | 'bind';
  resource: 'roles' | 'clusterroles';
  /** A namespaced need applies in each watched namespace; a cluster need cluster-wide. */
  namespaced: boolean;
  /** The role's name, when literal; undefined: any role. */
  name: string | undefined;
  why: string;
}

/** The `escalate`/`bind` need of one template, if it makes an RBAC object. */
function needOf(kind: string, template: Record<string, unknown>, key: string): RoleNeed | undefined {
  const name = literal((template.metadata as { name?: unknown } | undefined)?.name);
  const named = (n: string | undefined) => (n ? '' : ' (its name is templated: any role)');
  switch (kind) {
    case 'Role':
    case 'ClusterRole': {
      const resource = kind === 'Role' ? 'roles' : 'clusterroles';
      const why = `${kind} children (${key}): grant rules the operator need not hold${named(name)}`;
      return { verb: 'escalate', resource, namespaced: kind === 'Role', name, why };
    }
    case 'RoleBinding':
    case 'ClusterRoleBinding': {
      const roleRef = (template.roleRef ?? {}) as { kind?: unknown; name?: unknown };
      const resource = roleRef.kind === 'Role' ? 'roles' : 'clusterroles';
      const ref = literal(roleRef.name);
      const why = `${kind} children (${key}): bind ${roleRef.kind === 'Role' ? 'Role' : 'ClusterRole'} ${ref ?? '(templated)'}${named(ref)}`;
      return { verb: 'bind', resource, namespaced: kind === 'RoleBinding', name: ref, why };
    }
    default:
      return undefined;
  }
}

/**
 * The `escalate` and `bind` permissions the RBAC children of one handler's templates need, in `scopes` (the
 * watched namespaces; `undefined` for all) or cluster-wide for ClusterRoles and ClusterRoleBindings. Empty when
 * the templates make no RBAC object.
 */
export function rbacChildPermissions(
  handler: ResourceHandler<unknown, ResolvedSpec>,
  templates: HandlerTemplates,
  scopes: readonly (string | undefined)[],
): Permission[] {
  const out: Permission[] = [];
  for (const phase of ['onCreate', 'onReconcile', 'onDelete'] as const) {
    for (const template of templates[phase] ?? []) {
      const { apiVersion, kind } = templateKindOf(handler, template);
      if (!apiVersion.startsWith(`${RBAC_GROUP}/`)) continue;
      const need = needOf(kind, template as Record<string, unknown>, handler.key);
      if (!need) continue;
      for (const namespace of need.namespaced ? scopes : [undefined])
        out.push({
          group: RBAC_GROUP,
          resource: need.resource,
          verbs: [need.verb],
          namespace,
          ...(need.name ? { resourceNames: [need.name] } : {}),
          why: need.why,
        });
    }
  }
  return out;
}
