export type { SchemaCheckOptions } from './schema-check-code.js';
export {
  REGENERATE_RESOURCE_CHECK,
  schemaCheckCode,
  schemaCheckIsCurrent,
  UPDATE_SCHEMA_CHECKS_VARIABLE,
} from './schema-check-code.js';
export { expectSchemaCheckCurrent, StaleSchemaCheckError } from './stale-schema-check.js';
