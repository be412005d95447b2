import { packageConfig } from '../../tsup.base.ts';

// Five entries: `@orkestra/core` (the contract, the lifecycle, errors, ownership), `@orkestra/core/authoring` (the
// resource-authoring toolkit), `@orkestra/core/kube` (the Kubernetes client), `@orkestra/core/client-node`
// (conversions to and from client-node's models; the only one that imports client-node, an optional peer) and
// `@orkestra/core/internal` (what this repository's other packages need; not public). Code splitting (ESM and CJS)
// puts what they share — the error classes above all — in shared chunks, so `instanceof ConflictError` holds for
// an error the client throws and the lifecycle catches.
//
// TypeBox's builders are bundled into core's JavaScript (its types stay a dependency): loaded as a package they
// are ~260 ES modules, which cost an operator process ~8 MB of RSS for the dozen builders core calls. TypeBox
// schemas are plain JSON objects marked with `Symbol.for(...)` keys, so they stay compatible with a TypeBox a user
// loads beside it.
export default packageConfig({
  entry: {
    index: 'src/index.ts',
    authoring: 'src/authoring.ts',
    'kube/index': 'src/kube/index.ts',
    'client-node/index': 'src/client-node/index.ts',
    internal: 'src/internal.ts',
    'x509/index': 'src/x509/index.ts',
  },
  splitting: true,
  noExternal: ['@sinclair/typebox'],
  treeshake: true,
});
