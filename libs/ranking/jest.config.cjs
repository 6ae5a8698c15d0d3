/** Jest (native ESM + swc) for @chief-of-staff/ranking. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('ranking', __dirname);
