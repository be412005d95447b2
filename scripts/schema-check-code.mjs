// Schema checks generated ahead of time: the TypeScript module, Ajv standalone code, that says whether a JSON
// Schema accepts a value, so a process can check a katalog without loading Ajv and compiling its schemas at
// start (Ajv's compile of the Deployment template's schema alone cost ~0.1–0.2 s of CPU per start).
//
// The generated files are checked in (`src/*.generated.ts`) and kept current by a unit test per package
// (`test/schema-check.test.ts`), which compares them with what this function generates from the schema and
// rewrites them when run with UPDATE_SCHEMA_CHECKS=1:
//
//   UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts     # in the package
//
// The check only accepts: a value it refuses is explained by compiling the schema with Ajv then, with every
// error (`allErrors`, `verbose`), exactly as before. Ajv counts a string's length (`minLength`, `maxLength`) in
// code points with a runtime helper the generated code would `require` from Ajv; it gets a function of its own
// that counts the same way instead, so the generated module imports nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

const standaloneCode = standalone.default;

const UCS2LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;

/** A string's length in code points, as Ajv's `ucs2length` counts it (a surrogate pair is one). */
const CODE_POINTS = 'const codePoints = (text) => [...text].length;';

/**
 * The source of a module exporting `exportName: (value: unknown) => boolean`, true when `schema` accepts the
 * value. `origin` names the schema in the file's header.
 */
export function schemaCheckCode(schema, { exportName, origin }) {
  const ajv = new Ajv({ strict: false, code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(schema)).replace(UCS2LENGTH, 'codePoints');
  const entry = /export const validate = (\w+);\s*export default \1;/.exec(code);
  if (!entry) throw new Error(`${origin}: unexpected Ajv standalone output`);
  if (/\brequire\(/.test(code)) throw new Error(`${origin}: the generated check needs Ajv's runtime`);
  return [
    '// @ts-nocheck',
    `// Generated from ${origin} by scripts/schema-check-code.mjs (Ajv standalone code): do not edit. After a change`,
    '// of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts` in the package.',
    ...(code.includes('codePoints') ? [CODE_POINTS] : []),
    code.replace(entry[0], '').replace(/^"use strict";\s*/, ''),
    `/** True when ${origin} accepts the value; a value it refuses is explained by compiling the schema. */`,
    `export const ${exportName}: (value: unknown) => boolean = ${entry[1]};`,
    '',
  ].join('\n');
}

/**
 * For a package's test: true when `file` holds the check of `schema`; with UPDATE_SCHEMA_CHECKS=1 it writes the
 * file first.
 */
export function schemaCheckIsCurrent(file, schema, options) {
  const code = schemaCheckCode(schema, options);
  if (process.env.UPDATE_SCHEMA_CHECKS === '1') writeFileSync(file, code);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  return current === code;
}
