import { describe, expect, it } from '@jest/globals';
import { indexedPath } from '../src/server-validation.js';

describe("indexedPath: the API server's field paths in the object's terms", () => {
  const pod = {
    spec: {
      containers: [
        {
          name: 'a',
          ports: [
            { containerPort: 80, protocol: 'UDP' },
            { containerPort: 80, protocol: 'TCP' },
          ],
        },
        { name: 'b:c', image: 'x' },
      ],
    },
  };

  it('replaces key selectors by the index of the item they select', () => {
    expect(indexedPath('spec.containers[name="b:c"].portz', pod)).toBe('spec.containers[1].portz');
    expect(indexedPath('spec.containers[name="a"].ports[containerPort=80,protocol="TCP"].x', pod)).toBe(
      'spec.containers[0].ports[1].x',
    );
  });

  it('keeps plain paths, indices, and selectors no item matches', () => {
    expect(indexedPath('spec.replicass', pod)).toBe('spec.replicass');
    expect(indexedPath('spec.containers[1].image', pod)).toBe('spec.containers[1].image');
    expect(indexedPath('spec.containers[name="z"].image', pod)).toBe('spec.containers[name="z"].image');
  });
});
