#!/usr/bin/env node
// A package's `generate` target: its JSON Schemas compiled at build time into `generated/schema-check.ts`
// (Ajv standalone code, by tools/nx-plugin's schemaCheckCode), which `src/` imports. Build output: git-ignored,
// cached by Nx, whose inputs are the package's sources and its dependencies' (the schema may use core's helpers).
//
//   node ../../scripts/generate-schema-check.mjs <module> <SchemaExport>=<checkName> [...]   (in the package)
//
// e.g. `src/types.ts DeploymentSourceSchema=deploymentSourceAccepts` writes a module exporting
// `deploymentSourceAccepts(value): boolean`. The module is loaded from its TypeScript source (bundled by esbuild
// with the `@orkestra/source` condition, so no workspace package needs building first). The file is rewritten
// only when its text changes. A problem (no such module or export, a schema Ajv cannot compile to standalone
// code) is printed as one line, and the exit code is 1.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const OUTPUT = 'generated/schema-check.ts';
const CODEGEN = new URL('../tools/nx-plugin/src/schema-check/schema-check-code.ts', import.meta.url);
const USAGE = 'usage: generate-schema-check.mjs <module> <SchemaExport>=<checkName> [...]';

class GenerateError extends Error {}

/** The schema module and the code generator, bundled from source into one ES module, then imported. */
async function load(module) {
  const entry = [
    `export * as schemas from ${JSON.stringify(`./${module}`)};`,
    `export { schemaCheckCode } from ${JSON.stringify(CODEGEN.pathname)};`,
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts', sourcefile: 'schema-check-entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    conditions: ['@orkestra/source'],
    write: false,
    logLevel: 'silent',
    // CommonJS dependencies bundled into ESM require() Node's built-ins.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  }).catch((e) => {
    const first = e.errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}: ` : '';
    throw new GenerateError(first ? `${where}${first.text}` : String(e));
  });
  const file = join(tmpdir(), `orkestra-schema-check-${process.pid}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

async function main(args) {
  const [module, ...pairs] = args;
  if (!module || !pairs.length || pairs.some((p) => !/^\w+=[\w$]+$/.test(p))) throw new GenerateError(USAGE);
  const { schemas, schemaCheckCode } = await load(module);
  const checks = pairs.map((pair) => {
    const [name, exportName] = pair.split('=');
    const schema = schemas[name];
    if (!schema || typeof schema !== 'object')
      throw new GenerateError(
        `${module} exports no schema named ${name} (its exports: ${Object.keys(schemas).join(', ')})`,
      );
    return { exportName, schema, origin: `${name} (${module})` };
  });
  const code = schemaCheckCode(checks);
  const output = resolve(OUTPUT);
  let current = '';
  try {
    current = readFileSync(output, 'utf8');
  } catch {}
  if (current !== code) {
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, code);
  }
  const names = checks.map((c) => c.exportName).join(', ');
  console.log(`${relative(process.cwd(), output)}: ${names} from ${module}${current === code ? ' (unchanged)' : ''}`);
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  console.error(`generate-schema-check: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
