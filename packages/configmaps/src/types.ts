/** The ConfigMap template source and its resolved spec. */
import {
  booleanField,
  type CommonResolved,
  commonSourceFields,
  type Static,
  stringField,
  stringMapField,
  Type,
} from '@orkestra/core/authoring';

/** JSON Schema of a ConfigMap template source (also its TypeScript type, {@link ConfigMapSource}). */
export const ConfigMapSourceSchema = Type.Object(
  {
    ...commonSourceFields('<owner>-config'),
    data: Type.Optional(stringMapField('Keys and their text values.')),
    binaryData: Type.Optional(stringMapField('Keys and their values, base64-encoded.')),
    fromConfigMap: Type.Optional(
      Type.Union(
        [
          stringField('Name of a ConfigMap in the same namespace whose keys are copied.'),
          Type.Object({
            name: stringField('Name of a ConfigMap in the same namespace whose keys are copied.'),
            keys: Type.Optional(Type.Array(Type.String(), { description: 'Only these keys; all when absent.' })),
          }),
        ],
        { description: 'Copy keys from another ConfigMap of the namespace; keys declared in data or binaryData win.' },
      ),
    ),
    immutable: Type.Optional(
      booleanField('Make the ConfigMap immutable: its data can no longer change (changing it needs recreate: true).'),
    ),
  },
  { additionalProperties: false, description: 'A ConfigMap owned by the custom resource.' },
);

/**
 * A ConfigMap template source, after templates are evaluated. Fields:
 * - `name`: default `<owner>-config`; `namespace`: the owner's.
 * - `data`, `binaryData` (base64): the keys; `fromConfigMap`: copy keys from a ConfigMap of the namespace.
 * - `immutable`: the server then refuses data changes; `recreate: true` deletes and creates instead.
 * - `labels`, `annotations`.
 */
export type ConfigMapSource = Static<typeof ConfigMapSourceSchema>;

/** A resolved ConfigMap spec: defaults applied, values checked. */
export interface ResolvedConfigMap extends CommonResolved {
  data: Record<string, string>;
  binaryData: Record<string, string>;
  fromConfigMap?: { name: string; keys?: string[] | undefined } | undefined;
  immutable?: boolean | undefined;
}
