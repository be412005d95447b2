export { resolve, desired, kindOf, create, update, delete, handler } from './manifest.js';
export { immutableChanges } from './immutable-fields.js';
export { ManifestSourceSchema } from './types.js';
export type { ManifestSource, ResolvedManifest } from './types.js';
