// `@orkestra/operator/internal`: NOT PUBLIC. The pieces of the Manager this repository's CLI uses on its own (its
// address parsing, lease clock, permission review, service-account folder). No semver promise: any release may
// change or remove these names. Operator authors use `@orkestra/operator`.

export { consolePermissions } from './console/access.js';
export { conversionClientConfig } from './conversion-webhook.js';
export { parseAddress } from './http-server.js';
export { clusterRbacWatchPermissions } from './katalogs/rbac-watch.js';
export { LeaderElector, microTime } from './leader-election.js';
export { serviceAccountDir } from './operator-namespace.js';
export { deniedPermissions, describePermission } from './permission-check.js';
export type { Trace, TraceCondition, TraceNode, TraceState } from './trace/trace-tree.js';
export { causes, sortTree, traceObject, worst } from './trace/trace-tree.js';
export { checkAdmissionHooks } from './webhooks/admission.js';
export { whoAmI } from './who-am-i.js';
