import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadKatalog, type ReconcilerConfig } from '@orkestra/reconciler';
import { example } from './helpers.js';

describe('examples/website', () => {
  it("operator.ts is the katalog's operator, written against the TypeScript API", async () => {
    const { websiteConfig } = (await import(pathToFileURL(example('operator.ts')).href)) as {
      websiteConfig: ReconcilerConfig;
    };
    const katalog = loadKatalog(readFileSync(example('katalog.yaml'), 'utf8'), {
      file: 'katalog.yaml',
      handlers: websiteConfig.handlers,
    });
    const { handlers, ...typed } = websiteConfig;
    expect(handlers.map((h) => h.key)).toEqual(katalog.keys);
    expect(typed).toEqual(katalog.entries[0]);
  });
});
