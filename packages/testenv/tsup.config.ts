import { packageConfig } from '../../tsup.base.ts';

// Two entry points: the control plane and its helpers (`.`), and the contract suite for resource packages
// (`./contract`, which needs @orkestra/core and Jest: peer dependencies, so the root entry works without them).
export default packageConfig({ entry: ['src/index.ts', 'src/contract/index.ts'] });
