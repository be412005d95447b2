export {
  create,
  delete,
  desired,
  handler,
  immutableChanges,
  isSecretData,
  keepGenerated,
  resolve,
  update,
} from './secret.js';
export type { GenerateCharset, GenerateRule, ResolvedSecret, SecretSource } from './types.js';
export { GENERATE_CHARSETS, SecretSourceSchema } from './types.js';
