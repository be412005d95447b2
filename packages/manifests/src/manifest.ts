/**
 * Manifests: any Kubernetes object, written as in a manifest, owned by a custom resource. How to resolve a
 * source and build the object; the lifecycle is core's, with the kind's plural and scope from discovery.
 */
import {
  ANY_KIND,
  asChild,
  asOwner,
  type ChildKind,
  type ChildResult,
  type ChildWriteOptions,
  type Context,
  deleteChild,
  type KubeObject,
  type ObjectClient,
  type OwnerLike,
  type OwnerObject,
  type ResourceHandler,
  withSystemLabels,
} from '@orkestra/core';
import {
  type ChildBehaviour,
  canonicalBase64,
  checkDns1123Label,
  checkDns1123Subdomain,
  Validator,
  withoutFields,
} from '@orkestra/core/authoring';
import { InSyncChildWrites } from '@orkestra/core/internal';
import { manifestSourceAccepts } from '../generated/schema-check.js';
import { immutableChanges } from './immutable-fields.js';
import { type ManifestSource, ManifestSourceSchema, type ResolvedManifest } from './types.js';

/** `apps/v1`, `v1`, `example.com/v1alpha1`. */
const API_VERSION =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?v[0-9]+((alpha|beta)[0-9]+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;
const METADATA_FIELDS = ['name', 'namespace', 'labels', 'annotations'] as const;
/** Kinds whose names are path segments (`system:monitoring`), not DNS subdomains. */
const PATH_SEGMENT_NAMES = new Set(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);

function checkPathSegmentName(name: string): string | undefined {
  if (name === '.' || name === '..') return 'must not be "." or ".."';
  if (/[/%]/.test(name)) return 'must not contain "/" or "%"';
  if (name.length > 253) return 'must be at most 253 characters';
  return undefined;
}

function isTemplated(value: unknown): boolean {
  return typeof value === 'string' && value.includes('{{');
}

/**
 * The kind a manifest source makes, read before its templates are evaluated: the reconciler watches every
 * kind of a katalog from the start, so `apiVersion` and `kind` must be literal. Throws a `ValidationError`
 * when either is missing, templated or malformed.
 *
 * @example
 * kindOf({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: '{{metadata.name}}-db' } });
 * // { apiVersion: 'apps/v1', kind: 'StatefulSet' }
 */
export function kindOf(source: unknown): ChildKind {
  const s = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const v = new Validator({ kind: 'manifest', name: typeof s.kind === 'string' ? s.kind : undefined });
  const hint =
    'write apiVersion and kind as plain text: the reconciler watches the kinds a katalog uses from the start, so ' +
    'they cannot come from the custom resource';
  for (const field of ['apiVersion', 'kind'] as const) {
    const value = s[field];
    if (typeof value !== 'string' || value === '')
      v.add(
        field,
        'is required (a string)',
        field === 'apiVersion' ? 'e.g. apiVersion: apps/v1' : 'e.g. kind: StatefulSet',
      );
    else if (isTemplated(value)) v.add(field, `must be literal, got the template ${JSON.stringify(value)}`, hint);
    else
      v.check(
        field,
        value,
        field === 'apiVersion'
          ? (x) =>
              API_VERSION.test(x)
                ? undefined
                : `must look like v1, apps/v1 or example.com/v1alpha1, got ${JSON.stringify(x)}`
          : (x) =>
              KIND.test(x)
                ? undefined
                : `must be a kind such as StatefulSet (a capital letter, then letters and digits), got ` +
                  `${JSON.stringify(x)}`,
      );
  }
  v.done();
  return { apiVersion: s.apiVersion as string, kind: s.kind as string };
}

/** Secret `stringData` becomes `data` (the server stores it so, and would never show `stringData` back). */
function secretData(kind: string, fields: Record<string, unknown>, v: Validator): Record<string, unknown> {
  if (kind !== 'Secret' || (fields.stringData === undefined && fields.data === undefined)) return fields;
  const { stringData, ...rest } = fields;
  const data = Object.fromEntries(Object.entries(v.data('data', fields.data)).map(([k, b]) => [k, canonicalBase64(b)]));
  for (const [k, text] of Object.entries(v.data('stringData', stringData)))
    data[k] = Buffer.from(text, 'utf8').toString('base64');
  return { ...rest, data };
}

/**
 * Resolves a manifest source: `apiVersion` and `kind` literal and well formed, `metadata.name` required and
 * checked (a DNS subdomain; RBAC kinds also take path segments such as `system:auditor`), `metadata.namespace`
 * a DNS label, labels and annotations checked, system labels stamped over the template's labels, `status`
 * and metadata other than name, namespace, labels and annotations refused. The object's own fields pass
 * through as the template gave them (typed values included). Pure: sends no request. Throws a
 * `ValidationError` listing every problem with its path.
 *
 * @example
 * const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'db' } };
 * resolve({ ...pdb, spec: { maxUnavailable: 1 } }, 'shop');
 * // { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', name: 'db', labels: { 'managed-by': 'orkestra', … },
 * //   fields: { spec: { maxUnavailable: 1 } }, … }
 */
export function resolve(source: ManifestSource, ownerName: string): ResolvedManifest {
  const { apiVersion, kind } = kindOf(source);
  const { apiVersion: _a, kind: _k, metadata: rawMetadata, recreate: rawRecreate, ...own } = source;
  const meta = (rawMetadata ?? {}) as Record<string, unknown>;
  const v = new Validator({ kind, name: typeof meta.name === 'string' ? meta.name : undefined });
  v.map('metadata', rawMetadata, METADATA_FIELDS);
  if (rawMetadata === undefined || rawMetadata === null) v.add('metadata', 'is required', 'set metadata.name');
  let name = '';
  if (meta.name === undefined || meta.name === null || meta.name === '')
    v.add('metadata.name', 'is required', 'name the object, e.g. name: "{{metadata.name}}-db"');
  else {
    name = v.string('metadata.name', meta.name) ?? '';
    if (name)
      v.check('metadata.name', name, PATH_SEGMENT_NAMES.has(kind) ? checkPathSegmentName : checkDns1123Subdomain);
  }
  let namespace: string | undefined;
  if (meta.namespace !== undefined && meta.namespace !== null && meta.namespace !== '') {
    namespace = v.string('metadata.namespace', meta.namespace);
    if (namespace !== undefined) v.check('metadata.namespace', namespace, checkDns1123Label);
  }
  const labels = withSystemLabels(v.labels('metadata.labels', meta.labels), ownerName);
  const annotations = v.annotations('metadata.annotations', meta.annotations);
  const recreate =
    rawRecreate === undefined || rawRecreate === null ? false : (v.boolean('recreate', rawRecreate) ?? false);
  if ('status' in own)
    v.add(
      'status',
      'is written by the controller of the object, not by a template',
      "remove it; what the custom resource reports goes in the katalog's status.fields",
    );
  const fields = secretData(kind, own, v);
  v.done();
  return { apiVersion, kind, name, namespace, labels, annotations, recreate, fields };
}

/**
 * The object of a resolved manifest: exactly the fields the template sets, so what the server defaults is
 * never drift and a field the template stops setting is removed by the next update. The namespace is the
 * spec's or the owner's; for a cluster-scoped kind core drops it. Owner references, system labels and the
 * applied-fields annotation are stamped by core.
 */
export function desired(
  owner: OwnerObject,
  spec: ResolvedManifest,
  options: Pick<ChildWriteOptions, 'yieldedFields'> = {},
): KubeObject {
  const namespace = spec.namespace ?? owner.metadata.namespace;
  // Fields another controller of the same owner writes (an HPA's target replicas) are not ours to set.
  return withoutFields(
    {
      ...spec.fields,
      apiVersion: spec.apiVersion,
      kind: spec.kind,
      metadata: {
        name: spec.name,
        ...(namespace ? { namespace } : {}),
        labels: spec.labels,
        ...(Object.keys(spec.annotations).length ? { annotations: spec.annotations } : {}),
      },
    },
    options.yieldedFields,
  );
}

const redactSecretData = (path: string): boolean => path === 'data' || path.startsWith('data.');

// The last in-sync answer per memoisable spec (the reconciler's planner says its specs are, per CR version): a
// resync of an unchanged CR whose object did not change builds and matches nothing (see core's InSyncMemo).
const writes = new InSyncChildWrites();

/** The manifest's object and its kind's behaviour; built from the spec and owner alone. */
const buildChild =
  (ctx: Context, kube: ObjectClient, owner: OwnerObject, spec: ResolvedManifest, options: ChildWriteOptions) =>
  async () => ({
    desired: asChild(desired(owner, spec, options)),
    behaviour: await behaviourOf(ctx, kube, spec),
    pure: true,
  });

/**
 * What core's lifecycle needs to know of this manifest's kind: its scope (from the client's registry, or one
 * discovery request per apiVersion, cached), immutable fields of well-known kinds, Secret data redacted.
 */
async function behaviourOf(ctx: Context, kube: ObjectClient, spec: ResolvedManifest): Promise<ChildBehaviour> {
  const info = await kube.resourceFor(spec.apiVersion, spec.kind, { signal: ctx.signal });
  return {
    clusterScoped: !info.namespaced,
    recreate: spec.recreate,
    immutable: immutableChanges,
    ...(spec.kind === 'Secret' && spec.apiVersion === 'v1' ? { match: { redact: redactSecretData } } : {}),
  };
}

/**
 * Creates the object unless it exists (see core's `createChild`): exists and controlled by `owner` → no
 * write; anyone else's → `OwnershipError`. A cluster-scoped kind under a namespaced owner → `ValidationError`.
 */
export function create(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  spec: ResolvedManifest,
  options: ChildWriteOptions = {},
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  return writes.create(ctx, kube, owner, spec, options, buildChild(ctx, kube, owner, spec, options));
}

/**
 * Brings the object to the manifest (see core's `updateChild`): one write on drift, none in sync; an
 * immutable change → `ImmutableFieldError`, or delete and create with `recreate: true`.
 */
export function update(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  spec: ResolvedManifest,
  options: ChildWriteOptions = {},
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  return writes.update(ctx, kube, owner, spec, options, buildChild(ctx, kube, owner, spec, options));
}

/** Deletes the object if `owner` controls it (see core's `deleteChild`); anyone else's → `OwnershipError`. */
async function remove(
  ctx: Context,
  kube: ObjectClient,
  ownerLike: OwnerLike,
  spec: ResolvedManifest,
): Promise<ChildResult> {
  const owner = asOwner(ownerLike);
  const { clusterScoped } = await behaviourOf(ctx, kube, spec);
  const namespace = clusterScoped ? undefined : (spec.namespace ?? owner.metadata.namespace);
  return deleteChild(ctx, kube, owner, { apiVersion: spec.apiVersion, kind: spec.kind, name: spec.name, namespace });
}

export { remove as delete };

/**
 * The manifests handler: `key` `manifests`, children of any kind. Its `apiVersion`, `kind` and `plural` are
 * `ANY_KIND` (`*`); each resolved spec carries its kind, and {@link kindOf} tells the reconciler which kinds
 * a katalog's templates make.
 */
export const handler: ResourceHandler<ManifestSource, ResolvedManifest> = {
  key: 'manifests',
  apiVersion: ANY_KIND,
  kind: ANY_KIND,
  plural: ANY_KIND,
  namespaced: true,
  schema: ManifestSourceSchema,
  check: manifestSourceAccepts,
  // Template errors of any data/stringData source leave out template text; only a Secret's values are hidden
  // when the object is printed.
  sensitiveFields: ['data', 'stringData'],
  sensitiveObjectFields: { Secret: ['data', 'stringData'] },
  kindOf,
  resolve,
  desired: async (owner, spec, _reader, options) => desired(asOwner(owner), spec, options),
  create,
  update,
  delete: remove,
};
