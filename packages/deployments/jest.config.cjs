const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('deployments', { integration: true });
