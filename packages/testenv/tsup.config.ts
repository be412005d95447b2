import { packageConfig } from '../../tsup.base.ts';

// Three entry points: the control plane and its helpers (`.`), the contract suite for resource packages
// (`./contract`, which needs Jest: a peer dependency, so the root entry works without it), and the in-memory
// ControllerClient for unit tests (`./fake`).
export default packageConfig({ entry: ['src/index.ts', 'src/contract/index.ts', 'src/fake/index.ts'] });
