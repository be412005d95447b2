import { defineConfig, type Options } from 'tsup';

/**
 * The one build configuration every published package uses: ESM and CJS with `.d.ts` / `.d.cts`,
 * nothing bundled from node_modules (dependencies stay dependencies), Node 24 as the target.
 *
 * Whitespace and comments are left out of the JavaScript (`minifyWhitespace`; names and syntax stay as written,
 * and the source maps lead back to the sources): V8 keeps every module's source text in the heap for as long as the
 * process runs (it compiles functions lazily from it), and one non-Latin-1 character in a kept comment (`→`, `—`)
 * makes it keep the whole file at two bytes per character. An `orkestra run` process held ~2.4 MB of our packages'
 * sources this way; see bench/README.md, "Memory over a bare node".
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
    minifyWhitespace: true,
    ...overrides,
  });
}

export default packageConfig();
