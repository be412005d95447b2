const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('secrets', { integration: true });
