const { packageJestConfig } = require('../../jest.preset.cjs');

// The client's suites run over both HTTP versions: once with the default, once over the other.
module.exports = packageJestConfig('core', {
  integration: true,
  alsoOverHttp: { version: '2', tests: ['kubeclient', 'http-transport', 'object-client', 'kubeconfig'] },
});
