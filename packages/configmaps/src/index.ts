export { resolve, desired, create, update, delete, handler, immutableChanges } from './configmap.js';
export { ConfigMapSourceSchema } from './types.js';
export type { ConfigMapSource, ResolvedConfigMap } from './types.js';
