// Builds the console's web pages into dist/: one minified ES module (esbuild), the stylesheet and the page.
// Static files only, nothing fetched at run time (no CDN): the operator serves them from the installed package.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const dist = new URL('./dist/', import.meta.url).pathname;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outfile: join(dist, 'app.js'),
  logLevel: 'warning',
});
for (const file of ['index.html', 'app.css']) copyFileSync(new URL(`./src/${file}`, import.meta.url), join(dist, file));
// The wire types (`@orkestra/console/types`): a types-only module is its own declaration file (for ESM and CJS).
for (const file of ['types.d.ts', 'types.d.cts'])
  copyFileSync(new URL('./src/types.ts', import.meta.url), join(dist, file));
const sizes = readdirSync(dist).map((f) => `${f} ${statSync(join(dist, f)).size} B`);
console.log(`@orkestra/console: ${sizes.join(', ')}`);
