// `@orkestra/core/internal`: NOT PUBLIC. What this repository's other packages (the reconciler, the CLI, the
// operator, testenv, manifests, the benchmarks) need from core's insides: the in-sync memo, the dry-run client
// (`orkestra diff`, the console), the kind of a template or a resolved child, field structures from OpenAPI,
// built-in readiness, label-selector matching, the one deep
// equality, YAML alias limits. No semver promise: any release may change or remove these names. Operator and
// resource-package authors use `@orkestra/core` and `@orkestra/core/authoring`.
export { childKindOf, templateKindOf } from './contract.js';
export { deepEqual } from './deep-equal.js';
export type { DryRunOptions } from './dry-run-client.js';
export { DryRunClient } from './dry-run-client.js';
export { describeObject } from './errors.js';
export type { OpenApiDocument, OpenApiSchema } from './field-structure.js';
export { fieldStructuresOf, kindKey } from './field-structure.js';
export type { BuiltChild, InSyncAnswer } from './in-sync-memo.js';
export { InSyncChildWrites, InSyncMemo } from './in-sync-memo.js';
// Types only (nothing of src/kube/ is loaded through this entry): the base both clients of `/kube` and
// `/client-node` extend, named here so that each entry's declarations can refer to it.
export type { ObjectRequest } from './kube/object-requests.js';
export type { RequestClient } from './kube/request-client.js';
export { matchesLabelSelector } from './labels.js';
export type { Readiness, ReadinessStatus } from './readiness.js';
export { builtInReadiness } from './readiness.js';
export { redactDrift } from './redaction.js';
export type { ShardKeyField, ShardRange } from './shards.js';
export { checkShardCount, fnv1a64, shardKeyOf, shardOf, shardRanges, shardSelector } from './shards.js';
export { excessiveAliases } from './yaml-aliases.js';
