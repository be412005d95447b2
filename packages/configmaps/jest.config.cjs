const { packageJestConfig } = require('../../jest.preset.cjs');

// The resource contract (testenv/contract) runs a second time with Orkestra's client over HTTP/2.
module.exports = packageJestConfig('configmaps', {
  integration: true,
  alsoOverHttp: { version: '2', tests: ['contract'] },
});
