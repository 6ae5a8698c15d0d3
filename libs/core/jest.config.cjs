/** Jest (native ESM + swc) for @chief-of-staff/core. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('core', __dirname);
