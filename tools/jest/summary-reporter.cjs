/**
 * Jest reporter that records one project's totals in tmp/test-results/<project root>.json so that
 * tools/scripts/run-tests.mjs can print a single workspace-wide summary line after Nx runs every project.
 * It also collects the notices of suites skipped for a missing test server (written to `noticesDir` by
 * describeWithPostgres and describeWithBrowser) into that file and prints each once after the project's run —
 * unless run-tests.mjs asked to print them itself, once for the whole workspace (`COS_TEST_DEFER_NOTICES=1`).
 * Each failed test (and each suite that did not run) is recorded with the head of its message, so that the workspace
 * summary can name what failed next to the totals instead of leaving it somewhere in a long log.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Lines of a failure message kept for the summary: enough for the assertion and where it failed. */
const MESSAGE_LINES = 12;

function messageHead(message) {
  // Colour codes make no sense once the message is printed away from the terminal that ran the test.
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('node_modules'))
    .slice(0, MESSAGE_LINES)
    .join('\n');
}

/** The failed tests of one run, and the suites that failed before any test ran (a syntax error, a hook). */
function failuresOf(results, rootDir) {
  const failures = [];
  for (const suite of results.testResults) {
    const file = path.relative(rootDir, suite.testFilePath);
    const failedTests = suite.testResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push({ file, test: test.fullName, message: messageHead(test.failureMessages.join('\n')) });
    }
    if (failedTests.length === 0 && (suite.testExecError || suite.failureMessage)) {
      failures.push({ file, test: '(the suite did not run)', message: messageHead(suite.testExecError?.message ?? suite.failureMessage) });
    }
  }
  return failures;
}

class SummaryReporter {
  constructor(globalConfig, options) {
    this.rootDir = globalConfig.rootDir;
    this.project = options.project;
    this.file = options.file;
    this.noticesDir = options.noticesDir;
  }

  onRunStart() {
    if (this.noticesDir) fs.rmSync(this.noticesDir, { recursive: true, force: true });
  }

  readNotices() {
    if (!this.noticesDir || !fs.existsSync(this.noticesDir)) return [];
    return fs
      .readdirSync(this.noticesDir)
      .sort()
      .map((name) => fs.readFileSync(path.join(this.noticesDir, name), 'utf8').trim())
      .filter((notice) => notice !== '');
  }

  onRunComplete(_contexts, results) {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const summary = {
      project: this.project,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      suites: results.numTotalTestSuites,
      notices: this.readNotices(),
      failures: failuresOf(results, this.rootDir),
    };
    fs.writeFileSync(this.file, JSON.stringify(summary) + '\n');
    if (process.env.COS_TEST_DEFER_NOTICES !== '1') {
      for (const notice of summary.notices) process.stderr.write(`\n*** SKIPPED: ${notice}\n`);
    }
  }
}

module.exports = SummaryReporter;
