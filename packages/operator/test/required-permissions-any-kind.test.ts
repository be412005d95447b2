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
    childrenOf(requiredPermissions(katalogOf(templates), handlers, { resources: new ResourceRegistry() }));

  it('a Role: escalate on that Role by name; a RoleBinding: bind on the role it names', () => {
    expect(
      rbac([
        '{ apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: { name: reader }, rules: [] }',
        '{ apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: reader }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader }, subjects: [] }',
        '{ apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: viewers }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view }, subjects: [] }',
      ]),
    ).toEqual([
      'rbac.authorization.k8s.io/roles shop get,list,watch,create,patch,delete',
      'rbac.authorization.k8s.io/rolebindings shop get,list,watch,create,patch,delete',
      'rbac.authorization.k8s.io/roles shop escalate [reader]',
      'rbac.authorization.k8s.io/roles shop bind [reader]',
      'rbac.authorization.k8s.io/clusterroles shop bind [view]',
    ]);
  });

  it('a templated name: any role in the watched namespaces, and the reason says so', () => {
    const permissions = requiredPermissions(
      katalogOf([
        '{ apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: { name: "{{metadata.name}}-reader" }, rules: [] }',
      ]),
      handlers,
      { resources: new ResourceRegistry() },
    );
    const escalate = permissions.find((p) => p.verbs.includes('escalate'));
    expect(escalate).toMatchObject({ resource: 'roles', namespace: 'shop' }); // merged with the child's own verbs
    expect(escalate?.resourceNames).toBeUndefined();
    expect(escalate?.why).toContain('its name is templated: any role');
  });
});
