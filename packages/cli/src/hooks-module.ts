/**
 * A katalog entry's `hooks:` — a module (JavaScript, or TypeScript Node runs by stripping its types; the path
 * relative to the katalog file, or absolute) whose default export is the entry's code hooks (`validate`,
 * `default`, `children`, `status`, `finalize`). Only `orkestra run` imports it: the other commands read the
 * katalog alone.
 */
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdmissionWebhookConfigError, type ManagedReconcilerConfig } from '@orkestra/operator';
import { checkAdmissionHooks } from '@orkestra/operator/internal';
import type { ReconcilerHooks } from '@orkestra/reconciler';
import { CliError, ExitCode } from './exit-codes.js';

const HOOKS = ['validate', 'default', 'children', 'status', 'finalize'] as const;

/**
 * `configs` with the hooks of each one's `hooksModule` (see the katalog's `hooks:`) imported, relative to
 * `katalogFile` (itself relative to `cwd`). Throws a usage {@link CliError} naming the module when it cannot be
 * imported, or its default export is not an object of hook functions; a {@link CliError} with exit code 1 when an
 * entry's `webhooks:` names a hook its module lacks (or a `default` hook is not served at admission).
 */
export async function withHooksModules(
  configs: readonly (ManagedReconcilerConfig & { hooksModule?: string })[],
  katalogFile: string,
  cwd: string,
): Promise<ManagedReconcilerConfig[]> {
  const loaded = await importHooks(configs, katalogFile, cwd);
  for (const config of loaded) {
    try {
      checkAdmissionHooks(config);
    } catch (e) {
      if (!(e instanceof AdmissionWebhookConfigError)) throw e;
      throw new CliError(ExitCode.Problems, `${katalogFile}: ${e.message}`, {
        hint: 'give the entry a hooks: module with that hook, or change its webhooks:',
        cause: e,
      });
    }
  }
  return loaded;
}

function importHooks(
  configs: readonly (ManagedReconcilerConfig & { hooksModule?: string })[],
  katalogFile: string,
  cwd: string,
): Promise<ManagedReconcilerConfig[]> {
  return Promise.all(
    configs.map(async ({ hooksModule, ...config }) => {
      if (hooksModule === undefined) return config;
      const path = resolve(dirname(resolve(cwd, katalogFile)), hooksModule);
      const where = `${katalogFile}: hooks ${hooksModule} of ${config.owner.kind}`;
      let hooks: unknown;
      try {
        hooks = ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
      } catch (e) {
        throw new CliError(ExitCode.Usage, `${where}: cannot import ${path}: ${(e as Error).message}`, {
          hint:
            'give a module (relative to the katalog, or absolute) whose default export is { validate, default, ' +
            '... }',
        });
      }
      const bad =
        typeof hooks !== 'object' || hooks === null
          ? 'its default export is not an object'
          : Object.entries(hooks)
              .filter(([k, v]) => !(HOOKS as readonly string[]).includes(k) || typeof v !== 'function')
              .map(([k]) => `${k} is not one of ${HOOKS.join(', ')} as a function`)[0];
      if (bad)
        throw new CliError(ExitCode.Usage, `${where}: ${bad}`, { hint: 'export default { validate(cr) { ... } }' });
      return { ...config, hooks: hooks as ReconcilerHooks };
    }),
  );
}
