/** Jest (native ESM + swc) for @chief-of-staff/sdk. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('sdk', __dirname);
