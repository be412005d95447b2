/** The Secret template source and its resolved spec. */
import {
  booleanField,
  type CommonResolved,
  commonSourceFields,
  integerField,
  type Static,
  stringField,
  stringMapField,
  Type,
} from '@orkestra/core/authoring';

/** The alphabets a generated value can be drawn from (see {@link GenerateRule}). */
export const GENERATE_CHARSETS = {
  /** `A-Z a-z 0-9`: 62 characters, safe in URLs, shells and connection strings. The default. */
  alphanumeric: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  /** `0-9 a-f`. */
  hex: '0123456789abcdef',
  /** `0-9`: PINs. */
  numeric: '0123456789',
  /** `A-Z a-z 0-9 - _`: the URL-safe base64 alphabet. */
  base64url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
  /** Every printable ASCII character but the space (`!` to `~`, 94 characters). */
  printable: Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join(''),
} as const;

/** The name of a {@link GENERATE_CHARSETS} alphabet. */
export type GenerateCharset = keyof typeof GENERATE_CHARSETS;

const generateRuleSchema = Type.Object(
  {
    length: Type.Optional(
      integerField('Number of characters; default 32, at most 4096.', { minimum: 1, maximum: 4096 }),
    ),
    charset: Type.Optional(
      stringField(`Alphabet: ${Object.keys(GENERATE_CHARSETS).join(', ')}; default alphanumeric.`),
    ),
  },
  { additionalProperties: false },
);

/** JSON Schema of a Secret template source (also its TypeScript type, {@link SecretSource}). */
export const SecretSourceSchema = Type.Object(
  {
    ...commonSourceFields('<owner>-secret'),
    type: Type.Optional(
      stringField(
        'The Secret type: Opaque (default), kubernetes.io/tls (needs tls.crt and tls.key), ' +
          'kubernetes.io/dockerconfigjson (needs .dockerconfigjson), ' +
          'kubernetes.io/basic-auth (username and/or password), kubernetes.io/ssh-auth (needs ssh-privatekey), or ' +
          'any other type name. Cannot change once created.',
      ),
    ),
    stringData: Type.Optional(stringMapField('Keys and their plain-text values; written base64-encoded as data.')),
    data: Type.Optional(stringMapField('Keys and their values, base64-encoded.')),
    fromSecret: Type.Optional(
      Type.Union(
        [
          stringField('Name of a Secret in the same namespace whose keys are copied.'),
          Type.Object({
            name: stringField('Name of a Secret in the same namespace whose keys are copied.'),
            keys: Type.Optional(Type.Array(Type.String(), { description: 'Only these keys; all when absent.' })),
          }),
        ],
        {
          description:
            'Copy keys from another Secret of the namespace; keys declared in stringData, data or generate win.',
        },
      ),
    ),
    generate: Type.Optional(
      Type.Union(
        [
          Type.Array(Type.String(), { description: 'Keys to generate: 32 alphanumeric characters each.' }),
          Type.Record(Type.String(), Type.Union([generateRuleSchema, Type.Null()]), {
            description: 'Keys to generate, each with its length and alphabet (null: the defaults).',
          }),
        ],
        {
          description:
            'Keys whose random value is generated when the Secret is created (or the key is missing) and then kept: ' +
            'never rewritten.',
        },
      ),
    ),
    immutable: Type.Optional(
      booleanField('Make the Secret immutable: its data can no longer change (changing it needs recreate: true).'),
    ),
  },
  { additionalProperties: false, description: 'A Secret owned by the custom resource.' },
);

/**
 * A Secret template source, after templates are evaluated. Fields:
 * - `name`: default `<owner>-secret`; `namespace`: the owner's.
 * - `type`: default `Opaque`. The built-in types `kubernetes.io/tls`, `kubernetes.io/dockerconfigjson`,
 *   `kubernetes.io/dockercfg`, `kubernetes.io/basic-auth` and `kubernetes.io/ssh-auth` must have their keys
 *   (counted over `stringData`, `data`, `generate` and `fromSecret`); any other type name passes through.
 * - `stringData`: plain-text values. They are sent base64-encoded as `data`, as the API server stores them.
 * - `data`: base64 values (line breaks and spaces are dropped, the encoding made canonical).
 * - `fromSecret`: a Secret name, or `{ name, keys }`: copy keys from a Secret of the namespace; declared keys win.
 * - `generate`: a list of keys (32 alphanumeric characters each), or a map of keys to `{ length, charset }`
 *   (`null` for the defaults). A value is generated when the Secret is created or the key is missing from it,
 *   and kept from then on.
 * - `immutable`: the server then refuses data changes; `recreate: true` deletes and creates instead.
 * - `labels`, `annotations`, `recreate`.
 */
export type SecretSource = Static<typeof SecretSourceSchema>;

/** How one generated key's value is made. */
export interface GenerateRule {
  /** Number of characters, 1 to 4096; default 32. */
  length: number;
  /** The alphabet; default `alphanumeric`. */
  charset: GenerateCharset;
}

/** A resolved Secret spec: defaults applied, values checked. */
export interface ResolvedSecret extends CommonResolved {
  /** `Opaque` unless the source names another type. */
  type: string;
  /** Plain-text values (base64-encoded into `data` by `desired`). */
  stringData: Record<string, string>;
  /** Canonical base64 values. */
  data: Record<string, string>;
  fromSecret?: { name: string; keys?: string[] | undefined } | undefined;
  /** Keys to generate, with their rules; `{}` when none. */
  generate: Record<string, GenerateRule>;
  immutable?: boolean | undefined;
}
