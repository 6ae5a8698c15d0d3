/** Jest (native ESM + swc) for @chief-of-staff/capabilities. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('capabilities', __dirname);
