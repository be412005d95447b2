const { delimiter, join } = require('node:path');
const { packageJestConfig } = require('../../jest.preset.cjs');

// The integration tests' control plane also gets the example Website CRD, before kube-controller-manager
// starts, so the garbage collector knows the kind from the first second (ORKESTRA_TESTENV_CRDS is
// @orkestra/testenv's list of extra CRD files).
const exampleCrd = join(__dirname, '..', '..', 'examples', 'website', 'crd.yaml');
process.env.ORKESTRA_TESTENV_CRDS = [process.env.ORKESTRA_TESTENV_CRDS, exampleCrd].filter(Boolean).join(delimiter);

module.exports = packageJestConfig('operator', { integration: true, nodes: 2 });
