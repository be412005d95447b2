// The public face of @orkestra/cli as a library: run the `orkestra` command in-process (`main` with your own
// streams and environment, its exit codes), and read a katalog and render its children as the commands do.
// Everything else in src/ is the commands' own code. test/public-api.test.ts pins the value exports: a name added
// here is a deliberate change (see CONTRIBUTING).
export type { CliIo } from './cli.js';
export { main } from './cli.js';
export type { ExitCodeValue } from './exit-codes.js';
export { ExitCode } from './exit-codes.js';
export type { LoadedKatalog } from './katalog-file.js';
export { readKatalog } from './katalog-file.js';
export type { RenderedObject, RenderOptions, RenderResult } from './render.js';
export { renderChildren } from './render.js';
