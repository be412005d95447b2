// The public face of @orkestra/operator: the Manager and what it reports (its options, its errors), the RBAC an
// operator needs, the memory settings. What only this repository's other packages use (the CLI's pieces of the
// Manager) is in `@orkestra/operator/internal`, which is not public. test/public-api.test.ts pins the value
// exports: a name added here is a deliberate change (see CONTRIBUTING).
export type { ConfigurationOrigin } from './configuration-check.js';
export { ConfigurationMismatchError, OwnerKindNotServedError } from './configuration-check.js';
export type { ConsoleOptions, ConsoleServer } from './console/console-server.js';
export type { HistoryLimits } from './console/history.js';
export { ConversionServingError } from './conversion-webhook.js';
export { CrdInstallError } from './crd-install.js';
export type { HeapReleaseOptions, MemorySample } from './heap-release.js';
export { HeapRelease, releaseHeapPages } from './heap-release.js';
export type { Readiness } from './http-server.js';
export { HttpAddressError } from './http-server.js';
export { KATALOG_WEBHOOK_PATH, katalogAdmissionHandler, katalogWebhookConfiguration } from './katalogs/admission.js';
export type { KatalogObject, KatalogProblem } from './katalogs/compile.js';
export { katalogCrd } from './katalogs/katalog-crd.js';
export { katalogRuntimePermissions } from './katalogs/permissions.js';
export type { KatalogRuntime, KatalogRuntimeOptions } from './katalogs/runtime.js';
export type { KatalogServing, ShardedKatalogRuntime } from './katalogs/sharded-runtime.js';
export type { LeaderElectionOptions } from './leader-election.js';
export type { ManagedReconcilerConfig, ManagerExit, ManagerOptions } from './manager.js';
export { Manager } from './manager.js';
export { operatorNamespace } from './operator-namespace.js';
export type { Permission } from './permission-check.js';
export { PermissionsDeniedError } from './permission-check.js';
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
export { tunedExec } from './runtime-tuning.js';
export type { ShardsOptions } from './shards/shard-leases.js';
export { shutdownSignal } from './signals.js';
export { AdmissionWebhookConfigError } from './webhooks/admission.js';
export type {
  CertificateSource,
  FileCertificatesOptions,
  ServingCertificate,
} from './webhooks/certificate-source.js';
export { CertificateFilesError, FileCertificates } from './webhooks/certificate-source.js';
export type { AdmissionHookName, WebhookClientConfig, WebhookConfigurationOptions } from './webhooks/configurations.js';
export { webhookConfigurations, webhookPath } from './webhooks/configurations.js';
export { webhookPermissions } from './webhooks/permissions.js';
export type { WebhookLimits } from './webhooks/request-limits.js';
export type { SelfManagedCertificatesOptions } from './webhooks/self-managed.js';
export { CertificateSecretError, SelfManagedCertificates } from './webhooks/self-managed.js';
export type { ReviewHandler, WebhookListenOptions } from './webhooks/server.js';
export { ReviewError, WebhookRouteError, WebhookServer } from './webhooks/server.js';
export type { CertManagerMode, SelfManagedMode, WebhookServing } from './webhooks/webhooks.js';
export { Webhooks } from './webhooks/webhooks.js';
