export type { Context, Logger, LogFields } from './context.js';
export { createContext, silentLogger, DEFAULT_FIELD_MANAGER } from './context.js';

export type { ResourceHandler, ResolvedSpec, JsonSchema, ChildKind, ControlledFields } from './contract.js';
export { ANY_KIND, childKindOf, templateKindOf } from './contract.js';

export type { KubeObject, ObjectMeta, ObjectRef, OwnerObject, OwnerReference } from './objects.js';
export { refOf, describeOwner } from './objects.js';

export {
  OrkestraError, ValidationError, OwnershipError, KubeApiError, NotFoundError, AlreadyExistsError, ConflictError,
  InvalidError, ForbiddenError, UnauthorizedError, UnavailableError, describeObject,
} from './errors.js';
export type { ErrorReason, KubeApiReason, ObjectLocation, FieldProblem, KubeStatus, StatusCause, RequestDescription } from './errors.js';

export type {
  ObjectClient, PeekAnswer, ResourceInfo, CallOptions, WriteOptions, ApplyOptions, PatchOptions, ListOptions, ObjectList, DeleteOptions, WatchEvent, WatchOptions,
} from './object-client.js';

export { controllerReference, assertOwnable, ownerReferencesFor } from './owner-references.js';
export type { ChildPlacement } from './owner-references.js';
export { isControlledBy, controllerOf } from './ownership.js';

export { MANAGED_BY_LABEL, MANAGED_BY_VALUE, OWNER_LABEL, ownerLabelValue, systemLabels, withSystemLabels, childSelector, matchesLabelSelector } from './labels.js';

export { deepEqual } from './deep-equal.js';
export { matchObject, appliedFieldsHash, withAppliedFields, APPLIED_FIELDS_ANNOTATION } from './drift.js';
export type { DriftResult, DriftedField, MatchOptions } from './drift.js';
export { fieldStructuresOf, kindKey } from './field-structure.js';
export type { FieldStructure, OpenApiDocument, OpenApiSchema } from './field-structure.js';
export { parseQuantity, quantitiesEqual, compareQuantities, quantityStoredAs, roundUpQuantity } from './quantity.js';
export type { Quantity } from './quantity.js';

export {
  Validator, throwIfProblems, checkDns1123Label, checkDns1123Subdomain, checkDns1035Label, checkLabelKey, checkLabelValue,
  checkConfigKey, checkPortName, checkWrappedBase64, canonicalBase64, checkBase64,
} from './validation.js';

export { buildChild, createChild, updateChild, deleteChild, listOwnedChildren, ImmutableFieldError, ContestedItemsError } from './children.js';
export type { ChildResult, ChildBehaviour, ImmutableChange } from './children.js';
export { claimListItems, managersOf } from './managed-fields.js';
export type { ManagedFieldsEntry, FieldSet, ListItemKey } from './managed-fields.js';

export { Type, integerField, booleanField, stringField, stringMapField, quantityField, commonSourceFields } from './source-schema.js';
export type { Static, TSchema } from './source-schema.js';
export { resolveCommonFields, metadataFor } from './common-fields.js';
export type { CommonSource, CommonResolved, NameRule } from './common-fields.js';
export { defineResource, withoutFields } from './define-resource.js';
export type { ResourceDefinition, DefinedResource } from './define-resource.js';
export { readKeysFrom } from './referenced-data.js';
export type { ObjectReader, KeySource } from './referenced-data.js';
export { immutableDataChanges } from './immutable-data.js';
export { builtInReadiness } from './readiness.js';
export type { Readiness } from './readiness.js';
