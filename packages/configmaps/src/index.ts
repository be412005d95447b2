export { create, delete, desired, handler, immutableChanges, resolve, update } from './configmap.js';
export type { ConfigMapSource, ResolvedConfigMap } from './types.js';
export { ConfigMapSourceSchema } from './types.js';
