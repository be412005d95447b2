import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SchemaCheckCodeError, schemaCheckCode } from './schema-check-code.js';

const name = {
  exportName: 'sampleAccepts',
  origin: 'SampleSchema (src/types.ts)',
  schema: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', minLength: 2 } } },
};
const port = { exportName: 'portAccepts', origin: 'PORT (src/types.ts)', schema: { type: 'integer', maximum: 65535 } };

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'schema-check-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The generated module, its type annotations dropped, imported as JavaScript. */
type Check = (value: unknown) => boolean;
async function load(code: string): Promise<{ sampleAccepts: Check; portAccepts: Check }> {
  const file = join(dir, `check-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code.replaceAll(': (value: unknown) => boolean', ''));
  return (await import(file)) as { sampleAccepts: Check; portAccepts: Check };
}

describe('schemaCheckCode', () => {
  it('generates a module that imports nothing, says where it comes from, and is the same for the same schemas', () => {
    const code = schemaCheckCode([name]);
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
    expect(code).toMatch(/^\/\/ @ts-nocheck\n\/\/ Generated from SampleSchema \(src\/types\.ts\)/);
    expect(code).toContain('export const sampleAccepts: (value: unknown) => boolean = ');
    expect(schemaCheckCode([name])).toBe(code);
  });

  it('accepts what the schema accepts, counting string lengths in code points', async () => {
    const { sampleAccepts } = await load(schemaCheckCode([name]));
    expect(sampleAccepts({ name: 'ab' })).toBe(true);
    expect(sampleAccepts({ name: '😀😀' })).toBe(true);
    expect(sampleAccepts({ name: '😀' })).toBe(false);
    expect(sampleAccepts({ other: 1 })).toBe(false);
  });

  it('exports several checks from one module, each checking its own schema', async () => {
    const code = schemaCheckCode([name, port]);
    expect(code).toMatch(/^\/\/ Generated from SampleSchema \(src\/types\.ts\), PORT \(src\/types\.ts\)/m);
    const { sampleAccepts, portAccepts } = await load(code);
    expect(portAccepts(8080)).toBe(true);
    expect(portAccepts(70000)).toBe(false);
    expect(portAccepts({ name: 'ab' })).toBe(false);
    expect(sampleAccepts({ name: 'ab' })).toBe(true);
    expect(sampleAccepts(8080)).toBe(false);
  });

  it('refuses no checks, an export name that is not an identifier, and the same name twice', () => {
    expect(() => schemaCheckCode([])).toThrow(SchemaCheckCodeError);
    expect(() => schemaCheckCode([{ ...name, exportName: 'sample-accepts' }])).toThrow(
      /export names must be distinct identifiers, got sample-accepts/,
    );
    expect(() => schemaCheckCode([name, { ...port, exportName: 'sampleAccepts' }])).toThrow(
      /distinct identifiers, got sampleAccepts/,
    );
  });
});
