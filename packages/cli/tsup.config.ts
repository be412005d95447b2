import { packageConfig } from '../../tsup.base.ts';

// Two entry points: the library (`src/index.ts`) and the `orkestra` command (`src/bin.ts`, whose
// `#!/usr/bin/env node` line esbuild keeps at the top of dist/bin.js). `shims` gives the CommonJS build an
// `import.meta.url` (the CLI reads its package.json and finds the examples through it).
export default packageConfig({ entry: ['src/index.ts', 'src/bin.ts'], shims: true });
