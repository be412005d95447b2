/**
 * The Katalog runtime's own permissions: what `orkestra generate rbac` grants it and the Manager's start checks.
 * Limited to Katalogs, CRDs, its revisions (ConfigMaps), Events and impersonating ServiceAccounts: everything a
 * Katalog's reconcilers do is done as the Katalog's ServiceAccount, so the runtime needs no right on any child kind.
 */

import type { Permission } from '../permission-check.js';
import { rbacWatchPermissions } from './rbac-watch.js';

/**
 * The permissions of the Katalog runtime serving the Katalogs of `namespace` (all namespaces when undefined). The
 * CRD rights are cluster-wide: RBAC cannot limit `create` by name, and the runtime's refusal to touch a CRD no
 * Katalog of its made is its own check (see the README); `delete` serves `removalPolicy.crd: DeleteIfCreated`
 * only (without it such a CRD is kept, with a Warning Event). The Roles and RoleBindings are read to notice a
 * ServiceAccount losing a verb (`watchRbac`, default on; `watchRbac: false` drops them).
 *
 * @example
 * rbacObjects(katalogRuntimePermissions(), { serviceAccount: { namespace: 'orkestra', name: 'katalogs' } });
 */
export function katalogRuntimePermissions(namespace?: string, options: { watchRbac?: boolean } = {}): Permission[] {
  return [
    { group: 'orkestra.io', resource: 'katalogs', verbs: ['get', 'list', 'watch'], namespace, why: 'serve Katalogs' },
    { group: 'orkestra.io', resource: 'katalogs/status', verbs: ['patch'], namespace, why: 'Katalog status' },
    {
      group: 'apiextensions.k8s.io',
      resource: 'customresourcedefinitions',
      verbs: ['get', 'list', 'create', 'patch'],
      why:
        'install the Katalog CRD and the CRDs of the kinds Katalogs declare ' +
        '(list: at start, those of Katalogs deleted meanwhile)',
    },
    {
      group: 'apiextensions.k8s.io',
      resource: 'customresourcedefinitions',
      verbs: ['delete'],
      why:
        'delete the CRD of a kind a Katalog created and no longer serves, ' +
        'when its removalPolicy.crd is DeleteIfCreated',
    },
    { group: '', resource: 'configmaps', verbs: ['list', 'create'], namespace, why: 'Katalog revisions' },
    { group: '', resource: 'events', verbs: ['create', 'patch'], namespace, why: 'Events on Katalogs' },
    {
      group: '',
      resource: 'serviceaccounts',
      verbs: ['impersonate'],
      namespace,
      why: "act as each Katalog's ServiceAccount",
    },
    ...(options.watchRbac === false ? [] : rbacWatchPermissions(namespace)),
  ];
}
