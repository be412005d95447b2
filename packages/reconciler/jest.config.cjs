const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('reconciler', { integration: true });
