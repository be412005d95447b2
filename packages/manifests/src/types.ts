/** The manifest template source (a native Kubernetes object) and its resolved spec. */
import {
  booleanField,
  type CommonResolved,
  type Static,
  stringField,
  stringMapField,
  Type,
} from '@orkestra/core/authoring';

/**
 * JSON Schema of a manifest template source (also its TypeScript type, {@link ManifestSource}): a native
 * Kubernetes object. `apiVersion`, `kind` and `metadata.name` are required; `metadata` takes `name`,
 * `namespace`, `labels` and `annotations`; every other top-level field (`spec`, `data`, `rules`…) is the
 * object's own and passes through as written. `recreate` is Orkestra's, not the object's.
 */
export const ManifestSourceSchema = Type.Object(
  {
    apiVersion: Type.String({
      description:
        "The object's apiVersion, e.g. apps/v1; literal (no template), so the reconciler knows which kinds to watch.",
      minLength: 1,
    }),
    kind: Type.String({ description: "The object's kind, e.g. StatefulSet; literal (no template).", minLength: 1 }),
    metadata: Type.Object(
      {
        name: stringField("The object's name (required)."),
        namespace: Type.Optional(
          stringField(
            "The object's namespace; default and only allowed value for a namespaced owner: the owner's. Ignored for " +
              'cluster-scoped kinds.',
          ),
        ),
        labels: Type.Optional(
          stringMapField('Labels; managed-by and orkestra-owner are always set by Orkestra and cannot be overridden.'),
        ),
        annotations: Type.Optional(stringMapField('Annotations.')),
      },
      {
        additionalProperties: false,
        description:
          "name, namespace, labels and annotations; owner references and the rest are Orkestra's or the server's.",
      },
    ),
    recreate: Type.Optional(
      booleanField(
        'On a change the API server refuses in place (an immutable field), delete and create the object instead of ' +
          'failing.',
      ),
    ),
  },
  {
    additionalProperties: true,
    description: 'Any Kubernetes object owned by the custom resource, written as in a manifest.',
  },
);

/**
 * A manifest template source, after templates are evaluated: a Kubernetes object as in a manifest.
 * - `apiVersion`, `kind`: literal; `metadata.name`: required; `metadata.namespace`: the owner's when absent.
 * - `metadata.labels`, `metadata.annotations`; any other top-level field is the object's own (`status` is refused).
 * - `recreate`: delete and create on a change the server refuses in place.
 */
export type ManifestSource = Static<typeof ManifestSourceSchema> & { [field: string]: unknown };

/** A resolved manifest: the object's identity and metadata checked, its own fields as the template gave them. */
export interface ResolvedManifest extends CommonResolved {
  apiVersion: string;
  kind: string;
  /** The object's top-level fields other than apiVersion, kind and metadata: `spec`, `data`, `rules`… */
  fields: Record<string, unknown>;
}
