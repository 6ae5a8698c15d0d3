/** Jest (native ESM + swc) for the reliability suite's fast subset (the full run is `npm run reliability`). */
const { createJestConfig } = require('../../jest.preset.cjs');

module.exports = createJestConfig('reliability', __dirname);
