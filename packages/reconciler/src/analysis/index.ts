/** The analysis of a configuration (see `analyze.ts`): what the package's entry exports of it. */
export type { AnalysisOptions, AnalyzedConfiguration } from './analyze.js';
export { analyzeAgainstCluster, analyzeConfiguration, collectKindSchemas, schemaLookup } from './analyze.js';
export type { KindSchema, KindSchemas, SchemaLookup, UnservedKind } from './kind-schemas.js';
export { kindSchemaOf } from './kind-schemas.js';
export type { Crd, FoundCrd } from './owner-crds.js';
export { readOwnerCrd } from './owner-crds.js';
export type { ConfigurationProblem, ConfigurationSource } from './problems.js';
export { ConfigurationError } from './problems.js';
