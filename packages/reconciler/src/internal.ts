// `@orkestra/reconciler/internal`: NOT PUBLIC. What this repository's other packages (the CLI, the operator, the
// benchmarks) need from the reconciler's insides: its planner, child order and gates, the katalog's YAML reading
// and locations, the owner-CRD analysis pieces, the analysis against a cluster and the conversion review the
// Manager runs. No semver promise: any release may change or remove these names.
// Operator authors use `@orkestra/reconciler`.
export type { WebhookSettings } from './admission-webhooks.js';
export type { AnalysisOptions, Crd, FoundCrd, KindSchemas, SchemaLookup } from './analysis/index.js';
export {
  analyzeAgainstCluster,
  collectKindSchemas,
  kindSchemaOf,
  readOwnerCrd,
  schemaLookup,
} from './analysis/index.js';
export { ChildGates } from './child-gates.js';
export { childKinds } from './child-kinds.js';
export { buildChildOrder, ChildOrder } from './child-order.js';
export { ChildPlanner } from './child-planner.js';
export { EventRecorder } from './events.js';
export { INVENTORY_ANNOTATION, parseInventory } from './inventory/annotation.js';
export { inventoryRecordName } from './inventory/record.js';
export type { KatalogEntry } from './katalog.js';
export { katalogSource, parseDuration } from './katalog.js';
// Named by types of the public entry (CustomResourceDefinition, OwnerApi): exported here so declaration files can
// name them, without growing the main entry.
export type { ApiVersion, ConversionClientConfig, OpenApiSchema, PrinterColumn } from './owner-api.js';
export type { ChildTemplateRef, DeferredChild, KindScopes, Phase, Plan, PlannedChild } from './plan.js';
export type { ConversionReview } from './versions/conversion-review.js';
export { reviewConversion } from './versions/conversion-review.js';
export type { CrdConversion } from './versions/crd-conversion.js';
export { ConversionWebhookError, conversionPath, convertsByCode } from './versions/crd-conversion.js';
export { CONVERSION_DATA_ANNOTATION } from './versions/round-trip.js';
export { splitLocation, YamlLocator } from './yaml-locator.js';
export type { YamlSource } from './yaml-source.js';
export { readYaml } from './yaml-source.js';
