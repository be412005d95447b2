import { describe, expect, it } from '@jest/globals';
import { ANY_KIND, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { ResourceRegistry } from '@orkestra/core/kube';
import { loadKatalog } from '@orkestra/reconciler';
import type { Permission } from '../src/permission-check.js';
import { requiredPermissions, UnknownKindsError } from '../src/required-permissions.js';

/** A handler of any kind, as @orkestra/manifests is: each template names its kind. */
const manifests = {
  key: 'manifests',
  apiVersion: ANY_KIND,
  kind: ANY_KIND,
  plural: ANY_KIND,
  namespaced: true,
  schema: { type: 'object' },
  kindOf(source: unknown) {
    const { apiVersion, kind } = source as { apiVersion: string; kind: string };
    if (!apiVersion || !kind) throw new ValidationError({ path: 'kind', message: 'is required' });
    return { apiVersion, kind };
  },
  resolve: () => ({ name: 'x' }),
  desired: async () => ({ apiVersion: 'v1', kind: 'X', metadata: {} }),
  create: async () => ({ action: 'unchanged' }),
  update: async () => ({ action: 'unchanged' }),
  delete: async () => ({ action: 'absent' }),
} as unknown as ResourceHandler<unknown, ResolvedSpec>;

const katalog = loadKatalog(
  `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Database, plural: databases }
      namespaces: [shop]
      resources:
        manifests:
          onReconcile:
            - { apiVersion: apps/v1, kind: StatefulSet, metadata: { name: db } }
            - { apiVersion: batch/v1, kind: CronJob, metadata: { name: backup } }
            - { apiVersion: acme.example.com/v1, kind: Widget, metadata: { name: w } }
`,
  { handlers: [manifests] },
);

const handlers = new Map([['manifests', manifests]]);
const childrenOf = (permissions: Permission[]) =>
  permissions
    .filter((p) => p.why.includes(' children (manifests)'))
    .map(
      (p) =>
        `${p.group}/${p.resource} ${p.namespace ?? '*'} ${p.verbs.join(',')}${p.resourceNames ? ` [${p.resourceNames.join(',')}]` : ''}`,
    );

/** A katalog of one Database owner in namespace shop whose manifests children are `templates` (YAML flow maps). */
const katalogOf = (templates: string[], scope = 'namespaces: [shop]') =>
  loadKatalog(
    `
apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Database, plural: databases }
      ${scope}
      resources:
        manifests:
          onReconcile:
${templates.map((t) => `            - ${t}`).join('\n')}
`,
    { handlers: [manifests] },
  );

describe('requiredPermissions for a handler of any kind', () => {
  it("covers each template's kind, with plural and scope from the registry, never a wildcard", () => {
    const registry = new ResourceRegistry();
    registry.register({ apiVersion: 'acme.example.com/v1', kind: 'Widget', plural: 'widgetz', namespaced: true });
    expect(childrenOf(requiredPermissions(katalog, handlers, { resources: registry }))).toEqual([
      'apps/statefulsets shop get,list,watch,create,patch,delete',
      'batch/cronjobs shop get,list,watch,create,patch,delete',
      'acme.example.com/widgetz shop get,list,watch,create,patch,delete',
    ]);
  });

  it('knows every built-in kind: NetworkPolicy is networkpolicies, PriorityClass is cluster-scoped', () => {
    const permissions = requiredPermissions(
      katalogOf(
        [
          '{ apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: { name: deny } }',
          '{ apiVersion: policy/v1, kind: PodDisruptionBudget, metadata: { name: pdb } }',
          '{ apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: { name: high } }',
        ],
        '',
      ),
      handlers,
      { resources: new ResourceRegistry() },
    );
    expect(childrenOf(permissions)).toEqual([
      'networking.k8s.io/networkpolicies * get,list,watch,create,patch,delete',
      'policy/poddisruptionbudgets * get,list,watch,create,patch,delete',
      'scheduling.k8s.io/priorityclasses * get,list,watch,create,patch,delete',
    ]);
  });

  it('refuses to guess: every unknown kind (children and reads) is named in one UnknownKindsError', () => {
    const withReads = {
      entries: katalog.entries.map((e) => ({ ...e, reads: [{ apiVersion: 'acme.example.com/v1', kind: 'Gadget' }] })),
    };
    const error = (() => {
      try {
        requiredPermissions(withReads, handlers, { resources: new ResourceRegistry() });
      } catch (e) {
        return e;
      }
    })() as UnknownKindsError;
    expect(error).toBeInstanceOf(UnknownKindsError);
    expect(error.kinds).toEqual([
      { apiVersion: 'acme.example.com/v1', kind: 'Widget', usedBy: 'children of Database (manifests)' },
      { apiVersion: 'acme.example.com/v1', kind: 'Gadget', usedBy: 'read by the hooks of Database' },
    ]);
    expect(error.message).toContain('Widget (acme.example.com/v1)');
    // Where the cluster was asked and does not serve the kind, the reconciler reports it: skip.
    const skipped = requiredPermissions(withReads, handlers, {
      resources: new ResourceRegistry(),
      unknownKinds: 'skip',
    });
    expect(skipped.map((p) => p.resource)).not.toContain('widgets');
    expect(skipped.map((p) => p.resource)).not.toContain(ANY_KIND);
  });
});

describe('requiredPermissions for RBAC children', () => {
  const rbac = (templates: string[]) =>
    requiredPermissions(katalogOf(templates), handlers, { resources: new ResourceRegistry() });
  const described = (permissions: Permission[]) =>
    permissions
      .filter((p) => p.group === 'rbac.authorization.k8s.io' || p.why.includes('a role grants'))
      .map(
        (p) =>
          `${p.group}/${p.resource} ${p.namespace ?? '*'} ${p.verbs.join(',')}${p.resourceNames ? ` [${p.resourceNames.join(',')}]` : ''}`,
      );

  it('a Role with literal rules: the operator holds those rules, no escalate; a binding: bind on the role it names', () => {
    expect(
      described(
        rbac([
          '{ apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: { name: reader }, rules: [{ apiGroups: [""], resources: [pods, pods/log], verbs: [get, list] }, { apiGroups: [apps], resources: [deployments], verbs: [get], resourceNames: [web] }] }',
          '{ apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: reader }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader }, subjects: [] }',
          '{ apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: viewers }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view }, subjects: [] }',
        ]),
      ),
    ).toEqual([
      'rbac.authorization.k8s.io/roles shop get,list,watch,create,patch,delete',
      'rbac.authorization.k8s.io/rolebindings shop get,list,watch,create,patch,delete',
      '/pods shop get,list',
      '/pods/log shop get,list',
      'apps/deployments shop get [web]',
      'rbac.authorization.k8s.io/roles shop bind [reader]',
      'rbac.authorization.k8s.io/clusterroles shop bind [view]',
    ]);
  });

  it('templated rules or roleRef: escalate / bind on any role in the watched namespaces, and the reason says so', () => {
    const permissions = rbac([
      '{ apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: { name: "{{metadata.name}}-reader" }, rules: [{ apiGroups: [""], resources: ["{{spec.kind}}"], verbs: [get] }] }',
      '{ apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: x }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: "{{metadata.name}}-reader" }, subjects: [] }',
    ]);
    const roles = permissions.filter((p) => p.resource === 'roles');
    expect(roles.map((p) => `${p.namespace} ${p.verbs.join(',')} ${p.resourceNames ?? 'any'}`)).toEqual([
      'shop get,list,watch,create,patch,delete,escalate,bind any',
    ]);
    expect(roles[0]?.why).toContain('its rules are templated or name non-resource URLs, so escalate on any Role');
    expect(roles[0]?.why).toContain('write roleRef.name literally to bind only it');
  });

  it('a ClusterRole with literal rules and its ClusterRoleBinding: cluster-wide', () => {
    expect(
      described(
        rbac([
          '{ apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole, metadata: { name: node-reader }, rules: [{ apiGroups: [""], resources: [nodes], verbs: [get] }] }',
          '{ apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRoleBinding, metadata: { name: node-reader }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: node-reader }, subjects: [] }',
        ]),
      ),
    ).toEqual([
      'rbac.authorization.k8s.io/clusterroles * get,list,watch,create,patch,delete',
      'rbac.authorization.k8s.io/clusterrolebindings * get,list,watch,create,patch,delete',
      '/nodes * get',
      'rbac.authorization.k8s.io/clusterroles * bind [node-reader]',
    ]);
  });
});
