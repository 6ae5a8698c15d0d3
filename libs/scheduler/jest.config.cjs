/** Jest (native ESM + swc) for @chief-of-staff/scheduler. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('scheduler', __dirname);
