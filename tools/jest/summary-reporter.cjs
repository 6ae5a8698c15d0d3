/**
 * Jest reporter that records one project's totals in tmp/test-results/<project root>.json so that
 * tools/scripts/run-tests.mjs can print a single workspace-wide summary line after Nx runs every project.
 */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(_globalConfig, options) {
    this.project = options.project;
    this.file = options.file;
  }

  onRunComplete(_contexts, results) {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const summary = {
      project: this.project,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      suites: results.numTotalTestSuites,
    };
    fs.writeFileSync(this.file, JSON.stringify(summary) + '\n');
  }
}

module.exports = SummaryReporter;
