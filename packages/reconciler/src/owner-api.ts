/**
 * The owner kind's own API, written once: the schema of its spec (and status), CEL rules the API server checks
 * at admission, printer columns, names and versions. A katalog gives it under `api:` (the compact form, or plain
 * OpenAPI), `defineOperator` as a TypeBox schema; `customResourceDefinition` turns it into the CRD, and
 * `admissionPolicy` into a ValidatingAdmissionPolicy for the rules that need more than the object.
 */

/** An OpenAPI v3 schema, as a CRD holds it (structural: a type on every node, no `$ref`). */
export interface OpenApiSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  additionalProperties?: OpenApiSchema | boolean;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  'x-kubernetes-validations'?: CelRule[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  [keyword: string]: unknown;
}

/**
 * A rule the API server checks on every create and update (`x-kubernetes-validations`): `rule` is CEL over
 * `self` (the field it is attached to; the spec for {@link OwnerApi.rules}) and, on update, `oldSelf`.
 */
export interface CelRule {
  rule: string;
  /** What the user sees when the rule refuses (default: the API server's `failed rule: <rule>`). */
  message?: string;
  /** A CEL expression giving the message, e.g. `"'replicas is ' + string(self.replicas) + ', at most 10'"`. */
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  /** The field the refusal names, relative to `self` (`.replicas`). */
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/**
 * A rule that needs more than the object — the request's user (`request.userInfo`), the old object, a
 * parameter object (`params`) — checked by a generated ValidatingAdmissionPolicy. CEL over `object`,
 * `oldObject`, `request`, `params`, `namespaceObject`, `authorizer` and `variables`.
 */
export interface AdmissionRule {
  expression: string;
  message?: string;
  messageExpression?: string;
  reason?: 'Unauthorized' | 'Forbidden' | 'Invalid' | 'RequestEntityTooLarge';
}

/** The ValidatingAdmissionPolicy of an owner kind: its rules, and where its parameters come from. */
export interface AdmissionPolicy {
  validations: AdmissionRule[];
  /** The kind of the parameter object the rules read as `params`. */
  paramKind?: { apiVersion: string; kind: string };
  /** Which parameter object the binding uses. */
  paramRef?: {
    name?: string;
    namespace?: string;
    selector?: { matchLabels?: Record<string, string> };
    parameterNotFoundAction: 'Allow' | 'Deny';
  };
}

/** A column of `kubectl get` (`additionalPrinterColumns`). */
export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/**
 * An object of the owner kind as one version has it: what a version's conversion functions take. The spec and
 * status are the version's own (cast them to its type, e.g. the one `orkestra generate types` writes).
 */
export interface VersionedObject {
  apiVersion: string;
  kind: string;
  metadata: { name?: string; namespace?: string; uid?: string; annotations?: Record<string, string> } & {
    [field: string]: unknown;
  };
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

/**
 * What a conversion function gives: the fields of the other version that differ (`spec`; `status` when it
 * changes too). A top-level field it does not give is copied as it is; one it gives as `undefined` is removed.
 * Its `apiVersion`, `kind` and `metadata`, if any, are ignored: the converter sets the apiVersion and keeps the
 * metadata.
 */
export interface ConvertedFields {
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

/**
 * Another version of the owner kind, served beside the hub: the version the reconciler works against
 * (`owner.version`, whose schema is {@link OwnerApi.spec}). Objects convert hub-and-spoke: this version to the
 * hub with `toHub`, back with `fromHub`, and to any third version through the hub. Without the two functions the
 * fields are copied as they are (what the other version's schema lacks is still kept, see below).
 *
 * Round trips lose nothing: the fields a conversion drops (the target version has no place for them) are kept in
 * the annotation `orkestra.io/conversion-data` of the converted object and put back when it is converted to
 * their version again — unless it has them by then.
 */
export interface ApiVersion {
  name: string;
  /** Default true. */
  served?: boolean;
  /** The version objects are stored as; default: the reconciler's version (`owner.version`). */
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  /** Its spec schema; default the owner version's. */
  spec?: OpenApiSchema;
  /** Its status schema; default the owner version's. */
  status?: OpenApiSchema;
  /** Its columns after Ready and Synced in `kubectl get`; default the owner version's. */
  printerColumns?: PrinterColumn[];
  /** This version's object as the hub's fields: pure, deterministic; throw to refuse (the message is shown). */
  toHub?: (object: VersionedObject) => ConvertedFields;
  /** The hub's object as this version's fields: pure, deterministic; throw to refuse. */
  fromHub?: (hub: VersionedObject) => ConvertedFields;
  /**
   * In a katalog: the module (a path relative to the katalog file, JavaScript or TypeScript Node runs) whose
   * named exports `toHub` and `fromHub` are this version's conversion functions; `orkestra run` loads it.
   */
  conversion?: string;
}

/**
 * Where the API server sends ConversionReviews (the CRD's `spec.conversion.webhook.clientConfig`): a Service
 * in the cluster, or a URL (`https://…`, outside the cluster or in tests). The CA bundle is injected at install.
 */
export type ConversionClientConfig =
  | { service: { name: string; namespace: string; port?: number; path?: string }; caBundle?: string }
  | { url: string; caBundle?: string };

/** The owner kind's API: what `generate crd` writes and the Manager can install. */
export interface OwnerApi {
  /** The spec's schema: OpenAPI, structural (a TypeBox schema is one). Defaults are applied by the API server. */
  spec: OpenApiSchema;
  /**
   * The status' schema; default an open object. Either way `conditions` and `observedGeneration`, which the
   * reconciler writes, are declared.
   */
  status?: OpenApiSchema;
  /** CEL rules over the spec (`self`), checked by the API server: see {@link CelRule}. */
  rules?: CelRule[];
  /** Rules that need more than the object: a generated ValidatingAdmissionPolicy and binding. */
  admission?: AdmissionPolicy;
  /** Columns after Ready and Synced (and before Age) in `kubectl get`. */
  printerColumns?: PrinterColumn[];
  shortNames?: string[];
  categories?: string[];
  /** Default: the kind in lower case. */
  singular?: string;
  /** Versions served beside `owner.version` (the one the reconciler reads); see {@link ApiVersion}. */
  versions?: ApiVersion[];
}
