/**
 * Workspace lint rules. `@nx/enforce-module-boundaries` encodes the dependency rules of
 * docs/reference/architecture.md#dependency-rules: each library carries a `scope:<name>` tag and may only import the
 * scopes listed for it; apps import libraries only.
 */
import nx from '@nx/eslint-plugin';

const allow = (scope, ...scopes) => ({
  sourceTag: `scope:${scope}`,
  onlyDependOnLibsWithTags: scopes.map((name) => `scope:${name}`),
});

export const dependencyRules = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:data', 'type:util'] },
  { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:util'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:util'] },
  // Data libraries may build on one another (documents on stores); the scope rules below say which.
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data', 'type:util'] },
  // Utility libraries build on core only (ranking on core's text analyser); the scope rules below say which.
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  // Benchmarks measure every layer; nothing depends on them.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:data', 'type:util'] },
  allow('sdk', 'agents', 'enrichment', 'capabilities', 'scheduler', 'orchestration', 'postgres', 'sqlite', 'lancedb', 'documents', 'providers', 'stores', 'ranking', 'core'),
  allow('agents', 'orchestration', 'capabilities', 'stores', 'core'),
  allow('enrichment', 'documents', 'providers', 'stores', 'core'),
  allow('capabilities', 'documents', 'providers', 'stores', 'core'),
  allow('scheduler', 'stores', 'core'),
  allow('orchestration', 'core'),
  // Storage adapters (ADR 0098) implement the ports of stores (relational) and documents (chunks, vectors). Only the
  // sdk loads them; an adapter never imports another adapter, and the ports import none.
  allow('postgres', 'stores', 'documents', 'ranking', 'core'),
  allow('sqlite', 'stores', 'core'),
  allow('lancedb', 'documents', 'stores', 'core'),
  allow('documents', 'stores', 'ranking', 'core'),
  allow('providers', 'stores', 'core'),
  allow('stores', 'ranking', 'core'),
  // The ranking engine of facts and chunks (ADR 0099): pure, on core's text analyser.
  allow('ranking', 'core'),
  allow('core'),
  // The reliability suite talks to the built server over MCP only; it scripts the model with the fake Messages API
  // of `@chief-of-staff/agents/testing` and runs a throw-away PostgreSQL from `@chief-of-staff/postgres/testing`.
  allow('reliability', 'agents', 'postgres'),
  allow('bench', 'sdk', 'agents', 'enrichment', 'capabilities', 'scheduler', 'orchestration', 'postgres', 'sqlite', 'lancedb', 'documents', 'providers', 'stores', 'ranking', 'core'),
];

/**
 * Tests of the libraries above the ports run on the embedded adapters (`@chief-of-staff/sqlite/testing`,
 * `@chief-of-staff/lancedb`); their product code never imports an adapter. The ports' own tests cannot (that
 * would be a circle): an adapter runs the port's contract suites against itself.
 */
const embeddedAdapters = ['sqlite', 'lancedb'];
const abovePorts = ['sdk', 'agents', 'enrichment', 'capabilities', 'scheduler', 'providers', 'postgres'];
// The LanceDB adapter's document-engine and fact-vector tests keep the catalogue and the facts in the other embedded
// adapter, as the application does (SQLite does not depend on LanceDB, so this is no circle).
const embeddedPartners = { lancedb: ['sqlite'] };
export const testDependencyRules = dependencyRules.map((rule) => {
  const partners = Object.entries(embeddedPartners).find(([scope]) => rule.sourceTag === `scope:${scope}`)?.[1] ?? [];
  const extra = abovePorts.some((scope) => rule.sourceTag === `scope:${scope}`) ? embeddedAdapters : partners;
  return extra.length > 0 ? { ...rule, onlyDependOnLibsWithTags: [...rule.onlyDependOnLibsWithTags, ...extra.map((name) => `scope:${name}`)] } : rule;
});

/**
 * Projects on the storage port (ADR 0051) are linted with type information for promises nobody awaits: a forgotten
 * `await` on a write changes ordering and loses errors, and the compiler sees it only where the value is used.
 * `projectDir` is the project's folder (`import.meta.dirname` of its eslint.config.mjs).
 */
export function awaitedPromises(projectDir) {
  return {
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { project: ['./tsconfig.lib.json', './tsconfig.spec.json'], tsconfigRootDir: projectDir } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  };
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    // Config files in CommonJS are not linted; CommonJS product code (libs/*/src, the apps' entry template) is.
    ignores: ['**/dist', '**/out-tsc', '**/node_modules', 'tmp', '**/drizzle/meta', '**/*.cjs', '!libs/*/src/**/*.cjs', '!tools/scripts/app-loader.cjs'],
  },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          // The MCP server and the CLI import the sdk lazily (start-up time); tests and other code import it statically.
          checkDynamicDependenciesExceptions: ['@chief-of-staff/sdk'],
          depConstraints: dependencyRules,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (house rule).' },
        { selector: 'ExportAllDeclaration', message: 'Name what is public instead of `export *` (house rule).' },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/__tests__/**/*.ts', '**/*.bench.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: true, allow: [], checkDynamicDependenciesExceptions: ['@chief-of-staff/sdk'], depConstraints: testDependencyRules },
      ],
    },
  },
  {
    // Small files and functions (DESIGN §9, ADR 0098): a file holds one responsibility; a longer function
    // says why in an eslint-disable comment.
    files: ['**/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['**/src/**/*.ts'],
    ignores: ['tools/**', '**/*.spec.ts', '**/__tests__/**', '**/*.bench.ts', '**/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // Code that must load without a build step: the embedder runtime (worker threads), the apps' entry template.
    files: ['libs/*/src/**/*.cjs', 'tools/scripts/app-loader.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/eslint.config.mjs', '**/*.config.{js,mjs,ts}'],
    rules: { 'no-restricted-syntax': 'off', '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/package.json'],
    rules: {
      '@nx/dependency-checks': [
        'error',
        {
          ignoredFiles: ['{projectRoot}/eslint.config.mjs', '{projectRoot}/jest.config.cjs', '{projectRoot}/src/**/*.spec.ts', '{projectRoot}/src/**/*.bench.ts', '{projectRoot}/src/**/__tests__/**'],
          ignoredDependencies: [],
          checkObsoleteDependencies: false,
        },
      ],
    },
    languageOptions: { parser: await import('jsonc-eslint-parser') },
  },
];
