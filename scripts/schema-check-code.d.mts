/** Options of a generated check: the name it is exported under, and the schema's name for the file's header. */
export interface SchemaCheckOptions {
  exportName: string;
  origin: string;
}
/** The source of a module exporting `exportName: (value: unknown) => boolean` (see schema-check-code.mjs). */
export function schemaCheckCode(schema: object, options: SchemaCheckOptions): string;
/** True when `file` holds the check of `schema`; with UPDATE_SCHEMA_CHECKS=1 it writes the file first. */
export function schemaCheckIsCurrent(file: string, schema: object, options: SchemaCheckOptions): boolean;
