/**
 * `@orkestra/core`: what a user of the SDK needs — the handler contract, the child lifecycle, the client
 * interfaces (`ObjectClient`, and the controller's `ControllerClient`), owner references, ownership and system labels,
 * typed errors, and the redaction of
 * secret values. Writing a resource package takes `@orkestra/core/authoring` as well (validators, field helpers,
 * TypeBox, `defineResource`, quantities); the Kubernetes client is `@orkestra/core/kube`.
 */
export type { ChildResult, ImmutableChange } from './children.js';
export {
  ContestedItemsError,
  createChild,
  deleteChild,
  ImmutableFieldError,
  listOwnedChildren,
  updateChild,
} from './children.js';
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
export { ANY_KIND } from './contract.js';
export type {
  CacheAnswer,
  ControllerClient,
  Impersonation,
  KindRegistry,
  ReadCache,
  RequestTally,
} from './controller-client.js';
export type { DriftedField } from './drift.js';
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
export type { FieldStructure } from './field-structure.js';
export {
  childSelector,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  OWNER_LABEL,
  ownerLabelValue,
  systemLabels,
  withSystemLabels,
} from './labels.js';
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
export { refOf } from './objects.js';
export type { ChildPlacement } from './owner-references.js';
export { assertOwnable, controllerReference, ownerReferencesFor } from './owner-references.js';
export { controllerOf, isControlledBy } from './ownership.js';
export { isSensitivePath, REDACTED, redactPaths, SecretValues, sensitivePathsOf } from './redaction.js';
export type { ObjectReader } from './referenced-data.js';
