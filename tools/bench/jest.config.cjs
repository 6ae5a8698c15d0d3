/** Jest (native ESM + swc) for the benchmark runner and the figures it guards. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('bench', __dirname);
