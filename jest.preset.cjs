/**
 * Shared Jest settings: native ESM, TypeScript through swc, and workspace libraries resolved to their
 * sources (the `@chief-of-staff/source` export condition) so tests never need a prior build.
 */
const path = require('node:path');

function createJestConfig(name, projectDir) {
  const project = path.relative(__dirname, projectDir);
  // Suites skipped for a missing test server (PostgreSQL, Chromium) leave a notice here instead of printing one per
  // file; the summary reporter prints each once. Set before Jest starts its workers, which inherit it.
  const noticesDir = path.join(__dirname, 'tmp', 'test-notices', project);
  process.env.COS_TEST_NOTICES_DIR = noticesDir;
  return {
    displayName: name,
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts'],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          // Import attributes are kept: Jest loads a JSON module only when it is imported `with { type: 'json' }`.
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022', experimental: { keepImportAttributes: true } },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    extensionsToTreatAsEsm: ['.ts'],
    moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testEnvironmentOptions: {
      customExportConditions: ['@chief-of-staff/source', 'node', 'node-addons'],
    },
    reporters: [
      'default',
      [
        path.join(__dirname, 'tools/jest/summary-reporter.cjs'),
        // Matches the test target's declared output in nx.json, so a cached run restores it too.
        { project: name, file: path.join(__dirname, 'tmp', 'test-results', `${project}.json`), noticesDir },
      ],
    ],
    testTimeout: 30000,
    // A project without tests fails: it would otherwise pass CI having checked nothing.
    passWithNoTests: false,
  };
}

module.exports = { createJestConfig };
