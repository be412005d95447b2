import { describe, expect, it } from '@jest/globals';
import { ImmutableFieldError, type KubeObject, type ResolvedSpec } from '@orkestra/core';
import type { ContractTools } from './contract-tools.js';
import { fixture, type ImmutableFixture } from './fixtures.js';

/**
 * Immutable fields: a change the server refuses on an existing object is refused before any write, with an
 * ImmutableFieldError naming the fields and the way out; with `recreate: true` the object is deleted and
 * created again, and is in sync afterwards.
 */
export function describeImmutable<Source, Spec extends ResolvedSpec>(t: ContractTools<Source, Spec>): void {
  const cases = t.fixtures.immutable ?? [];
  if (!cases.length) return;
  const rows = cases.map((c) => [c.what, c] as const);

  /** The child as the case starts: written by `update` from a source, or created by someone else. */
  async function setUp(c: ImmutableFixture<Source>): Promise<KubeObject> {
    const after = t.spec(c.after);
    if (c.existing)
      return t.env.other.create(
        c.existing(t.env.owner, { name: (await t.refOf(after)).name, namespace: t.env.namespace }),
      );
    if (c.before === undefined)
      throw new Error(`contract fixture immutable "${c.what}": give \`before\` (a source) or \`existing\` (an object)`);
    await t.run('update', t.spec(c.before));
    return (await t.read(after))!;
  }

  describe('immutable fields', () => {
    it.each(rows)(
      '%s: refused with ImmutableFieldError naming the fields and the way out, and nothing is written',
      async (_, c) => {
        const before = await setUp(c);
        const spec = t.spec(c.after);
        t.resetRequests();
        const err = await t.failure('update', spec);
        expect(err).toBeInstanceOf(ImmutableFieldError);
        expect((err as ImmutableFieldError).changes.map((change) => change.path)).toEqual(c.paths);
        const { kind, namespace, name } = await t.refOf(spec);
        expect((err as Error).message).toContain(
          `cannot update ${kind} ${namespace ? `${namespace}/` : ''}${name}: ${c.paths[0]}`,
        );
        expect((err as Error).message).toContain('recreate: true');
        expect(t.writes()).toBe(0);
        expect((await t.read(spec))?.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
      },
    );

    it.each(rows)('%s, with recreate: true: deleted and created again, then in sync', async (_, c) => {
      const before = await setUp(c);
      const spec = t.spec(c.recreate ?? (() => ({ ...fixture(c.after), recreate: true })));
      expect((await t.run('update', spec)).action).toBe('recreated');
      const live = (await t.read(spec))!;
      expect(live.metadata.uid).not.toBe(before.metadata.uid);
      c.recreated?.(live);
      t.resetRequests();
      expect((await t.run('update', spec)).action).toBe('unchanged');
      expect(t.writes()).toBe(0);
    });
  });
}
