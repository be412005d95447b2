/**
 * A Katalog's `spec.removalPolicy` as the compile step reads it (pure): the example's policy, the safe default, and
 * every wrong value refused at its field path — also at `kubectl apply`, since the webhook runs the same compile.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { ResourceRegistry } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { load } from 'js-yaml';
import { compileKatalog, type KatalogObject } from '../src/katalogs/compile.js';
import { KEEP_ALL, parseRemovalPolicy } from '../src/katalogs/removal-policy.js';

const handlers = [configmaps.handler, deployments.handler, services.handler] as never[];
const example = load(
  readFileSync(new URL('../../../examples/platform/katalog.yaml', import.meta.url), 'utf8'),
) as KatalogObject;

it("compiles the example's policy; without one, everything is kept", () => {
  expect(compileKatalog(example, handlers, new ResourceRegistry()).compiled?.removalPolicy).toEqual({
    instances: 'Delete',
    crd: 'Keep',
  });
  const { removalPolicy: _, ...spec } = example.spec ?? {};
  expect(compileKatalog({ ...example, spec }, handlers, new ResourceRegistry()).compiled?.removalPolicy).toEqual(
    KEEP_ALL,
  );
  expect(parseRemovalPolicy({ instances: 'Delete', crd: 'DeleteIfCreated' }).policy).toEqual({
    instances: 'Delete',
    crd: 'DeleteIfCreated',
  });
});

it('refuses an unknown value, an unknown field, and DeleteIfCreated that would keep the instances', () => {
  const paths = (raw: unknown) => parseRemovalPolicy(raw).problems.map((p) => `${p.path}: ${p.message}`);
  expect(paths({ instances: 'Purge', crd: 'Never', orphan: true })).toEqual([
    'spec.removalPolicy.orphan: is not a field of removalPolicy',
    'spec.removalPolicy.instances: is "Purge": want one of Keep, Delete',
    'spec.removalPolicy.crd: is "Never": want one of Keep, DeleteIfCreated',
  ]);
  expect(paths({ crd: 'DeleteIfCreated' })).toEqual([
    'spec.removalPolicy.crd: DeleteIfCreated needs instances: Delete (deleting a CRD deletes every object of its kind)',
  ]);
  expect(paths('Delete')).toEqual(['spec.removalPolicy: must be an object']);
  const refused = compileKatalog(
    { ...example, spec: { ...example.spec, removalPolicy: { crd: 'DeleteIfCreated' } } },
    handlers,
    new ResourceRegistry(),
  );
  expect(refused.problems.map((p) => p.path)).toEqual(['spec.removalPolicy.crd']);
});
