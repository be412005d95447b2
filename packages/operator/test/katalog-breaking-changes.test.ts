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
