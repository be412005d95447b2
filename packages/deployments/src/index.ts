export { create, DEPLOYMENT_LABEL, delete, desired, handler, immutableChanges, resolve, update } from './deployment.js';
export type { ProfileName, ResourceRequirements } from './profiles.js';
export { PROFILE_NAMES, PROFILES, profileResources } from './profiles.js';
export type {
  ContainerPort,
  DeploymentSource,
  DeploymentStrategy,
  EnvFromSource,
  EnvVar,
  KeySelector,
  Probe,
  ResolvedDeployment,
  Volume,
  VolumeMount,
} from './types.js';
export { DeploymentSourceSchema } from './types.js';
