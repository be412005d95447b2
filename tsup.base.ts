import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration every published package uses: ESM and CJS with `.d.ts` / `.d.cts`,
 * nothing bundled from node_modules (dependencies stay dependencies), Node 24 as the target.
 *
 * A package's own `tsup.config.ts` is `export { default } from '../../tsup.base.ts';`, or calls
 * `packageConfig({ entry: [...] })` when it has more than one entry point.
 */
export function packageConfig(overrides: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    tsconfig: 'tsconfig.lib.json',
    dts: { compilerOptions: { composite: false } },
    clean: true,
    sourcemap: true,
    target: 'node24',
    platform: 'node',
    splitting: false,
    treeshake: false,
    ...overrides,
  });
}

export default packageConfig();
