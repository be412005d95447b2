import { describe, expect, it } from '@jest/globals';
import { childFieldsAccept, katalogAccepts } from '../generated/schema-check.js';

// The katalog's schemas compiled at build time (generated/schema-check.ts, by the `generate` target).
describe('schema checks generated ahead of time', () => {
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
