/**
 * Jest reporter that records one project's totals in tmp/test-results/<project root>.json so that
 * tools/scripts/run-tests.mjs can print a single workspace-wide summary line after Nx runs every project.
 * It also collects the notices of suites skipped for a missing test server (written to `noticesDir` by
 * describeWithPostgres and describeWithBrowser) into that file and prints each once after the project's run —
 * unless run-tests.mjs asked to print them itself, once for the whole workspace (`COS_TEST_DEFER_NOTICES=1`).
 */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(_globalConfig, options) {
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
    };
    fs.writeFileSync(this.file, JSON.stringify(summary) + '\n');
    if (process.env.COS_TEST_DEFER_NOTICES !== '1') {
      for (const notice of summary.notices) process.stderr.write(`\n*** SKIPPED: ${notice}\n`);
    }
  }
}

module.exports = SummaryReporter;
