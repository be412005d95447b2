import { describe, expect, it } from '@jest/globals';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { fixture, type ResourceContractFixtures } from './fixtures.js';

/**
 * The handler's schema compiled ahead of time (`check`, generated at build time from the schema): it accepts
 * every source of the fixtures and, when the schema is closed (`additionalProperties: false`), refuses an unknown
 * field. No request is sent. Nothing is registered for a handler without a `check`.
 */
export function describeSchemaCheck<Source, Spec extends ResolvedSpec>(
  handler: ResourceHandler<Source, Spec>,
  fixtures: ResourceContractFixtures<Source>,
  kind: string,
): void {
  const check = handler.check;
  if (!check) return;
  describe(`${kind}: its template schema compiled ahead of time`, () => {
    it('accepts every source of the fixtures, and refuses a field a closed schema does not list', () => {
      const sources = { minimal: fixtures.minimal, full: fixtures.full, ...fixtures.inSync };
      for (const [title, source] of Object.entries(sources))
        expect({ title, accepted: check(fixture(source)) }).toEqual({ title, accepted: true });
      // A closed schema (every typed package's) refuses a field it doesn't list; an open one (manifests) doesn't.
      if (handler.schema.additionalProperties === false)
        expect(check({ ...(fixture(fixtures.minimal) as object), unknownField: 1 })).toBe(false);
    });
  });
}
