/**
 * The katalog's JSON Schemas: the file's structure, and the fields every child template may have besides its
 * handler's (`when`, `forEach`, `readyWhen`, `id`, `dependsOn`). Their checks are generated at build time
 * (the `generate` target writes generated/schema-check.ts from this file).
 */

const WHEN_SCHEMA = {
  anyOf: [
    { type: 'string' },
    { type: 'object', required: ['field'], properties: { field: { type: 'string' } } },
    {
      type: 'array',
      items: {
        anyOf: [{ type: 'string' }, { type: 'object', required: ['field'], properties: { field: { type: 'string' } } }],
      },
    },
  ],
};

const FOR_EACH_SCHEMA = { type: 'string', pattern: '^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$' };

const CHILD_LIST = { type: 'array', items: { type: 'object' } };

/**
 * One hook served at admission: `true`, or its settings (see `WebhookSettings`). Only the type here: the settings
 * are checked by the analysis (`webhookSettingsProblems`), which names the field, its range and a misspelt key.
 */
const WEBHOOK_SCHEMA = { anyOf: [{ type: 'boolean' }, { type: 'object' }] } as const;

/** A katalog file's structure (each child template is checked against its handler's schema apart). */
export const KATALOG_SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'spec'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: 'orkestra.io/v1alpha1' },
    kind: { const: 'Katalog' },
    metadata: { type: 'object', properties: { name: { type: 'string' } } },
    spec: {
      type: 'object',
      required: ['crds'],
      additionalProperties: false,
      properties: {
        crds: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['owner', 'resources'],
            additionalProperties: false,
            properties: {
              owner: {
                type: 'object',
                required: ['group', 'version', 'kind', 'plural'],
                additionalProperties: false,
                properties: {
                  group: { type: 'string', minLength: 1 },
                  version: { type: 'string', minLength: 1 },
                  kind: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
                  plural: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
                  namespaced: { type: 'boolean' },
                },
              },
              resources: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  additionalProperties: false,
                  properties: { onCreate: CHILD_LIST, onReconcile: CHILD_LIST, onDelete: CHILD_LIST },
                },
              },
              // The owner's API (schema, rules, columns, versions): read and checked by readOwnerApi.
              api: { type: 'object' },
              status: {
                type: 'object',
                additionalProperties: false,
                properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } },
              },
              readiness: { enum: ['synced', 'children'] },
              concurrency: { type: 'integer', minimum: 1, maximum: 1000 },
              namespaces: { type: 'array', items: { type: 'string' } },
              resyncPeriod: { type: 'string', pattern: '^\\d+(ms|s|m|h)$' },
              finalizer: { type: 'string', pattern: '^[a-z0-9.-]+/[A-Za-z0-9._-]+$' },
              fieldManager: { type: 'string', minLength: 1 },
              events: {
                type: 'object',
                additionalProperties: false,
                properties: { initialCreate: { type: 'boolean' } },
              },
              // A module (path relative to the katalog file, or absolute) whose default export is the hooks.
              hooks: { type: 'string', minLength: 1 },
              webhooks: {
                type: 'object',
                additionalProperties: false,
                properties: { validate: WEBHOOK_SCHEMA, default: WEBHOOK_SCHEMA },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** The fields a child template of any handler may have, as the reconciler reads them. */
export const CHILD_FIELDS = {
  when: WHEN_SCHEMA,
  forEach: FOR_EACH_SCHEMA,
  readyWhen: WHEN_SCHEMA,
  id: { type: 'string' }, // its pattern is checked with the order, with a readable message
  dependsOn: { type: 'array', items: { type: 'string', minLength: 1 } },
} as const;

/** A child template's own fields alone (its handler's are checked by the handler's schema). */
export const CHILD_FIELDS_SCHEMA = { type: 'object', properties: CHILD_FIELDS } as const;
