import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    // src/testing holds the test harness (browser, axe): test-only code, like the spec files, run from the workspace's
    // devDependencies and never bundled into the app.
    files: ['**/package.json'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        {
          ignoredFiles: [
            '{projectRoot}/eslint.config.mjs',
            '{projectRoot}/jest.config.cjs',
            '{projectRoot}/src/**/*.spec.ts',
            '{projectRoot}/src/**/*.bench.ts',
            '{projectRoot}/src/**/__tests__/**',
            '{projectRoot}/src/testing/**',
          ],
          ignoredDependencies: [],
          checkObsoleteDependencies: false,
        },
      ],
    },
  },
];
