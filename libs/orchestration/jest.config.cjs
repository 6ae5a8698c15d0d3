/** Jest (native ESM + swc) for @chief-of-staff/orchestration. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('orchestration', __dirname);
