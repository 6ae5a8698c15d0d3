/** Jest (native ESM + swc) for @chief-of-staff/mcp-server. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('mcp-server', __dirname);
