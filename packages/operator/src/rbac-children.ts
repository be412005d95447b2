/**
 * What an operator needs beyond create/patch to write RBAC objects. The API server refuses a Role or ClusterRole
 * granting what its writer does not hold, unless the writer may `escalate` roles; and a RoleBinding or
 * ClusterRoleBinding unless the writer may `bind` the role it names (or holds all that role grants).
 *
 * - A binding: `bind` on the role its `roleRef` names, by name when the name is literal.
 * - A role whose rules are literal: the operator holds those rules (in the watched namespaces for a Role,
 *   cluster-wide for a ClusterRole), and nothing more. Not `escalate` by name: the API server asks for `escalate`
 *   on the object named in the request, and a create (a POST to the collection) names none, so only an
 *   unrestricted `escalate` would let it create the role.
 * - A role whose rules are templated, or grant non-resource URLs: `escalate` on every role (cluster role) in the
 *   watched namespaces (cluster-wide) — with `create` and `bind` that is the power to grant anything there. Write
 *   rules literally to avoid it.
 */
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { templateKindOf } from '@orkestra/core/internal';
import type { HandlerTemplates } from '@orkestra/reconciler';
import type { Permission } from './permission-check.js';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

const isLiteral = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.includes('{{');

/** A list of literal strings, or undefined when it is absent, not a list, or anything in it is templated. */
function literalList(value: unknown): string[] | undefined {
  // '' is a real value here: the core API group.
  return Array.isArray(value) && value.every((v) => v === '' || isLiteral(v)) ? (value as string[]) : undefined;
}

/** A permission without its scope: what one rule of a role grants on one resource. */
type Grant = Omit<Permission, 'namespace' | 'why'>;

/** What the literal rules of a role grant, one grant per group and resource; undefined when any part is templated. */
function grantsOf(rules: unknown): Grant[] | undefined {
  if (!Array.isArray(rules)) return undefined;
  const grants: Grant[] = [];
  for (const rule of rules as Record<string, unknown>[]) {
    if (rule?.nonResourceURLs !== undefined) return undefined;
    const groups = literalList(rule?.apiGroups);
    const resources = literalList(rule?.resources);
    const verbs = literalList(rule?.verbs);
    const names = rule?.resourceNames === undefined ? [] : literalList(rule.resourceNames);
    if (!groups || !resources || !verbs || !names) return undefined;
    for (const group of groups)
      for (const resource of resources)
        grants.push({ group, resource, verbs: [...verbs], ...(names.length ? { resourceNames: [...names] } : {}) });
  }
  return grants;
}

/** The permissions one Role or ClusterRole child needs: its literal rules held, or `escalate`. */
function rolePermissions(
  kind: string,
  template: Record<string, unknown>,
  key: string,
): Omit<Permission, 'namespace'>[] {
  const name = template.metadata && (template.metadata as { name?: unknown }).name;
  const label = `${kind} ${isLiteral(name) ? name : '(templated name)'}`;
  const grants = grantsOf(template.rules);
  if (grants)
    return grants.map((g) => ({ ...g, why: `${label} children (${key}): a role grants only what its writer holds` }));
  const resource = kind === 'Role' ? 'roles' : 'clusterroles';
  return [
    {
      group: RBAC_GROUP,
      resource,
      verbs: ['escalate'],
      why:
        `${label} children (${key}): its rules are templated or name non-resource URLs, so escalate on any ` +
        `${kind} (write the rules literally to hold only them)`,
    },
  ];
}

/** The permission one RoleBinding or ClusterRoleBinding child needs: `bind` on the role it names. */
function bindingPermission(
  kind: string,
  template: Record<string, unknown>,
  key: string,
): Omit<Permission, 'namespace'> {
  const roleRef = (template.roleRef ?? {}) as { kind?: unknown; name?: unknown };
  const role = roleRef.kind === 'Role' ? 'Role' : 'ClusterRole';
  const name = isLiteral(roleRef.name) ? roleRef.name : undefined;
  return {
    group: RBAC_GROUP,
    resource: role === 'Role' ? 'roles' : 'clusterroles',
    verbs: ['bind'],
    ...(name ? { resourceNames: [name] } : {}),
    why: name
      ? `${kind} children (${key}): bind ${role} ${name}`
      : `${kind} children (${key}): bind the ${role} its templated roleRef names, so any ${role} (write roleRef.name ` +
        `literally to bind only it)`,
  };
}

/**
 * What one RBAC template needs besides its own create/patch (empty for any other kind), and whether it is namespaced.
 */
function rbacTemplateNeeds(
  handler: ResourceHandler<unknown, ResolvedSpec>,
  template: unknown,
): { needs: Omit<Permission, 'namespace'>[]; namespaced: boolean } {
  const { apiVersion, kind } = templateKindOf(handler, template);
  if (!apiVersion.startsWith(`${RBAC_GROUP}/`)) return { needs: [], namespaced: false };
  const source = template as Record<string, unknown>;
  const needs =
    kind === 'Role' || kind === 'ClusterRole'
      ? rolePermissions(kind, source, handler.key)
      : kind === 'RoleBinding' || kind === 'ClusterRoleBinding'
        ? [bindingPermission(kind, source, handler.key)]
        : [];
  return { needs, namespaced: kind === 'Role' || kind === 'RoleBinding' };
}

/**
 * The permissions the RBAC children of one handler's templates need besides their own create/patch: see the
 * module comment. Role and RoleBinding needs apply in each of `scopes` (the watched namespaces; `undefined` for
 * all), ClusterRole and ClusterRoleBinding needs cluster-wide. Empty when the templates make no RBAC object.
 */
export function rbacChildPermissions(
  handler: ResourceHandler<unknown, ResolvedSpec>,
  templates: HandlerTemplates,
  scopes: readonly (string | undefined)[],
): Permission[] {
  const out: Permission[] = [];
  for (const phase of ['onCreate', 'onReconcile', 'onDelete'] as const) {
    for (const template of templates[phase] ?? []) {
      const { needs, namespaced } = rbacTemplateNeeds(handler, template);
      for (const need of needs)
        for (const namespace of namespaced ? scopes : [undefined]) out.push({ ...need, namespace });
    }
  }
  return out;
}
