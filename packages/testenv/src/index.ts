export type { BinaryOptions, FoundBinaries } from './binaries.js';
export { controlPlaneCacheRoot, findBinaries } from './binaries.js';
export type { TestCluster } from './cluster.js';
export { clusterHelpers, TEST_KUBECONFIG_VARIABLE, testCluster } from './cluster.js';
export type { CRDSource, InstallCRDsOptions, OpenKind } from './crds.js';
export { CRDNotAcceptedError, installCRDs, loadCRDs, openCRD } from './crds.js';
export { start } from './environment.js';
export type { BinaryName, SearchedLocation } from './errors.js';
export { BinariesNotFoundError, ProcessStartError, WaitForTimeoutError } from './errors.js';
export type { ExtraFlags, Flags, FlagValue } from './flags.js';
export { globalSetup, globalTeardown } from './jest-global-setup.js';
export type { NodeCapacity, NodesOptions } from './nodes.js';
export { InvalidNodesOptionError, SIMULATED_NODE_ANNOTATION, WORKLOAD_CONTROLLERS } from './nodes.js';
export { freePort, freePorts } from './ports.js';
export type { ServiceAccountIdentity, ServiceAccountIdentityOptions } from './service-account.js';
export { serviceAccountIdentity } from './service-account.js';
export type {
  Component,
  EnvironmentPids,
  StartOptions,
  StartTimings,
  StopProcessOptions,
  TestEnvironment,
  VersionInfo,
} from './test-environment.js';
export { SIMULATED_STORAGE_CLASS } from './volumes.js';
export type { Truthy, WaitForOptions, WaitForUntilOptions } from './wait-for.js';
export { waitFor } from './wait-for.js';
