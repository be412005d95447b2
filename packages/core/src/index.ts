export type { ChildBehaviour, ChildResult, ImmutableChange } from './children.js';
export {
  buildChild,
  ContestedItemsError,
  createChild,
  deleteChild,
  ImmutableFieldError,
  listOwnedChildren,
  updateChild,
  updateChildMatched,
} from './children.js';
export type { CommonResolved, CommonSource, NameRule } from './common-fields.js';
export { metadataFor, resolveCommonFields } from './common-fields.js';
export type { Context, LogFields, Logger } from './context.js';
export { createContext, DEFAULT_FIELD_MANAGER, silentLogger } from './context.js';
export type {
  ChildKind,
  ChildWriteOptions,
  ControlledFields,
  JsonSchema,
  ResolvedSpec,
  ResourceHandler,
} from './contract.js';
export { ANY_KIND, childKindOf, templateKindOf } from './contract.js';
export { deepEqual } from './deep-equal.js';
export type { DefinedResource, ResourceDefinition } from './define-resource.js';
export { defineResource, withoutFields } from './define-resource.js';
export type { DriftedField, DriftResult, MatchOptions } from './drift.js';
export { APPLIED_FIELDS_ANNOTATION, appliedFieldsHash, matchObject, withAppliedFields } from './drift.js';
export type {
  ErrorReason,
  FieldProblem,
  KubeApiReason,
  KubeStatus,
  ObjectLocation,
  RequestDescription,
  StatusCause,
} from './errors.js';
export {
  AlreadyExistsError,
  ConflictError,
  describeObject,
  ForbiddenError,
  InvalidError,
  KubeApiError,
  NotFoundError,
  OrkestraError,
  OwnershipError,
  problemPaths,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from './errors.js';
export type { FieldStructure, OpenApiDocument, OpenApiSchema } from './field-structure.js';
export { fieldStructuresOf, kindKey } from './field-structure.js';
export { immutableDataChanges } from './immutable-data.js';
export type { BuiltChild, InSyncAnswer } from './in-sync-memo.js';
export { InSyncChildWrites, InSyncMemo } from './in-sync-memo.js';
export {
  childSelector,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  matchesLabelSelector,
  OWNER_LABEL,
  ownerLabelValue,
  systemLabels,
  withSystemLabels,
} from './labels.js';
export type { FieldSet, ListItemKey, ManagedFieldsEntry } from './managed-fields.js';
export { claimListItems, managersOf } from './managed-fields.js';
export type { ChildLike, ModelObject, ModelObjectMeta, OwnerLike } from './model-objects.js';
export { asChild, asOwner } from './model-objects.js';
export type {
  ApplyOptions,
  CallOptions,
  DeleteOptions,
  ListOptions,
  ObjectClient,
  ObjectList,
  PatchOptions,
  PeekAnswer,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from './object-client.js';
export type { KubeObject, ObjectMeta, ObjectRef, OwnerObject, OwnerReference } from './objects.js';
export { describeOwner, refOf } from './objects.js';
export type { ChildPlacement } from './owner-references.js';
export { assertOwnable, controllerReference, ownerReferencesFor } from './owner-references.js';
export { controllerOf, isControlledBy } from './ownership.js';
export type { Quantity } from './quantity.js';
export { compareQuantities, parseQuantity, quantitiesEqual, quantityStoredAs, roundUpQuantity } from './quantity.js';
export type { Readiness } from './readiness.js';
export { builtInReadiness } from './readiness.js';
export {
  isSecretKind,
  isSensitivePath,
  REDACTED,
  redactPaths,
  SecretValues,
  sensitivePathsOf,
} from './redaction.js';
export type { KeySource, ObjectReader } from './referenced-data.js';
export { readKeysFrom } from './referenced-data.js';
export type { Static, TSchema } from './source-schema.js';
export {
  booleanField,
  commonSourceFields,
  integerField,
  quantityField,
  stringField,
  stringMapField,
  Type,
} from './source-schema.js';
export {
  canonicalBase64,
  checkBase64,
  checkConfigKey,
  checkDns1035Label,
  checkDns1123Label,
  checkDns1123Subdomain,
  checkLabelKey,
  checkLabelValue,
  checkPortName,
  checkWrappedBase64,
  throwIfProblems,
  Validator,
} from './validation.js';
export { excessiveAliases } from './yaml-aliases.js';
