// Shared Jest settings: ESM mode (client-node 2.x is ESM-only; run with --experimental-vm-modules, which
// the Nx `test` target sets), TypeScript stripped by SWC (type checking is the `typecheck` target's job),
// workspace packages resolved to their sources through the `@orkestra/source` export condition.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2023', keepClassNames: true },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const base = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironmentOptions: { customExportConditions: ['@orkestra/source', 'node', 'import', 'default'] },
};

/**
 * Two Jest projects per package: `unit` (test/**\/*.test.ts, no cluster) and `integration`
 * (test/**\/*.int.test.ts, one real control plane per run started by @orkestra/testenv's global setup).
 * Jest runs a project's global setup only when a test of that project is selected, so
 * `jest --selectProjects unit` never starts a control plane. `nodes: <count>` gives that control plane simulated
 * nodes (kube-scheduler + KWOK, see @orkestra/testenv's `nodes` option) unless ORKESTRA_TESTENV_NODES says otherwise.
 */
function packageJestConfig(displayName, { integration = true, nodes = 0, alsoOverHttp } = {}) {
  // Read by the global setup, which runs in this process after the config.
  if (integration && nodes > 0) process.env.ORKESTRA_TESTENV_NODES ??= String(nodes);
  const projects = [
    {
      ...base,
      displayName: `${displayName}:unit`,
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$'],
    },
  ];
  if (integration) {
    projects.push({
      ...base,
      displayName: `${displayName}:integration`,
      testMatch: ['<rootDir>/test/**/*.int.test.ts'],
      globalSetup: require.resolve('./packages/testenv/jest/global-setup.mjs'),
      globalTeardown: require.resolve('./packages/testenv/jest/global-teardown.mjs'),
      slowTestThreshold: 20,
    });
  }
  if (integration && alsoOverHttp) projects.push(overHttp(projects[1], alsoOverHttp));
  // testTimeout is a global option in Jest (projects cannot set it): generous for integration tests, and
  // unit tests finish long before it anyway.
  return { projects, testTimeout: integration ? 60_000 : 5_000 };
}

/**
 * `alsoOverHttp: { version: '2', tests: ['kubeclient'] }`: the integration tests whose file names start with one of
 * `tests` run a second time with `ORKESTRA_HTTP=<version>`, so every `Kubeclient` they make without an `http`
 * option speaks that HTTP version (the same tests over both transports; the project's name says which).
 */
function overHttp(integrationProject, { version, tests }) {
  return {
    ...integrationProject,
    displayName: `${integrationProject.displayName} over HTTP/${version}`,
    testMatch: tests.map((name) => `<rootDir>/test/**/${name}*.int.test.ts`),
    globals: { ORKESTRA_HTTP: version },
    setupFiles: [require.resolve('./jest.http-version.cjs')],
  };
}

module.exports = { base, packageJestConfig };
