import { expect } from '@jest/globals';
import {
  ANY_KIND,
  type ChildResult,
  type KubeObject,
  type ObjectRef,
  type OwnerObject,
  OwnershipError,
  type ResolvedSpec,
  type ResourceHandler,
} from '@orkestra/core';
import { templateKindOf } from '@orkestra/core/internal';
import { type Fixture, fixture, type ResourceContractFixtures } from './fixtures.js';
import type { ResourceTestEnv, TestObjectClient } from './resource-test-env.js';

/** The handler, its fixtures and the test environment, with the steps every case of the suite takes. */
export interface ContractTools<Source, Spec extends ResolvedSpec> {
  readonly handler: ResourceHandler<Source, Spec>;
  readonly fixtures: ResourceContractFixtures<Source>;
  readonly env: ResourceTestEnv<TestObjectClient>;
  /** The kind, for titles (`ConfigMap`). */
  readonly kind: string;
  /** Resolves a fixture for `ownerName` (default: this test's owner), optionally under another child name. */
  spec(source: Fixture<Source>, options?: { name?: string; ownerName?: string }): Spec;
  /** `create` / `update` / `delete` of the handler, with Orkestra's client and context. */
  run(verb: 'create' | 'update' | 'delete', spec: Spec, owner?: OwnerObject): Promise<ChildResult>;
  /** What the handler throws for `verb` (fails the test when it does not throw). */
  failure(verb: 'create' | 'update' | 'delete', spec: Spec): Promise<unknown>;
  /** Where the child of `spec` lives, from the object the handler would write. */
  refOf(spec: Spec): Promise<ObjectRef>;
  /** The live child of `spec`, read by someone else (uncounted), or `undefined`. */
  read(spec: Spec): Promise<KubeObject | undefined>;
  /**
   * Creates, as someone else, the `foreign` fixture in the place of `spec`'s child; then `verb` must throw an
   * OwnershipError, write nothing and leave that object untouched. Resolves with the error.
   */
  refusesForeign(verb: 'create' | 'update' | 'delete', spec: Spec): Promise<OwnershipError>;
  /** Writes Orkestra's client sent since the last reset. */
  writes(): number;
  /** Resets the request counter of Orkestra's client. */
  resetRequests(): void;
}

/** Binds the suite's steps to one handler, its fixtures and an environment. */
export function contractTools<Source, Spec extends ResolvedSpec>(
  handler: ResourceHandler<Source, Spec>,
  fixtures: ResourceContractFixtures<Source>,
  env: ResourceTestEnv<TestObjectClient>,
): ContractTools<Source, Spec> {
  const withName = fixtures.withName ?? ((source: Source, name: string) => ({ ...source, name }) as Source);
  const spec = (source: Fixture<Source>, options: { name?: string; ownerName?: string } = {}) => {
    const value = fixture(source);
    return handler.resolve(
      options.name === undefined ? value : withName(value, options.name),
      options.ownerName ?? env.ownerName,
    );
  };
  const run = (verb: 'create' | 'update' | 'delete', s: Spec, owner = env.owner) =>
    handler[verb](env.ctx, env.kube, owner, s);
  const refOf = async (s: Spec): Promise<ObjectRef> => {
    const obj = await handler.desired(env.owner, s);
    return {
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      name: obj.metadata.name ?? s.name,
      ...(env.namespace ? { namespace: obj.metadata.namespace ?? env.namespace } : {}),
    };
  };
  const failure = async (verb: 'create' | 'update' | 'delete', s: Spec): Promise<unknown> => {
    const outcome = await run(verb, s).then(
      (result) => ({ threw: false as const, result }),
      (error: unknown) => ({ threw: true as const, error }),
    );
    expect({ verb, threw: outcome.threw }).toEqual({ verb, threw: true });
    return outcome.threw ? outcome.error : undefined;
  };
  return {
    handler,
    fixtures,
    env,
    kind: kindName(handler, fixtures),
    spec,
    run,
    failure,
    refOf,
    read: async (s) => env.other.get(await refOf(s)),
    async refusesForeign(verb, s) {
      const theirs = await env.other.create(
        fixtures.foreign({ name: (await refOf(s)).name, namespace: env.namespace }),
      );
      env.kube.requests.reset();
      const err = await failure(verb, s);
      expect(err).toBeInstanceOf(OwnershipError);
      expect(env.kube.requests.writes()).toBe(0);
      expect((await env.other.get(await refOf(s)))?.metadata.resourceVersion).toBe(theirs.metadata.resourceVersion);
      return err as OwnershipError;
    },
    writes: () => env.kube.requests.writes(),
    resetRequests: () => env.kube.requests.reset(),
  };
}

/** The kind for titles: the handler's, or for a handler of any kind the kind of `minimal` (when it is a value). */
export function kindName<Source>(
  handler: ResourceHandler<Source, ResolvedSpec>,
  fixtures: ResourceContractFixtures<Source>,
): string {
  if (handler.kind !== ANY_KIND || typeof fixtures.minimal === 'function') return handler.kind;
  return templateKindOf(handler, fixtures.minimal).kind;
}
