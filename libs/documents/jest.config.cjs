/** Jest (native ESM + swc) for @chief-of-staff/documents. */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('documents', __dirname);
