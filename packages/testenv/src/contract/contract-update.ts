import { describe, expect, it } from '@jest/globals';
import type { KubeObject, ResolvedSpec } from '@orkestra/core';
import type { ContractTools } from './contract-tools.js';
import { type DriftFixture, type Fixture, fixture } from './fixtures.js';
import { formatPath, patchPaths, valueAt } from './paths.js';

/** Updates in a row that must all be free once the child is in sync. */
const IN_SYNC_ROUNDS = 5;

/**
 * `update`: creates a missing child; in sync, zero writes however often it runs; each drifted field corrected
 * with exactly one write; a field the template stops setting removed (and another manager's left alone; the
 * first such update of a child created with POST may cost one write more, handing its fields over);
 * never a write to an object it does not control.
 */
export function describeUpdate<Source, Spec extends ResolvedSpec>(t: ContractTools<Source, Spec>): void {
  const { env, fixtures, kind } = t;
  describe('update', () => {
    it(`creates a missing ${kind}`, async () => {
      const spec = t.spec(fixtures.minimal);
      expect((await t.run('update', spec)).action).toBe('created');
      expect(await t.read(spec)).toBeDefined();
    });

    const inSync: [string, Fixture<Source>][] = [
      ['minimal', fixtures.minimal],
      ['full', fixtures.full],
      ...Object.entries(fixtures.inSync ?? {}),
    ];
    it.each(inSync)(
      `in sync (%s): zero writes over ${IN_SYNC_ROUNDS} updates, whatever the server defaulted`,
      async (_, source) => {
        const spec = t.spec(source);
        await t.run('update', spec);
        t.resetRequests();
        for (let i = 0; i < IN_SYNC_ROUNDS; i++) expect((await t.run('update', spec)).action).toBe('unchanged');
        expect(t.writes()).toBe(0);
      },
    );

    const systemLabel: DriftFixture = {
      what: 'a system label',
      patch: { metadata: { labels: { 'orkestra-owner': 'nobody' } } },
      corrected: (live) => expect(live.metadata.labels?.['orkestra-owner']).toBe(env.ownerName),
    };
    it.each([...fixtures.drifts, systemLabel].map((d) => [d.what, d] as const))(
      'corrects %s changed by someone else with exactly one write',
      async (_, drift) => {
        const spec = t.spec(fixtures.full);
        await t.run('update', spec);
        const before = (await t.read(spec))!;
        const patch = fixture(drift.patch);
        await env.other.patch(await t.refOf(spec), patch, {
          fieldManager: 'kubectl-edit',
          type: drift.patchType ?? (Array.isArray(patch) ? 'json' : 'merge'),
        });
        t.resetRequests();
        expect((await t.run('update', spec)).action).toBe('updated');
        expect(t.writes()).toBe(1);
        const live = (await t.read(spec))!;
        expect(live.metadata.uid).toBe(before.metadata.uid);
        (drift.corrected ?? restored(patch))(live, before);
        t.resetRequests();
        expect((await t.run('update', spec)).action).toBe('unchanged');
        expect(t.writes()).toBe(0);
      },
    );

    it('removes what the template stops setting, and leaves an annotation of another manager alone', async () => {
      const full = t.spec(fixtures.full);
      await t.run('update', full);
      const before = (await t.read(full))!;
      await env.other.patch(
        await t.refOf(full),
        { metadata: { annotations: { 'user/note': 'keep me' } } },
        { fieldManager: 'kubectl-annotate' },
      );
      const minimal = t.spec(fixtures.minimal);
      t.resetRequests();
      expect((await t.run('update', minimal)).action).toBe('updated');
      // One apply; before it, the first update that changes the fields of a child created with POST hands the
      // create's fields over to the apply (a managedFields-only patch): once per child.
      expect(t.writes()).toBeLessThanOrEqual(2);
      const live = (await t.read(minimal))!;
      expect(live.metadata.uid).toBe(before.metadata.uid);
      expect(live.metadata.annotations?.['user/note']).toBe('keep me');
      const dropped = fixture(fixtures.dropped);
      if (!Object.keys(dropped).length)
        throw new Error(
          'contract fixture `dropped` names no path: give at least one field that full sets and minimal does not',
        );
      expect(Object.fromEntries(Object.keys(dropped).map((path) => [path, valueAt(live, path)]))).toEqual(dropped);
      expect((await t.run('update', minimal)).action).toBe('unchanged');
      // Handed over: setting the fields again and dropping them again is one write each.
      t.resetRequests();
      expect((await t.run('update', full)).action).toBe('updated');
      expect((await t.run('update', minimal)).action).toBe('updated');
      expect(t.writes()).toBe(2);
      const again = (await t.read(minimal))!;
      expect(Object.fromEntries(Object.keys(dropped).map((path) => [path, valueAt(again, path)]))).toEqual(dropped);
    });

    it(`refuses to update a ${kind} it does not control: OwnershipError, no write, untouched`, async () => {
      await t.refusesForeign('update', t.spec(fixtures.full));
    });
  });
}

/** The default check of a corrected drift: every field the patch touched is back at its value before the edit. */
function restored(patch: unknown): (live: KubeObject, before: KubeObject) => void {
  return (live, before) => {
    const paths = patchPaths(patch).map(formatPath);
    expect(Object.fromEntries(paths.map((p) => [p, valueAt(live, p)]))).toEqual(
      Object.fromEntries(paths.map((p) => [p, valueAt(before, p)])),
    );
  };
}
