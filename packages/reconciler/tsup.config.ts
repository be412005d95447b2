import { packageConfig } from '../../tsup.base.ts';

// `shims` gives the CommonJS build an `import.meta.url`: the YAML locator loads `yaml` through `createRequire` only
// when a position is asked for.
export default packageConfig({ shims: true });
