/** Jest (native ESM + swc) for @chief-of-staff/console. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('console', __dirname);
