import { packageConfig } from '../../tsup.base.ts';

// Two entries: `@orkestra/reconciler` (the public face) and `@orkestra/reconciler/internal` (what this repository's
// other packages use; not public). Code splitting puts what they share in shared chunks, so a class is one class
// whichever entry loaded it. `shims` gives the CommonJS build an `import.meta.url`: the YAML locator loads `yaml`
// through `createRequire` only when a position is asked for.
export default packageConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
  splitting: true,
  shims: true,
});
