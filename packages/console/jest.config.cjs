const { packageJestConfig } = require('../../jest.preset.cjs');

// Pure view logic only: the pages themselves are tested in a real browser by @orkestra/operator's journeys.
module.exports = packageJestConfig('console', { integration: false });
