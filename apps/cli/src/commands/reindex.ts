/**
 * `cos reindex`: rebuilds the document and fact vectors for the configured embedder (after switching embedders,
 * when searches say "run `cos reindex`"). Every indexed file is read again; every fact is embedded again.
 */
import type { Command } from 'commander';
import { isCosError, ToolError } from '@chief-of-staff/core';
import type { ReindexProgress } from '@chief-of-staff/sdk';
import { EXIT_FAILED, formatTable, printError, printJson, printLine, printWarnings } from '../output.js';
import { loadCliConfig, loadSdk } from '../open-cos.js';
import { startProgress } from '../progress-bar.js';
import { plural } from '../text.js';

function progressText(progress: ReindexProgress): { message: string; fraction?: number } {
  if (progress.stage === 'facts') {
    return { message: `Embedding facts (${progress.done}/${progress.total})`, fraction: progress.total > 0 ? progress.done / progress.total : 1 };
  }
  const { filesDone, filesTotal, path } = progress.progress;
  return {
    message: `Documents ${filesDone}/${filesTotal}${path ? ` ${path.split('/').pop() ?? ''}` : ''}`,
    ...(filesTotal > 0 ? { fraction: filesDone / filesTotal } : {}),
  };
}

export function registerReindexCommand(program: Command): void {
  program
    .command('reindex')
    .description('Rebuild the document and fact vectors with the configured embedder.')
    .option('--check', 'only say whether a re-index is needed (exit status 1 when it is)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText(
      'after',
      '\nRun it after changing the embedder, after an upgrade that changes the index layout, or when a search says to.\n' +
        '`cos reindex --check` says whether one is needed. Summaries are not regenerated.',
    )
    .action(async (options: { json?: boolean; check?: boolean }) => {
      const loaded = loadCliConfig();
      if (!loaded) return;
      if (options.check) {
        const { checkReindexNeeded } = await loadSdk();
        const check = await checkReindexNeeded(loaded.config, { logger: loaded.logger });
        if (options.json) printJson(check);
        else printLine(check.needed ? `Re-index needed: ${check.reason} Run \`cos reindex\`.` : `No re-index needed. ${check.reason}`);
        if (check.needed) process.exitCode = EXIT_FAILED;
        return;
      }
      const { reindexVectors } = await loadSdk();
      const progress = startProgress('Re-indexing', options.json !== true);
      try {
        const result = await reindexVectors(loaded.config, {
          logger: loaded.logger,
          onProgress: (update) => {
            const { message, fraction } = progressText(update);
            progress.update(message, fraction);
          },
        });
        progress.stop();
        if (options.json) {
          printJson(result);
          return;
        }
        printWarnings(result.documents.warnings);
        printLine(
          `Re-indexed ${plural(result.documents.reindexed, 'document')} (${plural(result.documents.chunks, 'chunk')}) and ` +
            `${result.facts.embedded} of ${plural(result.facts.total, 'fact')} with ${result.embedder} in ${(result.duration_ms / 1000).toFixed(1)} s.`,
        );
        const dropped = [
          ...result.documents.skipped.map((file) => [file.path, file.reason]),
          ...result.documents.pruned.map((entry) => [entry.path, 'file no longer exists; entry removed']),
        ];
        if (dropped.length > 0) printLine(`\nNo longer indexed:\n${formatTable(['file', 'reason'], dropped)}`);
      } catch (error) {
        progress.stop();
        const message = isCosError(error) || error instanceof Error ? error.message : String(error);
        const hint = error instanceof ToolError ? error.hint : undefined;
        if (options.json) printJson({ error: { code: isCosError(error) ? error.code : 'INTERNAL', message, ...(hint ? { hint } : {}) } });
        else printError(`Re-indexing stopped: ${message}${hint ? ` ${hint}` : ''}`);
        process.exitCode = EXIT_FAILED;
      }
    });
}
