import { packageConfig } from '../../tsup.base.ts';

// Three entry points: the control plane and its helpers (`.`), the contract suite for resource packages
// (`./contract`, which needs @orkestra/core and Jest: peer dependencies, so the root entry works without them),
// and the schema checks generated ahead of time (`./schema-check`: Ajv only, no Jest, so the resource generator
// can load it).
export default packageConfig({ entry: ['src/index.ts', 'src/contract/index.ts', 'src/schema-check/index.ts'] });
