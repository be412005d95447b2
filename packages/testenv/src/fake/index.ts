// `@orkestra/testenv/fake`: an in-memory ControllerClient for unit tests of reconcile logic and hooks.

export type { FakeClientOptions, FakeRequest } from './fake-client.js';
export { FakeClient } from './fake-client.js';
export { FakeCluster } from './fake-cluster.js';
