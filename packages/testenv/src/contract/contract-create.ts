import { describe, expect, it } from '@jest/globals';
import { OwnershipError, type ResolvedSpec } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import type { ContractTools } from './contract-tools.js';

/**
 * `create`: the child with one controller owner reference and the system labels; idempotent; never a write to
 * an object of the same name that another owner, or nobody, controls.
 */
export function describeCreate<Source, Spec extends ResolvedSpec>(t: ContractTools<Source, Spec>): void {
  const { env, fixtures, kind } = t;
  describe('create', () => {
    it(`creates the ${kind} with one controller owner reference and the system labels`, async () => {
      const spec = t.spec(fixtures.full);
      expect((await t.run('create', spec)).action).toBe('created');
      const live = await t.read(spec);
      expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': env.ownerName });
      const { apiVersion, kind: ownerKind, metadata } = env.owner;
      expect(live?.metadata.ownerReferences).toEqual([
        {
          apiVersion,
          kind: ownerKind,
          name: metadata.name,
          uid: metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
      fixtures.created?.(live!);
    });

    it(`is idempotent: an existing ${kind} of this owner costs no write`, async () => {
      const spec = t.spec(fixtures.full);
      await t.run('create', spec);
      t.resetRequests();
      expect((await t.run('create', spec)).action).toBe('unchanged');
      expect(t.writes()).toBe(0);
    });

    it(`two racing creates both succeed and leave one ${kind}`, async () => {
      const spec = t.spec(fixtures.minimal);
      const racer = new Kubeclient(env.cluster.kubeConfig);
      try {
        const results = await Promise.all([t.run('create', spec), t.handler.create(env.ctx, racer, env.owner, spec)]);
        expect(results.map((r) => r.action)).toContain('created');
      } finally {
        await racer.close();
      }
      expect((await t.read(spec))?.metadata.ownerReferences?.map((r) => r.uid)).toEqual([env.owner.metadata.uid]);
    });

    it(`refuses a ${kind} of the same name that nobody controls: OwnershipError, no write, untouched`, async () => {
      const err = await t.refusesForeign('create', t.spec(fixtures.full));
      expect(err.actualController).toBeUndefined();
    });

    it(`refuses a ${kind} controlled by another owner: OwnershipError naming it, no write, untouched`, async () => {
      const otherName = env.namespace ? 'other-site' : env.unique('other-site');
      const otherOwner = await env.makeOwner(otherName);
      const name = env.unique('shared');
      const theirs = await t.run('create', t.spec(fixtures.minimal, { name, ownerName: otherName }), otherOwner);
      t.resetRequests();
      const spec = t.spec(fixtures.full, { name });
      const err = await t.failure('create', spec);
      expect(err).toBeInstanceOf(OwnershipError);
      expect((err as Error).message).toContain(
        `is controlled by ${otherOwner.kind} ${env.namespace ? `${env.namespace}/` : ''}${otherName}`,
      );
      expect(t.writes()).toBe(0);
      expect((await t.read(spec))?.metadata.resourceVersion).toBe(theirs.object?.metadata.resourceVersion);
    });
  });
}
