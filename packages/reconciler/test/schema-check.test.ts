import { describe, expect, it } from '@jest/globals';
import { expectSchemaCheckCurrent } from '@orkestra/testenv/schema-check';
import { childFieldsAccept } from '../src/child-fields-check.generated.js';
import { katalogAccepts } from '../src/katalog-check.generated.js';
import { CHILD_FIELDS_SCHEMA, KATALOG_SCHEMA } from '../src/katalog-schema.js';

// The katalog's schemas compiled ahead of time (src/*.generated.ts) must be their current code:
// `UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts` rewrites them after a change of a schema.
const generated = (name: string) => new URL(`../src/${name}.generated.ts`, import.meta.url);
const regenerate = 'UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts';

describe('schema checks generated ahead of time', () => {
  it('are current with the katalog schema and the child fields schema', () => {
    expectSchemaCheckCurrent(generated('katalog-check'), KATALOG_SCHEMA, {
      exportName: 'katalogAccepts',
      origin: 'KATALOG_SCHEMA (src/katalog-schema.ts)',
      regenerate,
    });
    expectSchemaCheckCurrent(generated('child-fields-check'), CHILD_FIELDS_SCHEMA, {
      exportName: 'childFieldsAccept',
      origin: 'CHILD_FIELDS_SCHEMA (src/katalog-schema.ts)',
      regenerate,
    });
  });

  it('accept what the schemas accept and refuse the rest', () => {
    const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
    const katalog = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog', spec: { crds: [{ owner, resources: {} }] } };
    expect(katalogAccepts(katalog)).toBe(true);
    expect(katalogAccepts({ ...katalog, spec: { crds: [] } })).toBe(false);
    expect(
      katalogAccepts({ ...katalog, spec: { crds: [{ owner: { ...owner, kind: 'website' }, resources: {} }] } }),
    ).toBe(false);
    expect(childFieldsAccept({ image: 'x', when: 'spec.on', forEach: 'spec.sites', dependsOn: ['db'] })).toBe(true);
    expect(childFieldsAccept({ forEach: 'spec..sites' })).toBe(false);
    expect(childFieldsAccept({ dependsOn: [''] })).toBe(false);
  });
});
