/**
 * The CustomResourceDefinition of an owner kind, from its {@link OwnerApi} (what `orkestra generate crd` writes
 * and the Manager installs), and the ValidatingAdmissionPolicy with its binding for the rules that need more
 * than the object.
 */

import type { OwnerKind } from './config.js';
import type { ConversionClientConfig, OpenApiSchema, OwnerApi, PrinterColumn } from './owner-api.js';
import { type CrdConversion, conversionOf } from './versions/crd-conversion.js';

export type { CrdConversion };

/** The CustomResourceDefinition object, as the API server takes it (`apiextensions.k8s.io/v1`). */
export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; labels?: Record<string, string> };
  spec: {
    group: string;
    scope: 'Namespaced' | 'Cluster';
    names: {
      plural: string;
      singular: string;
      kind: string;
      listKind: string;
      shortNames?: string[];
      categories?: string[];
    };
    versions: CrdVersion[];
    /** Present when a version converts by code: the API server calls the conversion webhook. */
    conversion?: CrdConversion;
  };
}

/** One version of a {@link CustomResourceDefinition}. */
export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  subresources: { status: Record<string, never> };
  additionalPrinterColumns: PrinterColumn[];
  schema: { openAPIV3Schema: OpenApiSchema };
}

/** What the reconciler writes to the status: declared whatever the author's status schema says. */
const RECONCILER_STATUS: Record<string, OpenApiSchema> = {
  observedGeneration: { type: 'integer', description: 'The generation the reconciler last acted on.' },
  conditions: {
    type: 'array',
    description: 'Ready (every child ready) and Synced (every child matches its template).',
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
    items: {
      type: 'object',
      required: ['type', 'status'],
      properties: {
        type: { type: 'string' },
        status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
        reason: { type: 'string' },
        message: { type: 'string' },
        lastTransitionTime: { type: 'string', format: 'date-time' },
        observedGeneration: { type: 'integer' },
      },
    },
  },
};

function statusSchema(status: OpenApiSchema | undefined): OpenApiSchema {
  const base: OpenApiSchema = status ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return { ...base, type: 'object', properties: { ...RECONCILER_STATUS, ...(base.properties ?? {}) } };
}

const condition = (type: string): PrinterColumn => ({
  name: type,
  type: 'string',
  jsonPath: `.status.conditions[?(@.type=="${type}")].status`,
});

/** Ready, Synced, the author's columns, then Age: what `kubectl get` shows. */
function printerColumns(own: PrinterColumn[] | undefined): PrinterColumn[] {
  return [
    condition('Ready'),
    condition('Synced'),
    ...(own ?? []),
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ];
}

/** The whole object's schema for one version: the spec required when it has required fields. */
export function versionSchema(spec: OpenApiSchema, status: OpenApiSchema | undefined): OpenApiSchema {
  return {
    type: 'object',
    ...(spec.required?.length ? { required: ['spec'] } : {}),
    properties: { spec, status: statusSchema(status) },
  };
}

/**
 * The CustomResourceDefinition of `owner` with `api`: the structural schema (defaults applied by the API server,
 * CEL rules in `x-kubernetes-validations`), the status subresource, printer columns (Ready, Synced, the
 * author's, Age), short names and categories, and every version — `owner.version` first, storage unless
 * another version is marked so, each with its own schema and columns. When a version converts by code
 * (`toHub`/`fromHub`, or a katalog's `conversion` module), `spec.conversion` sends ConversionReviews (v1) to
 * `options.conversion` (default: see {@link conversionOf}); its `caBundle` is injected at install. Pure.
 *
 * @example
 * const crd = customResourceDefinition(owner, { spec: { type: 'object', properties: { image: { type: 'string' } } } });
 */
export function customResourceDefinition(
  owner: OwnerKind,
  api: OwnerApi,
  options: { conversion?: ConversionClientConfig } = {},
): CustomResourceDefinition {
  const others = api.versions ?? [];
  const storageElsewhere = others.some((v) => v.storage === true);
  const version = (
    name: string,
    own: Pick<OwnerApi, 'spec' | 'status' | 'printerColumns'>,
    extra: Pick<CrdVersion, 'served' | 'storage' | 'deprecated' | 'deprecationWarning'>,
  ): CrdVersion => ({
    name,
    ...extra,
    subresources: { status: {} },
    additionalPrinterColumns: printerColumns(own.printerColumns ?? api.printerColumns),
    schema: { openAPIV3Schema: versionSchema(own.spec, own.status ?? api.status) },
  });
  const conversion = conversionOf(owner, api, options.conversion);
  const versions = [
    version(owner.version, api, { served: true, storage: !storageElsewhere }),
    ...others
      .filter((v) => v.name !== owner.version)
      .map((v) =>
        version(
          v.name,
          { ...v, spec: v.spec ?? api.spec },
          {
            served: v.served ?? true,
            storage: v.storage === true,
            ...(v.deprecated !== undefined ? { deprecated: v.deprecated } : {}),
            ...(v.deprecationWarning ? { deprecationWarning: v.deprecationWarning } : {}),
          },
        ),
      ),
  ];
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${owner.plural}.${owner.group}` },
    spec: {
      group: owner.group,
      scope: owner.namespaced === false ? 'Cluster' : 'Namespaced',
      names: {
        plural: owner.plural,
        singular: api.singular ?? owner.kind.toLowerCase(),
        kind: owner.kind,
        listKind: `${owner.kind}List`,
        ...(api.shortNames?.length ? { shortNames: api.shortNames } : {}),
        ...(api.categories?.length ? { categories: api.categories } : {}),
      },
      versions,
      ...(conversion ? { conversion } : {}),
    },
  };
}

/** A ValidatingAdmissionPolicy or its binding (`admissionregistration.k8s.io/v1`). */
export interface AdmissionObject {
  apiVersion: 'admissionregistration.k8s.io/v1';
  kind: 'ValidatingAdmissionPolicy' | 'ValidatingAdmissionPolicyBinding';
  metadata: { name: string };
  spec: Record<string, unknown>;
}

/**
 * The ValidatingAdmissionPolicy of `owner` (its rules that need more than the object: the user, parameters)
 * and its binding (`Deny`), both named `<plural>.<group>`; empty when `api` has no admission rules. The policy
 * matches creates and updates of every version of the kind; a rule that cannot be evaluated refuses
 * (`failurePolicy: Fail`). Pure.
 */
export function admissionPolicy(owner: OwnerKind, api: OwnerApi): AdmissionObject[] {
  const policy = api.admission;
  if (!policy?.validations.length) return [];
  const name = `${owner.plural}.${owner.group}`;
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name },
      spec: {
        failurePolicy: 'Fail',
        ...(policy.paramKind ? { paramKind: policy.paramKind } : {}),
        matchConstraints: {
          resourceRules: [
            {
              apiGroups: [owner.group],
              apiVersions: ['*'],
              operations: ['CREATE', 'UPDATE'],
              resources: [owner.plural],
            },
          ],
        },
        validations: policy.validations,
      },
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name },
      spec: {
        policyName: name,
        validationActions: ['Deny'],
        ...(policy.paramRef ? { paramRef: policy.paramRef } : {}),
      },
    },
  ];
}
