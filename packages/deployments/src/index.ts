export { resolve, desired, create, update, delete, handler, immutableChanges, DEPLOYMENT_LABEL } from './deployment.js';
export { PROFILES, PROFILE_NAMES, profileResources } from './profiles.js';
export type { ProfileName, ResourceRequirements } from './profiles.js';
export { DeploymentSourceSchema } from './types.js';
export type {
  DeploymentSource, ResolvedDeployment, ContainerPort, DeploymentStrategy, EnvFromSource, EnvVar, KeySelector, Probe, Volume, VolumeMount,
} from './types.js';
