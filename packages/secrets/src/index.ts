export { resolve, desired, create, update, delete, handler, immutableChanges, keepGenerated, isSecretData } from './secret.js';
export { SecretSourceSchema, GENERATE_CHARSETS } from './types.js';
export type { SecretSource, ResolvedSecret, GenerateRule, GenerateCharset } from './types.js';
