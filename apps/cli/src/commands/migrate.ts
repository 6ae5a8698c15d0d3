/**
 * `cos migrate --to postgres://…`: copies this data directory (every table and the vectors) into a PostgreSQL
 * database and verifies it, for moving to PostgreSQL storage (docs/storage.md). The data directory is only read.
 * Killed or interrupted, the same command continues where it stopped.
 */
import type { Command } from 'commander';
import { isCosError } from '@chief-of-staff/core';
import type { CopyDataDirectoryReport, CopyProgress } from '@chief-of-staff/sdk';
import { EXIT_FAILED, formatTable, printError, printJson, printLine, reportUsageError } from '../output.js';
import { loadCliConfig, loadSdk } from '../open-cos.js';
import { startProgress } from '../progress-bar.js';

function progressText(progress: CopyProgress): { message: string; fraction?: number } {
  const what = progress.stage === 'vectors' ? `${progress.table} vectors` : progress.table;
  return { message: `${what} ${progress.copied}/${progress.total}`, ...(progress.total > 0 ? { fraction: progress.copied / progress.total } : {}) };
}

function printReport(report: CopyDataDirectoryReport): void {
  const rows = [
    ...report.tables.filter((table) => table.source > 0 || table.target > 0).map((table) => [table.table, String(table.source), String(table.inserted), String(table.target)]),
    ...report.vectors.map((table) => [`${table.table} (vectors)`, String(table.source), String(table.inserted), String(table.target)]),
  ];
  printLine(formatTable(['table', 'in the data directory', 'copied now', 'in PostgreSQL'], rows));
  const orphans = report.vectors.reduce((sum, table) => sum + table.orphans, 0);
  if (orphans > 0) printLine(`${orphans} vectors belonged to documents or facts that no longer exist and were left out.`);
  const nul = report.tables.reduce((sum, table) => sum + table.nulReplaced, 0);
  if (nul > 0) printLine(`${nul} texts held a NUL character, which PostgreSQL cannot store; it was written as U+FFFD.`);
  if (report.verified) {
    printLine(
      `${report.resumed ? 'Continued the copy of' : 'Copied'} ${report.source} into ${report.target} and verified every table ` +
        `in ${(report.durationMs / 1000).toFixed(1)} s. Set storage.url (or COS_DATABASE_URL) to use it.`,
    );
  } else {
    printError(`The copy does not match its source:\n${report.mismatches.join('\n')}\nRun the same command again to finish it.`);
  }
}

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Copy this data directory (every table and the vectors) into a PostgreSQL database, and verify it.')
    .option('--to <url>', 'the PostgreSQL database, postgres://user@host:5432/name (default: the configured storage.url or COS_DATABASE_URL)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText(
      'after',
      '\nThe data directory is only read. Stop `cos serve` and `cos worker` first, so nothing changes during the copy.\n' +
        'Interrupted, the same command continues where it stopped. Put the password in PGPASSWORD or COS_DATABASE_URL\n' +
        'rather than on the command line. See docs/storage.md.',
    )
    .action(async (options: { to?: string; json?: boolean }) => {
      const json = options.json === true;
      const loaded = loadCliConfig();
      if (!loaded) return;
      // Without --to, the configured storage (storage.url, COS_DATABASE_URL, env:NAME references) is the target.
      const to = options.to;
      if ((to === undefined && loaded.config.storage.url === undefined) || to === '') {
        reportUsageError('Say where to copy to: cos migrate --to postgres://user@host:5432/name (or set storage.url or COS_DATABASE_URL).', json);
        return;
      }
      const { copyToPostgres } = await loadSdk();
      const progress = startProgress('Copying', !json);
      const stop = new AbortController();
      const interrupt = (): void => stop.abort(new Error('interrupted'));
      process.once('SIGINT', interrupt);
      try {
        const report = await copyToPostgres(loaded.config, {
          to,
          signal: stop.signal,
          onProgress: (update) => {
            const { message, fraction } = progressText(update);
            progress.update(message, fraction);
          },
        });
        progress.stop();
        if (json) printJson(report);
        else printReport(report);
        if (!report.verified) process.exitCode = EXIT_FAILED;
      } catch (error) {
        progress.stop();
        const message = stop.signal.aborted
          ? 'Interrupted; what was copied is kept. Run the same command again to continue.'
          : isCosError(error) || error instanceof Error
            ? error.message
            : String(error);
        if (json) printJson({ error: { code: isCosError(error) ? error.code : 'INTERNAL', message } });
        else printError(`The copy stopped: ${message}`);
        process.exitCode = EXIT_FAILED;
      } finally {
        process.off('SIGINT', interrupt);
      }
    });
}
