import { expect, test } from '@jest/globals';
import * as api from '../src/index.js';

// The value exports of `@orkestra/reconciler`, pinned: adding or removing one is a deliberate change to the public
// face (update this list and say so in a changeset; see CONTRIBUTING). What only this repository's other packages
// need goes in src/internal.ts (`@orkestra/reconciler/internal`), which is not public.
const PUBLIC_VALUES = [
  'CacheReadError',
  'ConfigurationError',
  'ConversionError',
  'GenericReconciler',
  'HookTimeoutError',
  'SharedInformerFactory',
  'admissionPolicy',
  'analyzeConfiguration',
  'child',
  'children',
  'customResourceDefinition',
  'defineOperator',
  'loadKatalog',
  'ownerApi',
  'ownerConverter',
];

test('the public entry exports exactly the listed values', () => {
  expect(Object.keys(api).sort()).toEqual([...PUBLIC_VALUES].sort());
});
