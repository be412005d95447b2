import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { ManagedReconcilerConfig } from '@orkestra/operator';
import { type CliError, ExitCode } from '../src/exit-codes.js';
import { withHooksModules } from '../src/hooks-module.js';

// A katalog entry's `hooks:` module, as `orkestra run` imports it (relative to the katalog file).
const dir = mkdtempSync(join(tmpdir(), 'orkestra-hooks-module-'));
writeFileSync(
  join(dir, 'hooks.mjs'),
  "export default { validate: (cr) => (cr.spec.image ? undefined : 'no image') };\n",
);
writeFileSync(join(dir, 'bad.mjs'), 'export default { validat: () => undefined };\n');
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const entry = (extra: object) =>
  ({ owner, handlers: [], resources: {}, ...extra }) as ManagedReconcilerConfig & { hooksModule?: string };
const katalog = join(dir, 'katalog.yaml');

describe('withHooksModules', () => {
  it('imports the module beside the katalog and sets its hooks', async () => {
    const [config] = await withHooksModules(
      [entry({ hooksModule: './hooks.mjs', webhooks: { validate: true } })],
      katalog,
      '/',
    );
    expect(config!.hooks?.validate?.({ spec: {} } as never, {} as never)).toBe('no image');
    expect(config).not.toHaveProperty('hooksModule');
  });

  it('refuses a missing module, a misspelt hook, and webhooks naming a hook the module lacks', async () => {
    const failure = (configs: ManagedReconcilerConfig[]) =>
      withHooksModules(configs, katalog, '/').then(
        () => undefined,
        (e: CliError) => ({ code: e.exitCode, message: e.message }),
      );
    expect(await failure([entry({ hooksModule: './none.mjs' })])).toMatchObject({
      code: ExitCode.Usage,
      message: expect.stringMatching(/hooks \.\/none\.mjs of Website: cannot import/),
    });
    expect(await failure([entry({ hooksModule: './bad.mjs' })])).toMatchObject({
      code: ExitCode.Usage,
      message: expect.stringContaining('validat is not one of validate, default, children, status, finalize'),
    });
    expect(await failure([entry({ hooksModule: './hooks.mjs', webhooks: { default: true } })])).toEqual({
      code: ExitCode.Problems,
      message: `${katalog}: Website (websites.example.com): webhooks.default is set but there is no hooks.default to serve: add the hook, or drop webhooks.default`,
    });
  });
});
