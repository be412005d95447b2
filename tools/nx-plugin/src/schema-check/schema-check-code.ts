/**
 * Schema checks generated at build time: the TypeScript module, Ajv standalone code, that says whether a JSON
 * Schema accepts a value, so a process checks a katalog without loading Ajv and compiling its schemas at start
 * (Ajv's compile of the Deployment template's schema alone costs ~0.1–0.2 s of CPU).
 *
 * A package's `generate` target writes the module to `generated/schema-check.ts` (git-ignored, outside `src/`)
 * with scripts/generate-schema-check.mjs, which loads the package's schemas and calls {@link schemaCheckCode}.
 *
 * The check only accepts: a value it refuses is explained by compiling the schema with Ajv then, with every
 * error (`allErrors`, `verbose`). Ajv counts a string's length (`minLength`, `maxLength`) in code points with a
 * runtime helper the generated code would `require` from Ajv; it gets a function of its own that counts the same
 * way instead, so the generated module imports nothing.
 */
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

/** One check of a generated module: the name it is exported under and the schema it checks. */
export interface SchemaCheck {
  /** The export, e.g. `serviceSourceAccepts`: a JavaScript identifier. */
  exportName: string;
  /** The JSON Schema. */
  schema: object;
  /** Where the schema is declared, for the module's comments: `ServiceSourceSchema (src/types.ts)`. */
  origin: string;
}

/** A schema check that cannot be generated: Ajv's code for it would need Ajv's runtime, or a name is not usable. */
export class SchemaCheckCodeError extends Error {
  override readonly name = 'SchemaCheckCodeError';
}

// ajv's standalone module is CommonJS: under Node's ESM its default import is `module.exports`, whose `default`
// is the function (bundled or CommonJS callers see the same, as `module.exports.default === module.exports`).
type StandaloneCode = (ajv: Ajv, refs: Record<string, string>) => string;
const standaloneCode: StandaloneCode =
  (standalone as unknown as { default?: StandaloneCode }).default ?? (standalone as unknown as StandaloneCode);

const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string's length in code points, as Ajv's `ucs2length` counts it (a surrogate pair is one). */
const CODE_POINTS = 'const codePoints = (text) => [...text].length;';

/**
 * The source of a module exporting, for each check, `exportName: (value: unknown) => boolean`, true when its
 * schema accepts the value. Deterministic: the same checks give the same text. Throws a
 * {@link SchemaCheckCodeError} when an export name is not an identifier or is given twice, or when Ajv's output
 * would need Ajv's runtime.
 *
 * @example
 * schemaCheckCode([{ exportName: 'nameAccepts', schema: { type: 'string' }, origin: 'NAME (src/schema.ts)' }]);
 * // '// @ts-nocheck\n// Generated from NAME (src/schema.ts) …
 * //  export const nameAccepts: (value: unknown) => boolean = validate10;\n'
 */
export function schemaCheckCode(checks: readonly SchemaCheck[]): string {
  const names = checks.map((c) => c.exportName);
  const bad = names.filter((n, i) => !IDENTIFIER.test(n) || names.indexOf(n) !== i);
  if (bad.length || !checks.length)
    throw new SchemaCheckCodeError(
      'schema checks: ' +
        (checks.length ? `export names must be distinct identifiers, got ${bad.join(', ')}` : 'none given'),
    );
  const ajv = new Ajv({ strict: false, code: { source: true, esm: true, lines: true } });
  for (const { exportName, schema } of checks) ajv.addSchema(schema, exportName);
  const refs = Object.fromEntries(names.map((n) => [n, n]));
  const code = standaloneCode(ajv, refs).replace(UCS2LENGTH, 'codePoints');
  const origins = checks.map((c) => c.origin).join(', ');
  if (/\brequire\(/.test(code)) throw new SchemaCheckCodeError(`${origins}: the generated check needs Ajv's runtime`);
  let body = code.replace(/^"use strict";\s*/, '');
  for (const { exportName, origin } of checks) {
    const entry = new RegExp(`export const ${exportName.replace(/\$/g, '\\$')} = (\\w+);`).exec(body);
    if (!entry) throw new SchemaCheckCodeError(`${origin}: unexpected Ajv standalone output`);
    body = body.replace(
      entry[0],
      `/** True when ${origin} accepts the value; a value it refuses is explained by compiling the schema. */\n` +
        `export const ${exportName}: (value: unknown) => boolean = ${entry[1]};`,
    );
  }
  return [
    '// @ts-nocheck',
    `// Generated from ${origins} by scripts/generate-schema-check.mjs (Ajv standalone code): do not edit.`,
    '// Build output, not in git: the `generate` target writes it again when the schema changes.',
    ...(code.includes('codePoints') ? [CODE_POINTS] : []),
    body.trimEnd(),
    '',
  ].join('\n');
}
