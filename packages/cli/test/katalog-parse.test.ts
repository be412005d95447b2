/**
 * Issue 14 item 17: a katalog is parsed once, and its position tree (tens of bytes per character) is built only
 * when a problem needs a line — so nothing of the kind stays in memory for a whole `run`.
 */

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, jest } from '@jest/globals';

// No import of ../src before the mock below (helpers.ts imports it): the mock must be in place first.
const example = (f: string) => fileURLToPath(new URL(`../../../examples/website/${f}`, import.meta.url));

const reconciler = await import('@orkestra/reconciler');
const readYaml = jest.fn(reconciler.readYaml);
jest.unstable_mockModule('@orkestra/reconciler', () => ({ ...reconciler, readYaml }));
const { readKatalog } = await import('../src/katalog-file.js');

describe('reading a katalog', () => {
  it('parses the file once and builds no position tree when it is valid', async () => {
    readYaml.mockClear();
    const loaded = await readKatalog(example('katalog.yaml'));
    expect(readYaml).toHaveBeenCalledTimes(1);
    expect(loaded.locator.parsed).toBe(false);
    expect(loaded.katalog.entries).toHaveLength(1);
  });

  it('parses once more, for positions, only to locate a problem', async () => {
    readYaml.mockClear();
    const bad = join(mkdtempSync(join(tmpdir(), 'orkestra-parse-')), 'bad.yaml');
    writeFileSync(
      bad,
      readFileSync(example('katalog.yaml'), 'utf8').replace('image: "{{spec.image}}"', 'image: "{{spec.image"'),
    );
    const error = (await readKatalog(bad).catch((e: unknown) => e)) as { problems: { location?: string }[] };
    expect(readYaml).toHaveBeenCalledTimes(1);
    expect(error.problems[0]?.location).toMatch(/bad\.yaml:14:15$/);
  });
});
