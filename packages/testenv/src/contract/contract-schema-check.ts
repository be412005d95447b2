import { describe, expect, it } from '@jest/globals';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { expectSchemaCheckCurrent } from '../schema-check/stale-schema-check.js';
import { fixture, type ResourceContractFixtures } from './fixtures.js';

/**
 * The handler's schema compiled ahead of time (`check`): the generated file is what its schema generates now,
 * and the check accepts every source of the fixtures and, when the schema is closed (`additionalProperties: false`),
 * refuses an unknown field. No request is sent.
 */
export function describeSchemaCheck<Source, Spec extends ResolvedSpec>(
  handler: ResourceHandler<Source, Spec>,
  fixtures: ResourceContractFixtures<Source>,
  kind: string,
): void {
  const { schemaCheck } = fixtures;
  if (!handler.check && !schemaCheck) return;
  describe(`${kind}: its template schema compiled ahead of time`, () => {
    it('is the current code of the schema (UPDATE_SCHEMA_CHECKS=1 rewrites it)', () => {
      if (!schemaCheck)
        throw new Error(
          "fill in: schemaCheck: { generated: new URL('../src/schema-check.generated.ts', import.meta.url), exportName, origin }",
        );
      const { generated, ...options } = schemaCheck;
      expectSchemaCheckCurrent(generated, handler.schema, options);
      expect(handler.check).toBeDefined();
    });

    it('accepts every source of the fixtures, and refuses a field a closed schema does not list', () => {
      const check = handler.check;
      if (!check)
        throw new Error('fill in: the handler has no check: give defineResource `check` from the generated file');
      const sources = { minimal: fixtures.minimal, full: fixtures.full, ...fixtures.inSync };
      for (const [title, source] of Object.entries(sources))
        expect({ title, accepted: check(fixture(source)) }).toEqual({ title, accepted: true });
      // A closed schema (every typed package's) refuses a field it doesn't list; an open one (manifests) doesn't.
      if (handler.schema.additionalProperties === false)
        expect(check({ ...(fixture(fixtures.minimal) as object), unknownField: 1 })).toBe(false);
    });
  });
}
