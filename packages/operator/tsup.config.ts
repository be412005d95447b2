import { packageConfig } from '../../tsup.base.ts';

// Three entries: the Manager and everything it holds (`@orkestra/operator`); the memory settings alone
// (`@orkestra/operator/runtime-tuning`), which an entry point checks before it loads anything else: a process
// about to re-execute itself should not load (and compile) the Manager, prom-client and the reconciler first; and
// `@orkestra/operator/internal` (the CLI's pieces; not public). Code splitting puts what entries share in shared
// chunks, so a class is one class whichever entry loaded it (runtime-tuning's chunk imports nothing). `shims`
// gives the CommonJS build an `import.meta.url` (the console finds @orkestra/console's assets through it).
//
// The console's wire types come from `@orkestra/console/types` (an optional peer, kept external like every
// dependency): the public entry's declarations must not name them (ConsoleServer keeps its history private), so
// an operator installed without the console still type-checks; only `internal` (the CLI's trace types) does.
export default packageConfig({
  entry: { index: 'src/index.ts', 'runtime-tuning': 'src/runtime-tuning.ts', internal: 'src/internal.ts' },
  splitting: true,
  shims: true,
});
