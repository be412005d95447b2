import { expect, it } from '@jest/globals';
import { breakingChanges } from '../src/katalogs/breaking-changes.js';

const live = {
  type: 'object',
  required: ['image'],
  properties: {
    image: { type: 'string' },
    replicas: { type: 'integer' },
    ports: {
      type: 'array',
      items: { type: 'object', properties: { port: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
};

it('names each field removed, retyped or newly required, nested and in list items', () => {
  const wanted = {
    type: 'object',
    required: ['image', 'tier'],
    properties: {
      image: { type: 'string' },
      replicas: { type: 'string' },
      tier: { type: 'string' },
      ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
    },
  };
  expect(breakingChanges(live, wanted, 'spec')).toEqual([
    'spec.replicas changes type from integer to string',
    'spec.ports[].name is removed',
    'spec.tier becomes required',
  ]);
});

it('finds nothing in a compatible change: a new optional field, a field kept', () => {
  const wanted = { ...live, properties: { ...live.properties, greeting: { type: 'string' } } };
  expect(breakingChanges(live, wanted, 'spec')).toEqual([]);
  expect(breakingChanges(undefined, wanted, 'spec')).toEqual([]);
});

it('names each rule tightened: a CEL rule added or changed, an enum narrowed, a bound added or moved inward', () => {
  const before = {
    type: 'object',
    'x-kubernetes-validations': [{ rule: 'self.replicas <= 10' }],
    properties: {
      tier: { type: 'string', enum: ['dev', 'prod', 'test'] },
      replicas: { type: 'integer', minimum: 0, maximum: 10 },
      name: { type: 'string', maxLength: 63 },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
  };
  const after = {
    type: 'object',
    'x-kubernetes-validations': [{ rule: 'self.replicas <= 5' }],
    properties: {
      tier: { type: 'string', enum: ['dev', 'prod'] },
      replicas: { type: 'integer', minimum: 1, maximum: 10 },
      name: { type: 'string', maxLength: 40, pattern: '^[a-z]+$' },
      labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 20 } },
    },
  };
  expect(breakingChanges(before, after, 'spec')).toEqual([
    'spec gets the rule "self.replicas <= 5"',
    'spec.tier no longer allows test',
    'spec.replicas gets minimum 1 (was 0)',
    'spec.name gets maxLength 40 (was 63)',
    'spec.name gets pattern "^[a-z]+$"',
    'spec.labels{} gets maxLength 20',
  ]);
});

it('finds nothing in a loosened rule: an enum widened, a bound moved outward or removed, a rule kept or dropped', () => {
  const before = {
    type: 'object',
    'x-kubernetes-validations': [{ rule: 'self.replicas <= 10' }, { rule: 'has(self.tier)' }],
    properties: {
      tier: { type: 'string', enum: ['dev', 'prod'] },
      replicas: { type: 'integer', minimum: 1, maximum: 10 },
      name: { type: 'string', maxLength: 40, pattern: '^[a-z]+$' },
    },
  };
  const after = {
    type: 'object',
    'x-kubernetes-validations': [{ rule: 'self.replicas <= 10' }],
    properties: {
      tier: { type: 'string', enum: ['dev', 'prod', 'test'] },
      replicas: { type: 'integer', minimum: 0 },
      name: { type: 'string', maxLength: 63, pattern: '^[a-z]+$' },
    },
  };
  expect(breakingChanges(before, after, 'spec')).toEqual([]);
});
