/** Jest (native ESM + swc) for @chief-of-staff/sqlite. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('sqlite', __dirname);
