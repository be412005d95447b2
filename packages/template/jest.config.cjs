const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('template', { integration: false });
