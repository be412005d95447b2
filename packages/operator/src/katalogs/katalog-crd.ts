/**
 * The `Katalog` kind (`orkestra.io/v1alpha1`, namespaced) as a custom resource: its CRD is made here from a schema
 * in code, by the same generator as every owner kind's, so nothing of it is hand-written YAML. The spec has the
 * shape of a katalog file's (`crds: [...]`) plus `serviceAccountName`; each entry is kept open
 * (`x-kubernetes-preserve-unknown-fields`) because the runtime's analysis — the one `orkestra validate` runs —
 * checks it and says what is wrong with field paths and did-you-mean hints, which a CRD schema cannot.
 */

import { type CustomResourceDefinition, customResourceDefinition, type OwnerKind } from '@orkestra/reconciler';

/** The Katalog kind, as an owner kind. */
export const KATALOG_KIND: OwnerKind = {
  group: 'orkestra.io',
  version: 'v1alpha1',
  kind: 'Katalog',
  plural: 'katalogs',
  namespaced: true,
};

export const KATALOG_API_VERSION = 'orkestra.io/v1alpha1';

/** What the runtime writes in a Katalog's status (beside `conditions` and `observedGeneration`). */
const KATALOG_STATUS = {
  type: 'object',
  properties: {
    revision: { type: 'integer', description: 'The revision served (its ConfigMap: <katalog>-r<revision>).' },
    instances: { type: 'integer', description: 'Instances of its kinds in the namespace, as the runtime saw them.' },
    kinds: { type: 'array', items: { type: 'string' }, description: 'The kinds served, <plural>.<group>.' },
    problems: {
      type: 'array',
      description: 'What keeps the last spec from being served: field path, message, how to fix it.',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' }, hint: { type: 'string' } },
      },
    },
  },
} as const;

const KATALOG_SPEC = {
  type: 'object',
  required: ['serviceAccountName', 'crds'],
  properties: {
    serviceAccountName: {
      type: 'string',
      minLength: 1,
      description: "The ServiceAccount of the Katalog's namespace whose permissions its reconcilers act with.",
    },
    crds: {
      type: 'array',
      minItems: 1,
      description: 'The owner kinds, as in a katalog file (checked by the runtime: see the Ready condition).',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
    removalPolicy: {
      type: 'object',
      description:
        'What becomes of a kind when the Katalog is deleted or the kind removed from it; default Keep and Keep. ' +
        'No default in the schema: an upgrade of this CRD must not change stored specs.',
      properties: {
        instances: {
          type: 'string',
          enum: ['Keep', 'Delete'],
          description: 'Keep (default), or Delete: the runtime deletes the instances as the ServiceAccount.',
        },
        crd: {
          type: 'string',
          enum: ['Keep', 'DeleteIfCreated'],
          description:
            'Keep (default), or DeleteIfCreated: the CRD goes too when this Katalog created it and no instance is ' +
            'left (needs instances: Delete).',
        },
      },
    },
  },
} as const;

/** The CustomResourceDefinition of Katalogs (`katalogs.orkestra.io`). Pure. */
export function katalogCrd(): CustomResourceDefinition {
  const crd = customResourceDefinition(KATALOG_KIND, {
    spec: KATALOG_SPEC as never,
    status: KATALOG_STATUS as never,
    shortNames: ['kat'],
    categories: ['orkestra'],
  });
  for (const version of crd.spec.versions)
    version.additionalPrinterColumns = [
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Revision', type: 'integer', jsonPath: '.status.revision' },
      { name: 'Instances', type: 'integer', jsonPath: '.status.instances' },
      { name: 'Reason', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].reason' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ];
  return crd;
}
