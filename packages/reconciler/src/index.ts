// The public face of @orkestra/reconciler: what an operator author writes (a configuration, hooks, a katalog),
// runs (GenericReconciler, SharedInformerFactory) and catches. What only this repository's other packages use
// (the CLI's planning and analysis, the operator's CRD and RBAC helpers) is in `@orkestra/reconciler/internal`.
// test/public-api.test.ts pins the value exports: a name added here is a deliberate change (see CONTRIBUTING).

export type { ConfigurationProblem } from './analysis/index.js';
export { analyzeConfiguration, ConfigurationError } from './analysis/index.js';
export { ownerApi } from './api-schema.js';
export type {
  ChildTemplate,
  HandlerTemplates,
  OwnerKind,
  ReconcilerConfig,
  ReconcilerObserver,
  TemplateValue,
  When,
} from './config.js';
export type { CustomResourceDefinition } from './custom-resource-definition.js';
export { admissionPolicy, customResourceDefinition } from './custom-resource-definition.js';
export type { CustomResource, OperatorConfig } from './define-operator.js';
export { children, defineOperator } from './define-operator.js';
export { HookTimeoutError } from './deletion/finalize-hook.js';
export type { HookChild } from './hook-child.js';
export { child } from './hook-child.js';
export type { CacheReader, HookContext } from './hook-context.js';
export { CacheReadError } from './hook-context.js';
export type { LiveChildren, ReconcilerHooks } from './hooks.js';
export type { Katalog } from './katalog.js';
export { loadKatalog } from './katalog.js';
export type { ShardFilter } from './machinery/shard-filter.js';
export { SharedInformerFactory } from './machinery/shared-informers.js';
export type { ConvertedFields, OwnerApi, VersionedObject } from './owner-api.js';
export type { ReconcileReport } from './reconciler.js';
export { GenericReconciler } from './reconciler.js';
export type { Condition } from './status.js';
export type { OwnerConverter } from './versions/converter.js';
export { ConversionError, ownerConverter } from './versions/converter.js';
