/**
 * A katalog's conversion code: each `api.versions[i].conversion` names a module (relative to the katalog file;
 * JavaScript, or TypeScript that Node runs by stripping its types) whose named exports `toHub` and `fromHub`
 * convert that version to and from the hub — the version the reconciler works against (`owner.version`).
 * A katalog is data; the code it needs is pointed to, as `generate rbac --operator` points to an operator module.
 */
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Katalog } from '@orkestra/reconciler';
import type { ApiVersion } from '@orkestra/reconciler/internal';
import { CliError, ExitCode } from './exit-codes.js';

type Conversion = Pick<ApiVersion, 'toHub' | 'fromHub'>;

async function importConversion(module: string, from: string, where: string): Promise<Conversion> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(resolve(from, module)).href)) as Record<string, unknown>;
  } catch (e) {
    throw new CliError(ExitCode.Problems, `${where}: cannot import ${module}: ${(e as Error).message}`, {
      hint: 'give a JavaScript or TypeScript module, relative to the katalog, exporting toHub and fromHub',
    });
  }
  const missing = ['toHub', 'fromHub'].filter((name) => typeof loaded[name] !== 'function');
  if (missing.length)
    throw new CliError(
      ExitCode.Problems,
      `${where}: ${module} does not export ${missing.join(' and ')} as ` +
        `${missing.length > 1 ? 'functions' : 'a function'}`,
      {
        hint:
          'export function toHub(object) { return { spec: … } } and export function fromHub(hub) { return { ' +
          'spec: … } }',
      },
    );
  return { toHub: loaded.toHub as Conversion['toHub'], fromHub: loaded.fromHub as Conversion['fromHub'] };
}

/**
 * Loads the conversion module of every version of `katalog` that names one, relative to the directory of
 * `katalogFile` (itself relative to `cwd`), and sets the version's `toHub` and `fromHub` (the katalog is
 * changed). Throws a {@link CliError} (exit 1) naming the katalog path and the module when one cannot be
 * imported or lacks a function.
 */
export async function loadConversionModules(katalog: Katalog, katalogFile: string, cwd: string): Promise<void> {
  const from = dirname(resolve(cwd, katalogFile));
  for (const [i, entry] of katalog.entries.entries())
    for (const [j, version] of (entry.api?.versions ?? []).entries()) {
      if (!version.conversion) continue;
      const where = `${katalogFile}: spec.crds[${i}].api.versions[${j}].conversion`;
      Object.assign(version, await importConversion(version.conversion, from, where));
    }
}
