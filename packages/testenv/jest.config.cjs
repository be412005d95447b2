const { base, packageJestConfig } = require('../../jest.preset.cjs');

// The preset's `integration` project uses this package's own jest global setup (one shared control
// plane), which needs the built package. testenv's integration tests start their own environments
// instead, so its integration project has no global setup.
const config = packageJestConfig('testenv', { integration: false });
config.projects.push({
  ...base,
  displayName: 'testenv:integration',
  testMatch: ['<rootDir>/test/**/*.int.test.ts'],
  slowTestThreshold: 30,
});
// testTimeout is a global option (Jest ignores it inside a project); several environments start here.
config.testTimeout = 120_000;

module.exports = config;
