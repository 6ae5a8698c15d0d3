/** Jest (native ESM + swc) for @chief-of-staff/postgres. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('postgres', __dirname);
