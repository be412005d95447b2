/**
 * The RBAC a katalog needs: computed by @orkestra/operator (one place for katalogs and operators written in
 * code), re-exported here so the CLI's public API keeps its names.
 */
export type {
  Permission,
  PermissionConfig,
  PermissionEntry,
  PermissionOptions,
  RbacOptions,
} from '@orkestra/operator';
export {
  describePermission,
  discoverChildKinds,
  operatorPermissions,
  rbacObjects,
  requiredPermissions,
} from '@orkestra/operator';
