/** Jest (native ESM + swc) for @chief-of-staff/providers. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('providers', __dirname);
