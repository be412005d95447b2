export { describeResourceContract } from './describe-resource-contract.js';
export type { DriftFixture, Fixture, FixturePlace, ImmutableFixture, ResourceContractFixtures } from './fixtures.js';
export type { ResourceTestEnv, ResourceTestEnvOptions } from './resource-test-env.js';
export { resourceTestEnv } from './resource-test-env.js';
export { validationProblems } from './validation-problems.js';
