const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('hpas', { integration: true });
