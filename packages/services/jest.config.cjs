const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('services', { integration: true });
