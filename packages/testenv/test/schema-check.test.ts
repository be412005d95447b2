import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  expectSchemaCheckCurrent,
  REGENERATE_RESOURCE_CHECK,
  StaleSchemaCheckError,
  schemaCheckCode,
  schemaCheckIsCurrent,
} from '../src/schema-check/index.js';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 2 } },
};
const options = { exportName: 'sampleAccepts', origin: 'SampleSchema (src/types.ts)' };

let dir = '';
let file = '';
const saved = process.env.UPDATE_SCHEMA_CHECKS;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'schema-check-'));
  file = join(dir, 'schema-check.generated.ts');
  delete process.env.UPDATE_SCHEMA_CHECKS;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.UPDATE_SCHEMA_CHECKS;
  else process.env.UPDATE_SCHEMA_CHECKS = saved;
});

describe('schemaCheckCode', () => {
  it('generates a module that imports nothing and says how to regenerate it', () => {
    const code = schemaCheckCode(schema, options);
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
    expect(code).toContain('export const sampleAccepts: (value: unknown) => boolean = ');
    expect(code).toContain(REGENERATE_RESOURCE_CHECK);
    expect(schemaCheckCode(schema, { ...options, regenerate: 'npm run regen' })).toContain('`npm run regen`');
  });

  it('accepts what the schema accepts, counting string lengths in code points', async () => {
    writeFileSync(
      join(dir, 'check.mjs'),
      schemaCheckCode(schema, options).replace(/: \(value: unknown\) => boolean/, ''),
    );
    const { sampleAccepts } = (await import(join(dir, 'check.mjs'))) as { sampleAccepts: (v: unknown) => boolean };
    expect(sampleAccepts({ name: 'ab' })).toBe(true);
    expect(sampleAccepts({ name: '😀😀' })).toBe(true);
    expect(sampleAccepts({ name: '😀' })).toBe(false);
    expect(sampleAccepts({ other: 1 })).toBe(false);
  });
});

describe('freshness', () => {
  it('a missing or stale file is not current; UPDATE_SCHEMA_CHECKS=1 writes it', () => {
    expect(schemaCheckIsCurrent(file, schema, options)).toBe(false);
    writeFileSync(file, schemaCheckCode({ ...schema, additionalProperties: true }, options));
    expect(schemaCheckIsCurrent(file, schema, options)).toBe(false);
    process.env.UPDATE_SCHEMA_CHECKS = '1';
    expect(schemaCheckIsCurrent(file, schema, options)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(schemaCheckCode(schema, options));
    delete process.env.UPDATE_SCHEMA_CHECKS;
    expect(schemaCheckIsCurrent(new URL(`file://${file}`), schema, options)).toBe(true);
  });

  it('expectSchemaCheckCurrent throws a StaleSchemaCheckError naming the file, the schema and the command', () => {
    writeFileSync(file, '// an older check\n');
    const error = (() => {
      try {
        expectSchemaCheckCurrent(file, schema, { ...options, regenerate: 'UPDATE_SCHEMA_CHECKS=1 npx jest x' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StaleSchemaCheckError);
    expect(error).toMatchObject({
      origin: 'SampleSchema (src/types.ts)',
      regenerate: 'UPDATE_SCHEMA_CHECKS=1 npx jest x',
    });
    expect((error as Error).message).toMatch(/schema-check\.generated\.ts is not the current check of SampleSchema/);
    expect(readFileSync(file, 'utf8')).toBe('// an older check\n');
    writeFileSync(file, schemaCheckCode(schema, options));
    expect(() => expectSchemaCheckCurrent(file, schema, options)).not.toThrow();
  });
});
