/** Jest (native ESM + swc) for @chief-of-staff/cli. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('cli', __dirname);
