// The generator's tests: an in-memory Nx tree (createTreeWithEmptyWorkspace), no cluster. Same ESM/SWC setup
// as every package (jest.preset.cjs); the specs sit beside the generator, as in Nx's own plugins.
const { base } = require('../../jest.preset.cjs');

module.exports = {
  ...base,
  displayName: 'nx-plugin',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // Without the preset's 'import' condition: Jest adds 'require' or 'import' per call itself, and @nx/devkit
  // require()s ejs, whose exports map lists 'import' first (its ESM build has no `render` for CommonJS callers).
  testEnvironmentOptions: { customExportConditions: ['node', 'default'] },
  testTimeout: 20_000,
};
