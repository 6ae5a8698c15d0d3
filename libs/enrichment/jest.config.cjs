/** Jest (native ESM + swc) for @chief-of-staff/enrichment. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('enrichment', __dirname);
