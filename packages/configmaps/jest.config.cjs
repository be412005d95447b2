const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('configmaps', { integration: true });
