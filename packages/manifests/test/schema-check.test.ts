import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';
import { schemaCheckIsCurrent } from '../../../scripts/schema-check-code.mjs';
import { handler, ManifestSourceSchema } from '../src/index.js';

// The template schema compiled ahead of time (src/schema-check.generated.ts) must be the schema's current code:
// `UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts` rewrites it after a change of the schema.
it('carries its template schema compiled ahead of time, current with the schema', () => {
  const file = fileURLToPath(new URL('../src/schema-check.generated.ts', import.meta.url));
  const options = { exportName: 'manifestSourceAccepts', origin: 'ManifestSourceSchema (src/types.ts)' };
  expect(schemaCheckIsCurrent(file, ManifestSourceSchema, options)).toBe(true);
  expect(handler.check).toBeDefined();
  expect(handler.check!({ unknownField: 1 })).toBe(false);
});
