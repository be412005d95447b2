export { describeResourceContract, type ResourceContractOptions } from './describe-resource-contract.js';
export type {
  DriftFixture,
  Fixture,
  FixturePlace,
  ImmutableFixture,
  ResourceContractFixtures,
} from './fixtures.js';
export type { ResourceTestEnv, ResourceTestEnvOptions, TestObjectClient } from './resource-test-env.js';
export { resourceTestEnv } from './resource-test-env.js';
export type { HandlerShape } from './unit-fixtures.js';
export { controllerReferencesTo, expectHandlerShape, sampleOwner } from './unit-fixtures.js';
export { validationProblems } from './validation-problems.js';
