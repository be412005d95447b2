// Schema checks generated ahead of time: the TypeScript module, Ajv standalone code, that says whether a JSON
// Schema accepts a value, so a process can check a katalog without loading Ajv and compiling its schemas at
// start (Ajv's compile of the Deployment template's schema alone cost ~0.1–0.2 s of CPU per start).
//
// The generated files are checked in (`src/*.generated.ts`) and kept current by a test: a resource package's
// through the shared contract suite (`schemaCheck` of `describeResourceContract`), others' through
// `expectSchemaCheckCurrent`. Run with UPDATE_SCHEMA_CHECKS=1, that test rewrites the file. This code lives in
// testenv's src, so it is in the `^production` input of every dependent's `test` target: a change here re-runs
// the freshness tests instead of replaying a cached pass.
//
// The check only accepts: a value it refuses is explained by compiling the schema with Ajv then, with every
// error (`allErrors`, `verbose`), exactly as before. Ajv counts a string's length (`minLength`, `maxLength`) in
// code points with a runtime helper the generated code would `require` from Ajv; it gets a function of its own
// that counts the same way instead, so the generated module imports nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

/** The environment variable that makes a freshness test write the generated file instead of comparing it. */
export const UPDATE_SCHEMA_CHECKS_VARIABLE = 'UPDATE_SCHEMA_CHECKS';

/** The command, run in a resource package, that regenerates its check (the contract suite's freshness test). */
export const REGENERATE_RESOURCE_CHECK =
  "UPDATE_SCHEMA_CHECKS=1 npx jest test/contract.int.test.ts -t 'compiled ahead of time'";

/** How a check is generated. */
export interface SchemaCheckOptions {
  /** The name the generated module exports its check under, e.g. `serviceSourceAccepts`. */
  exportName: string;
  /** The schema's name and file, for the generated file's header: `ServiceSourceSchema (src/types.ts)`. */
  origin: string;
  /** The command, run in the package, that regenerates the file. Default {@link REGENERATE_RESOURCE_CHECK}. */
  regenerate?: string;
}

// ajv's standalone module is CommonJS: under Node's ESM its default import is `module.exports`, whose `default`
// is the function (CommonJS builds see the same, as `module.exports.default === module.exports`).
const standaloneCode = standalone.default;

const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;

/** A string's length in code points, as Ajv's `ucs2length` counts it (a surrogate pair is one). */
const CODE_POINTS = 'const codePoints = (text) => [...text].length;';

/**
 * The source of a module exporting `exportName: (value: unknown) => boolean`, true when `schema` accepts the
 * value. Deterministic: the same schema and options give the same text. Throws when Ajv's output would need
 * Ajv's runtime.
 */
export function schemaCheckCode(schema: object, options: SchemaCheckOptions): string {
  const { exportName, origin, regenerate = REGENERATE_RESOURCE_CHECK } = options;
  const ajv = new Ajv({ strict: false, code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(schema)).replace(UCS2LENGTH, 'codePoints');
  const entry = /export const validate = (\w+);\s*export default \1;/.exec(code);
  if (!entry) throw new Error(`${origin}: unexpected Ajv standalone output`);
  if (/\brequire\(/.test(code)) throw new Error(`${origin}: the generated check needs Ajv's runtime`);
  return [
    '// @ts-nocheck',
    `// Generated from ${origin} by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.`,
    `// After a change of the schema, run \`${regenerate}\` in the package.`,
    ...(code.includes('codePoints') ? [CODE_POINTS] : []),
    code.replace(entry[0], '').replace(/^"use strict";\s*/, ''),
    `/** True when ${origin} accepts the value; a value it refuses is explained by compiling the schema. */`,
    `export const ${exportName}: (value: unknown) => boolean = ${entry[1]};`,
    '',
  ].join('\n');
}

/**
 * True when `file` holds the check of `schema` as {@link schemaCheckCode} generates it now. With
 * `UPDATE_SCHEMA_CHECKS=1` in the environment it writes the file first (so it is then true).
 */
export function schemaCheckIsCurrent(file: string | URL, schema: object, options: SchemaCheckOptions): boolean {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  const code = schemaCheckCode(schema, options);
  if (process.env[UPDATE_SCHEMA_CHECKS_VARIABLE] === '1') writeFileSync(path, code);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {}
  return current === code;
}
