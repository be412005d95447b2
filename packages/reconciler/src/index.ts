export type {
  AnalysisOptions,
  AnalyzedConfiguration,
  ConfigurationProblem,
  ConfigurationSource,
  Crd,
  FoundCrd,
  KindSchema,
  KindSchemas,
  SchemaLookup,
  UnservedKind,
} from './analysis/index.js';
export {
  analyzeAgainstCluster,
  analyzeConfiguration,
  ConfigurationError,
  collectKindSchemas,
  readOwnerCrd,
  schemaLookup,
} from './analysis/index.js';
export { ownerApi, readOwnerApi } from './api-schema.js';
export type { CelVariables } from './cel-rules.js';
export { celProblems } from './cel-rules.js';
export type { Gate, GatedItem } from './child-gates.js';
export { ChildGates, notReadyReason } from './child-gates.js';
export type { ChildKindUse } from './child-kinds.js';
export { childKinds, kindKey, resolveChildKinds } from './child-kinds.js';
export type { ChildNeed, OrderNode, OrderProblems, ReadsOf } from './child-order.js';
export { buildChildOrder, ChildOrder } from './child-order.js';
export type {
  ChildTemplateRef,
  DeferredChild,
  KindScopes,
  Phase,
  Plan,
  PlannedChild,
  PlanProblem,
  ReadChildren,
} from './child-planner.js';
export { ChildPlanner, PHASES } from './child-planner.js';
export type { ChildSource } from './child-source.js';
export { childSource } from './child-source.js';
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
export type { AdmissionObject, CrdVersion, CustomResourceDefinition } from './custom-resource-definition.js';
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
export type { EventRecorderOptions, EventType } from './events.js';
export { EventRecorder } from './events.js';
export type { HookChild } from './hook-child.js';
export { child } from './hook-child.js';
export type { CacheReader, HookContext, ReadKind } from './hook-context.js';
export { CacheReadError } from './hook-context.js';
export type { LiveChildren, ReconcilerHooks } from './hooks.js';
export { HookError } from './hooks.js';
export { InventoryRecordUnavailableError, inventoryRecordName, RECORD_KINDS_KEY } from './inventory/record.js';
export type { Katalog, KatalogEntry } from './katalog.js';
export { katalogSource, loadKatalog, parseDuration } from './katalog.js';
export type { InformerEvent, InformerOptions } from './machinery/informer.js';
export { Informer, objectKey } from './machinery/informer.js';
export type {
  InformerLease,
  SharedInformerFactoryOptions,
  SharedInformerOptions,
} from './machinery/shared-informers.js';
export { SharedInformerFactory } from './machinery/shared-informers.js';
export type { WorkPriority, WorkQueueOptions, WorkResult } from './machinery/work-queue.js';
export { WorkQueue } from './machinery/work-queue.js';
export type {
  AdmissionPolicy,
  AdmissionRule,
  ApiVersion,
  CelRule,
  OpenApiSchema,
  OwnerApi,
  PrinterColumn,
} from './owner-api.js';
export type { ReconcileReport } from './reconciler.js';
export { GenericReconciler } from './reconciler.js';
export type { Condition, ReconcileOutcome } from './status.js';
export { statusPatch } from './status.js';
export { splitLocation, YamlLocator } from './yaml-locator.js';
export type { YamlSource } from './yaml-source.js';
export { readYaml } from './yaml-source.js';
