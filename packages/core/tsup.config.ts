import { packageConfig } from '../../tsup.base.ts';

// Two entries: `@orkestra/core` (the contract, the lifecycle, the authoring toolkit) and `@orkestra/core/kube`
// (the Kubernetes client). Code splitting (ESM and CJS) puts what both use — the error classes above all — in one
// shared chunk, so `instanceof ConflictError` holds for an error the client throws and the lifecycle catches.
//
// TypeBox's builders are bundled into core's JavaScript (its types stay a dependency): loaded as a package they
// are ~260 ES modules, which cost an operator process ~8 MB of RSS for the dozen builders core calls. TypeBox
// schemas are plain JSON objects marked with `Symbol.for(...)` keys, so they stay compatible with a TypeBox a user
// loads beside it.
export default packageConfig({
  entry: { index: 'src/index.ts', 'kube/index': 'src/kube/index.ts' },
  splitting: true,
  noExternal: ['@sinclair/typebox'],
  treeshake: true,
});
