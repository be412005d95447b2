import { describe, expect, it } from '@jest/globals';
import { readOwnerApi } from '../src/api-schema.js';

describe('the rules of immutable: true', () => {
  it('are written on the nearest object there on both sides: the spec, or a list item', () => {
    const { api, problems } = readOwnerApi(
      {
        spec: {
          backup: { 'bucket-name': { type: 'string', immutable: true } },
          disks: { type: 'array', items: { id: { type: 'string', immutable: true } } },
          tags: { type: 'array', items: { type: 'string', immutable: true } },
        },
      },
      'api',
    );
    expect(problems).toEqual([]);
    expect(api!.spec['x-kubernetes-validations']).toEqual([
      {
        rule: '!(has(oldSelf.backup) && has(oldSelf.backup.bucket__dash__name)) || has(self.backup) && has(self.backup.bucket__dash__name) && self.backup.bucket__dash__name == oldSelf.backup.bucket__dash__name',
        message: 'backup.bucket-name is immutable: once set, it can be neither changed nor removed',
        fieldPath: ".backup['bucket-name']",
      },
    ]);
    expect(api!.spec.properties!.disks!.items!['x-kubernetes-validations']).toEqual([
      {
        rule: '!(has(oldSelf.id)) || has(self.id) && self.id == oldSelf.id',
        message: 'id is immutable: once set, it can be neither changed nor removed',
        fieldPath: '.id',
      },
    ]);
    expect(api!.spec.properties!.tags!.items!['x-kubernetes-validations']).toEqual([
      { rule: 'self == oldSelf', message: 'the value is immutable' },
    ]);
  });
});
