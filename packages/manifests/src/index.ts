export { immutableChanges } from './immutable-fields.js';
export { create, delete, desired, handler, kindOf, resolve, update } from './manifest.js';
export type { ManifestSource, ResolvedManifest } from './types.js';
export { ManifestSourceSchema } from './types.js';
