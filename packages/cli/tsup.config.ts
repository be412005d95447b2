import { packageConfig } from '../../tsup.base.ts';

// Two entry points: the library (`src/index.ts`) and the `orkestra` command (`src/bin.ts`, whose
// `#!/usr/bin/env node` line esbuild keeps at the top of dist/bin.js). `shims` gives the CommonJS build an
// `import.meta.url` (the CLI reads its package.json and finds the examples through it). Code splitting keeps the
// bin's dynamic `import('./cli.js')` a separate chunk, so the bin loads nothing before it knows whether it
// re-executes itself (without it, esbuild inlines the import and hoists every library to the top of bin.js).
export default packageConfig({ entry: ['src/index.ts', 'src/bin.ts'], shims: true, splitting: true });
