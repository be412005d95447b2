/**
 * The `yaml` library, loaded the first time a command reads or writes YAML with it (`--cr` and `--crd` files,
 * rendered output, generated manifests): `orkestra run` reads its katalog with the reconciler's reader and never
 * loads it, which keeps its memory out of the operator process (bench/README.md).
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let loaded: typeof Yaml | undefined;

/** The `yaml` module, loaded on the first call. */
export function yaml(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return loaded;
}
