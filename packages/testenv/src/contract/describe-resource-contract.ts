import { describe } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { describeCreate } from './contract-create.js';
import { describeDelete } from './contract-delete.js';
import { describeImmutable } from './contract-immutable.js';
import { describeSchemaCheck } from './contract-schema-check.js';
import { contractTools, kindName } from './contract-tools.js';
import { describeUpdate } from './contract-update.js';
import type { ResourceContractFixtures } from './fixtures.js';
import { resourceTestEnv, type TestObjectClient } from './resource-test-env.js';

/** Options of {@link describeResourceContract}. */
export interface ResourceContractOptions {
  /**
   * Runs the suite over another client than `Kubeclient`: `name` goes in the suite's title, `make` builds
   * Orkestra's client from the run's `KubeConfig` (the other party stays a `Kubeclient`). The schema check,
   * which needs no client, runs only in the suite without this option.
   */
  client?: { name: string; make: (kubeConfig: KubeConfig) => TestObjectClient };
}

/**
 * The contract every resource package keeps (DESIGN.md, "The contract"), as Jest integration tests against the
 * run's real control plane. Call it once, at the top level of an `*.int.test.ts` file; the fixtures say what is
 * particular to the kind. Each test gets a namespace and an owner of its own (see `resourceTestEnv`).
 *
 * - **create**: one controller owner reference and the system labels; idempotent (no write); two racing creates
 *   leave one object; an object of the same name that nobody, or another owner, controls is refused with an
 *   `OwnershipError` and no write.
 * - **update**: creates a missing child; `minimal`, `full` and each `inSync` source stay at zero writes over five
 *   updates; each of `drifts` (and a changed system label) is corrected with exactly one write, in place; going
 *   from `full` to `minimal` removes `dropped` and keeps another manager's annotation; foreign objects refused.
 * - **immutable fields** (when `immutable` is given): `ImmutableFieldError` naming the paths and `recreate: true`,
 *   no write; with `recreate: true` the object is deleted and created again, then in sync.
 * - **delete**: missing → `absent`, no write; this owner's → deleted; anyone else's → `OwnershipError`, untouched;
 *   the garbage collector removes the child when the owner goes (unless `garbageCollection: false`).
 * - **schema compiled ahead of time** (when the handler has a `check`, the package's build-time check of its
 *   schema; no cluster needed): `check` accepts `minimal`, `full` and every `inSync` source and, if the schema is
 *   closed, refuses an unknown field.
 *
 * Writes are counted on Orkestra's client only; "untouched" means the object's resourceVersion did not move.
 * `options.client` runs it all over another `ObjectClient` (a second call, beside the first).
 * The suite registers its own `beforeEach` hooks: keep the kind's other integration tests in another file.
 *
 * @example
 * describeResourceContract(configmaps.handler, {
 *   minimal: {},
 *   full: { data: { a: '1', b: '2' }, labels: { app: 'web' }, annotations: { note: 'x' } },
 *   foreign: ({ name, namespace }) =>
 *     ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { theirs: 'yes' } }),
 *   drifts: [
 *     { what: 'a data value', patch: { data: { a: 'evil' } } },
 *     { what: 'a label', patch: { metadata: { labels: { app: 'x' } } } },
 *   ],
 *   dropped: { data: undefined, 'metadata.labels.app': undefined },
 * });
 */
export function describeResourceContract<Source, Spec extends ResolvedSpec>(
  handler: ResourceHandler<Source, Spec>,
  fixtures: ResourceContractFixtures<Source>,
  options: ResourceContractOptions = {},
): void {
  const over = options.client ? ` (over ${options.client.name})` : '';
  describe(`${kindName(handler, fixtures)}: the resource contract${over}`, () => {
    const env = resourceTestEnv<TestObjectClient>({
      namespacePrefix: handler.key,
      namespaced: fixtures.namespaced ?? handler.namespaced,
      ...(options.client ? { client: options.client.make } : {}),
    });
    const tools = contractTools(handler, fixtures, env);
    describeCreate(tools);
    describeUpdate(tools);
    describeImmutable(tools);
    describeDelete(tools);
  });
  if (!options.client) describeSchemaCheck(handler, fixtures, kindName(handler, fixtures));
}
