const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('testenv', { integration: false });
