import { packageConfig } from '../../tsup.base.ts';

// Two entries: the Manager and everything it holds (`@orkestra/operator`), and the memory settings alone
// (`@orkestra/operator/runtime-tuning`), which an entry point checks before it loads anything else: a process
// about to re-execute itself should not load (and compile) the Manager, prom-client and the reconciler first.
export default packageConfig({
  entry: { index: 'src/index.ts', 'runtime-tuning': 'src/runtime-tuning.ts' },
});
