export { CrdInstallError, installCrd } from './crd-install.js';
export type { HeapReleaseOptions, MemorySample } from './heap-release.js';
export { HeapRelease, releaseHeapPages } from './heap-release.js';
export type { HttpServer, HttpServerOptions, Readiness } from './http-server.js';
export { HttpAddressError, parseAddress, startHttpServer } from './http-server.js';
export type { LeaderElectionOptions, LeadershipEvent, LeaseRecord } from './leader-election.js';
export { defaultIdentity, LeaderElector, microTime } from './leader-election.js';
export type { ManagedReconcilerConfig, ManagerExit, ManagerOptions } from './manager.js';
export { Manager } from './manager.js';
export { EVENT_LOOP_RESOLUTION_MS, OperatorMetrics } from './metrics.js';
export { operatorNamespace, serviceAccountDir } from './operator-namespace.js';
export type { DeniedPermission, Permission } from './permission-check.js';
export {
  assertPermissions,
  deniedPermissions,
  describePermission,
  PermissionsDeniedError,
} from './permission-check.js';
export type { RbacOptions } from './rbac-objects.js';
export { rbacObjects } from './rbac-objects.js';
export type {
  KindLookup,
  PermissionConfig,
  PermissionEntry,
  PermissionOptions,
  UnknownKind,
} from './required-permissions.js';
export {
  discoverChildKinds,
  operatorPermissions,
  requiredPermissions,
  UnknownKindsError,
} from './required-permissions.js';
export type { ProcessFacts, TunedExec } from './runtime-tuning.js';
export { MALLOC_ARENA_MAX, SEMI_SPACE_FLAG, TUNED_MARKER, tunedExec } from './runtime-tuning.js';
export { shutdownSignal } from './signals.js';
export { whoAmI } from './who-am-i.js';
