#!/usr/bin/env node
/**
 * The workspace test command (`npm test`): installs the test servers where it can, type-checks and tests every
 * project through Nx, then prints one summary line for the whole workspace — `Tests: N passed, N failed, N skipped`
 * — from the per-project totals the Jest summary reporter writes. Exits non-zero when any task failed. Extra arguments go to `nx run-many`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const resultsDir = join(root, 'tmp', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });

/**
 * The mail and calendar account tests, the PostgreSQL suites and the console's browser tests run against real servers
 * and Chromium from Debian packages (and pgvector built from the vendored source). Run as root (CI, containers) with
 * apt-get, they are installed first; elsewhere (nobody is asked for a sudo password) those suites skip with a message
 * naming how to run them (the PostgreSQL ones also run against `COS_TEST_DATABASE_URL`), and under CI (where they
 * must run) a failed installation, or a suite without its server, fails the run.
 */
function installTestServers() {
  if (process.env.COS_SKIP_TEST_SERVERS === '1' || process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) return;
  if (process.getuid?.() !== 0) return;
  const install = spawnSync('bash', [join(root, 'tools', 'test-servers', 'install.sh')], { cwd: root, stdio: 'inherit' });
  if (install.status === 0) return;
  if (process.env.CI) {
    console.error('The test servers could not be installed (tools/test-servers/install.sh); CI needs them.');
    process.exit(install.status ?? 1);
  }
  console.warn('*** The test servers could not be installed; the account, browser and PostgreSQL tests will be skipped. See tools/test-servers/README.md.');
}
installTestServers();

const run = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', 'typecheck', 'test', '--output-style=static', ...process.argv.slice(2)],
  // Each project's reporter keeps its skipped-suite notices for the line below instead of printing them.
  { cwd: root, stdio: 'inherit', env: { ...process.env, COS_TEST_DEFER_NOTICES: '1' } },
);

const totals = { passed: 0, failed: 0, skipped: 0, projects: 0 };
const notices = new Set();
const failures = [];
if (existsSync(resultsDir)) {
  const files = readdirSync(resultsDir, { recursive: true }).map(String).filter((name) => name.endsWith('.json'));
  for (const file of files) {
    const summary = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
    totals.projects += 1;
    for (const notice of summary.notices ?? []) notices.add(notice);
    for (const failure of summary.failures ?? []) failures.push({ project: summary.project, ...failure });
  }
}
const failedTasks = run.status !== 0;
// A failing task that is not a test (a type error, a suite that did not load) still fails the run.
if (failedTasks && totals.failed === 0) totals.failed = 1;
// Once for the whole run, however many suites and projects skipped for the same missing server.
for (const notice of notices) console.warn(`\n*** SKIPPED: ${notice}`);
// Named here, next to the totals, because a long run's log is often read only from its end; the first ones in full,
// since many failures at once usually share a cause.
const FAILURES_SHOWN = 20;
if (failures.length > 0) {
  console.log(`\nFailed tests (${failures.length}):`);
  for (const { project, file, test, message } of failures.slice(0, FAILURES_SHOWN)) {
    console.log(`\n- ${project} ${file} › ${test}`);
    if (message) console.log(message.replace(/^/gm, '    '));
  }
  if (failures.length > FAILURES_SHOWN) console.log(`\n…and ${failures.length - FAILURES_SHOWN} more, named in the log above.`);
}
console.log(`\nTest results from ${totals.projects} projects:`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedTasks ? (run.status ?? 1) : 0);
