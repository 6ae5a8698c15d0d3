/** Jest (native ESM + swc) for @chief-of-staff/stores. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('stores', __dirname);
