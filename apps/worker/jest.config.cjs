/** Jest (native ESM + swc) for @chief-of-staff/worker. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('worker', __dirname);
