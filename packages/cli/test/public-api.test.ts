import { expect, test } from '@jest/globals';
import * as api from '../src/index.js';

// The value exports of `@orkestra/cli`, pinned: adding or removing one is a deliberate change to the public face
// (update this list and say so in a changeset; see CONTRIBUTING).
const PUBLIC_VALUES = ['ExitCode', 'main', 'readKatalog', 'renderChildren'];

test('the public entry exports exactly the listed values', () => {
  expect(Object.keys(api).sort()).toEqual([...PUBLIC_VALUES].sort());
});
