import { describe, expect, it } from '@jest/globals';
import { splitLocation, YamlLocator } from '../src/internal.js';

describe('YamlLocator', () => {
  const text =
    'spec:\n  crds:\n    - resources:\n        deployments:\n          onReconcile:\n            - annotations:\n                app.kubernetes.io/name: x\n';
  it('finds list items and keys that hold dots', () => {
    const l = new YamlLocator(text, 'k.yaml');
    expect(l.locate('spec.crds[0].resources.deployments.onReconcile[0].annotations.app.kubernetes.io/name')).toBe(
      'k.yaml:7:17',
    );
    expect(l.locate('spec.crds[0].resources.deployments.onReconcile[0].missing.deeper')).toBe('k.yaml:6:15');
  });
  it('names the line alone for a text without a file, and nothing for an empty document', () => {
    expect(new YamlLocator(text).locate('spec.crds')).toBe('line 2:3');
    expect(new YamlLocator('').locate('spec')).toBeUndefined();
  });
  it('splits a location off a message', () => {
    expect(splitLocation('is not a known field (k.yaml:12:15)')).toEqual({
      message: 'is not a known field',
      location: 'k.yaml:12:15',
    });
    expect(splitLocation('is not a known field (line 3:1)')).toEqual({
      message: 'is not a known field',
      location: 'line 3:1',
    });
  });
});
