/**
 * An operator written in code, for `generate rbac --operator <module>`: a module (JavaScript, or TypeScript that
 * Node runs by stripping its types) whose default export is a `defineOperator` value — a `ReconcilerConfig` —
 * or an array of them.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PermissionConfig } from '@orkestra/operator';
import { CliError, ExitCode } from './exit-codes.js';

const isConfig = (value: unknown): value is PermissionConfig => {
  const v = value as Partial<PermissionConfig> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.owner?.kind === 'string' &&
    typeof v.owner.plural === 'string' &&
    Array.isArray(v.handlers) &&
    typeof v.resources === 'object'
  );
};

/**
 * Imports `file` (relative to `cwd`) and returns the configurations of its default export. Throws a usage
 * {@link CliError} naming the file when it cannot be imported or its default export is not configurations.
 */
export async function loadOperatorModule(file: string, cwd: string): Promise<PermissionConfig[]> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(cwd, file)).href)) as { default?: unknown };
  } catch (e) {
    throw new CliError(ExitCode.Usage, `--operator ${file}: cannot import it: ${(e as Error).message}`, {
      hint:
        'give a JavaScript or TypeScript module whose default export is a defineOperator(...) value or an array ' +
        'of them',
    });
  }
  const value = module.default;
  const configs = Array.isArray(value) ? value : [value];
  const bad = configs.findIndex((c) => !isConfig(c));
  if (value === undefined || configs.length === 0 || bad >= 0)
    throw new CliError(
      ExitCode.Usage,
      `--operator ${file}: its default export${Array.isArray(value) ? `[${bad}]` : ''} ` +
        'is not an operator configuration (owner, handlers, resources)',
      { hint: 'export default defineOperator({ owner, children: [...] }) — or an array of them — from the module' },
    );
  return configs as PermissionConfig[];
}
