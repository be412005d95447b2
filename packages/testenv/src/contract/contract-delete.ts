import { describe, expect, it } from '@jest/globals';
import type { ResolvedSpec } from '@orkestra/core';
import type { ContractTools } from './contract-tools.js';

/** How long the garbage collector may take to remove a child of a deleted owner. */
const GC_TIMEOUT_MS = 30_000;

/**
 * `delete`: a missing child costs nothing; this owner's child is deleted; anyone else's is refused and left
 * alone. And the garbage collector removes the child when its owner goes (the owner reference works).
 */
export function describeDelete<Source, Spec extends ResolvedSpec>(t: ContractTools<Source, Spec>): void {
  const { env, fixtures, kind } = t;
  describe('delete', () => {
    it('missing: nothing happens, no write', async () => {
      expect((await t.run('delete', t.spec(fixtures.minimal))).action).toBe('absent');
      expect(t.writes()).toBe(0);
    });

    it(`controlled by the owner: the ${kind} is deleted`, async () => {
      const spec = t.spec(fixtures.minimal);
      await t.run('create', spec);
      expect((await t.run('delete', spec)).action).toBe('deleted');
      await env.cluster.waitFor(async () => (await t.read(spec)) === undefined, {
        timeoutMs: GC_TIMEOUT_MS,
        description: `the ${kind} to be gone`,
      });
    });

    it(`someone else's: OwnershipError, no write, untouched`, async () => {
      await t.refusesForeign('delete', t.spec(fixtures.minimal));
    });

    if (fixtures.garbageCollection ?? true) {
      it(`the garbage collector removes the ${kind} when the owner goes`, async () => {
        const spec = t.spec(fixtures.minimal);
        await t.run('create', spec);
        await env.other.delete(env.ownerRef(env.ownerName));
        await env.cluster.waitFor(async () => (await t.read(spec)) === undefined, {
          timeoutMs: GC_TIMEOUT_MS,
          description: `the ${kind} to be garbage-collected`,
        });
      });
    }
  });
}
