/** Jest (native ESM + swc) for @chief-of-staff/agents. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('agents', __dirname);
