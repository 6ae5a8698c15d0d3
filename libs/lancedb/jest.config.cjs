/** Jest (native ESM + swc) for @chief-of-staff/lancedb. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('lancedb', __dirname);
