/**
 * `@orkestra/core/authoring`: the toolkit a resource package writes its handler with — `defineResource`, the
 * common template fields (name, namespace, labels, annotations), TypeBox and the field helpers for a template
 * source's schema, validators, quantities, the drift matcher and `buildChild` (the object `create`/`update`
 * write, for a package's tests). The contract itself (`ResourceHandler`, `ChildResult`, errors, `ObjectClient`)
 * is in `@orkestra/core`.
 */
export type { ChildBehaviour } from './children.js';
export { buildChild } from './children.js';
export type { CommonResolved, CommonSource, NameRule } from './common-fields.js';
export { metadataFor, resolveCommonFields } from './common-fields.js';
export type { DefinedResource, ResourceDefinition } from './define-resource.js';
export { defineResource, withoutFields } from './define-resource.js';
export type { DriftResult, MatchOptions } from './drift.js';
export { APPLIED_FIELDS_ANNOTATION, matchObject, withAppliedFields } from './drift.js';
export { immutableDataChanges } from './immutable-data.js';
export type { ListItemKey } from './managed-fields.js';
export type { Quantity } from './quantity.js';
export { compareQuantities, parseQuantity, quantitiesEqual, quantityStoredAs, roundUpQuantity } from './quantity.js';
export type { KeySource } from './referenced-data.js';
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
