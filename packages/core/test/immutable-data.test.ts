import { describe, expect, it } from '@jest/globals';
import { immutableDataChanges } from '../src/authoring.js';
import type { KubeObject } from '../src/index.js';

const live: KubeObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c' },
  immutable: true,
  data: { a: '1', b: '2' },
};
const opts = { kind: 'ConfigMap', fields: ['data', 'binaryData'] };

describe('immutableDataChanges', () => {
  it('nothing is refused on a mutable object', () => {
    expect(
      immutableDataChanges([{ path: 'data.a', reason: 'changed' }], { ...live, immutable: false }, live, opts),
    ).toEqual([]);
  });
  it('a changed value, a removed key and the flag turned off are refused; labels are not', () => {
    const desired = { ...live, immutable: false, data: { a: 'x' } };
    expect(
      immutableDataChanges(
        [
          { path: 'data.a', reason: 'changed' },
          { path: 'immutable', reason: 'changed' },
          { path: 'metadata.labels.x', reason: 'missing' },
        ],
        live,
        desired,
        opts,
      ),
    ).toEqual([
      { path: 'data.a', reason: 'the ConfigMap is immutable' },
      { path: 'immutable', reason: 'the ConfigMap is immutable' },
      { path: 'data.b', reason: 'the ConfigMap is immutable: a key cannot be removed' },
    ]);
  });
  it('dropping the flag from the template is refused too', () => {
    const { immutable: _gone, ...desired } = live;
    expect(immutableDataChanges([], live, desired as KubeObject, opts)).toEqual([
      { path: 'immutable', reason: 'the ConfigMap is immutable: it cannot be made mutable again' },
    ]);
  });
});
