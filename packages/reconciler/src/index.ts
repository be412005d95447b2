// The public face of @orkestra/reconciler: what an operator author writes (a configuration, hooks, a katalog),
// runs (GenericReconciler, SharedInformerFactory) and catches. What only this repository's other packages use
// (the CLI's planning and analysis, the operator's CRD and RBAC helpers) is in `@orkestra/reconciler/internal`.
// test/public-api.test.ts pins the value exports: a name added here is a deliberate change (see CONTRIBUTING).

export type { AdmissionWebhooks, WebhookSettings } from './admission-webhooks.js';
export type {
  AnalysisOptions,
  AnalyzedConfiguration,
  ConfigurationProblem,
  ConfigurationSource,
  KindSchema,
  KindSchemas,
  UnservedKind,
} from './analysis/index.js';
export { analyzeAgainstCluster, analyzeConfiguration, ConfigurationError } from './analysis/index.js';
export { ownerApi } from './api-schema.js';
export type {
  ChildTemplate,
  HandlerTemplates,
  InventoryRecordOptions,
  OwnerKind,
  ReconcilerConfig,
  ReconcilerObserver,
  TemplateValue,
  When,
} from './config.js';
export type {
  AdmissionObject,
  CrdConversion,
  CrdVersion,
  CustomResourceDefinition,
} from './custom-resource-definition.js';
export { admissionPolicy, customResourceDefinition } from './custom-resource-definition.js';
export type {
  CustomResource,
  HandlerChildren,
  OperatorConfig,
  Templated,
  TemplateString,
  TypedChildTemplate,
  TypedHandlerTemplates,
  TypedOwnerApi,
} from './define-operator.js';
export { children, defineOperator } from './define-operator.js';
export { HookTimeoutError } from './deletion/finalize-hook.js';
export type { EventType } from './events.js';
export type { HookChild } from './hook-child.js';
export { child } from './hook-child.js';
export type { CacheReader, HookContext, ReadKind } from './hook-context.js';
export { CacheReadError } from './hook-context.js';
export type { LiveChildren, ReconcilerHooks } from './hooks.js';
export type { Katalog, KatalogEntry } from './katalog.js';
export { loadKatalog } from './katalog.js';
export type { InformerEvent, InformerOptions } from './machinery/informer.js';
export type {
  InformerLease,
  SharedInformerFactoryOptions,
  SharedInformerOptions,
} from './machinery/shared-informers.js';
export { SharedInformerFactory } from './machinery/shared-informers.js';
export type {
  AdmissionPolicy,
  AdmissionRule,
  ApiVersion,
  CelRule,
  ConversionClientConfig,
  ConvertedFields,
  OpenApiSchema,
  OwnerApi,
  PrinterColumn,
  VersionedObject,
} from './owner-api.js';
export type { ReconcileReport } from './reconciler.js';
export { GenericReconciler } from './reconciler.js';
export type { Condition, ReconcileOutcome } from './status.js';
export type { ConversionReview } from './versions/conversion-review.js';
export { reviewConversion } from './versions/conversion-review.js';
export type { OwnerConverter } from './versions/converter.js';
export { ConversionError, ownerConverter } from './versions/converter.js';
export { ConversionWebhookError } from './versions/crd-conversion.js';
