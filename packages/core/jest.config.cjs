const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('core', { integration: true });
