import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGENERATE_RESOURCE_CHECK, type SchemaCheckOptions, schemaCheckIsCurrent } from './schema-check-code.js';

/** A generated schema check that is not what its schema generates now: the schema changed since. */
export class StaleSchemaCheckError extends Error {
  override readonly name = 'StaleSchemaCheckError';
  constructor(
    /** The generated file, relative to the working directory. */
    readonly file: string,
    /** The schema, as the options named it. */
    readonly origin: string,
    /** The command that regenerates the file. */
    readonly regenerate: string,
  ) {
    super(
      `${file} is not the current check of ${origin}: the schema changed since it was generated. ` +
        `Run \`${regenerate}\` in the package, then commit the file.`,
    );
  }
}

/**
 * For a test: throws a {@link StaleSchemaCheckError} (saying how to regenerate) unless `file` holds the check of
 * `schema` as it is generated now. With `UPDATE_SCHEMA_CHECKS=1` it rewrites the file first, and passes.
 */
export function expectSchemaCheckCurrent(file: string | URL, schema: object, options: SchemaCheckOptions): void {
  if (schemaCheckIsCurrent(file, schema, options)) return;
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  throw new StaleSchemaCheckError(
    relative(process.cwd(), path),
    options.origin,
    options.regenerate ?? REGENERATE_RESOURCE_CHECK,
  );
}
