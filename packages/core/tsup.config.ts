import { packageConfig } from '../../tsup.base.ts';

// TypeBox's builders are bundled into core's JavaScript (its types stay a dependency): loaded as a package they
// are ~260 ES modules, which cost an operator process ~8 MB of RSS for the dozen builders core calls. TypeBox
// schemas are plain JSON objects marked with `Symbol.for(...)` keys, so they stay compatible with a TypeBox a user
// loads beside it.
export default packageConfig({ noExternal: ['@sinclair/typebox'], treeshake: true });
