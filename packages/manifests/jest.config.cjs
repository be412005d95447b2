const { packageJestConfig } = require('../../jest.preset.cjs');

module.exports = packageJestConfig('manifests', { integration: true });
