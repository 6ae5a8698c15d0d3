/**
 * `cos docs ingest|search|list`: the document index from the terminal, through ingest_documents, search_documents
 * and list_documents. Ingest shows a progress bar and keeps calling the tool until every file is looked at (one call
 * stops after its time budget or 500 new or changed files and answers `more: true`), then prints one summary.
 */
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { expandHome } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { formatTable, printJson, printLine, printWarnings, reportToolError, reportToolResult } from '../output.js';
import { withChiefOfStaff, withSearchResult } from '../open-cos.js';
import { wholeNumber } from '../options.js';
import { collectPages } from '../pages.js';
import { startProgress } from '../progress-bar.js';
import { oneLine, plural } from '../text.js';

interface IngestedEntry {
  document_id: number;
  path: string;
  chunks: number;
}

interface IngestToolOutput {
  ingested: IngestedEntry[];
  unchanged: number;
  skipped: { path: string; reason: string }[];
  pruned: { document_id: number; path: string; chunks_removed: number }[];
  more: boolean;
  warnings?: string[];
}

export interface IngestSummary {
  path: string;
  /** Supported files found: indexed now or unchanged. */
  files: number;
  ingested: IngestedEntry[];
  chunks: number;
  unchanged: number;
  skipped: { path: string; reason: string }[];
  pruned: { document_id: number; path: string; chunks_removed: number }[];
  warnings: string[];
}

/** The tool's "N of M files done — run again to continue" warning: the CLI simply runs it again. */
const MORE_FILES_WARNING = /run the same ingest again to continue/;

async function ingestAll(
  cos: ChiefOfStaff,
  path: string,
  recursive: boolean,
  report: (message: string, fraction?: number) => void,
): Promise<{ ok: true; summary: IngestSummary } | { ok: false; error: Parameters<typeof reportToolError>[0] }> {
  const ingested = new Map<string, IngestedEntry>();
  const pruned: IngestSummary['pruned'] = [];
  let last: IngestToolOutput;
  let ingestedBeforeLastCall = 0;
  for (;;) {
    ingestedBeforeLastCall = ingested.size;
    const result = await cos.callTool('ingest_documents', { path, recursive }, { caller: { kind: 'cli' }, progress: report });
    if (!result.ok) return { ok: false, error: result.error };
    last = result.value as unknown as IngestToolOutput;
    for (const entry of last.ingested) ingested.set(entry.path, entry);
    pruned.push(...last.pruned);
    // A call that stopped early always indexed something first, so each round moves on; the guard is for safety.
    if (!last.more || last.ingested.length === 0) break;
  }
  const documents = [...ingested.values()];
  // Files indexed by an earlier call count as unchanged in the later ones.
  const unchanged = Math.max(0, last.unchanged - ingestedBeforeLastCall);
  return {
    ok: true,
    summary: {
      path,
      files: documents.length + unchanged,
      ingested: documents,
      chunks: documents.reduce((sum, entry) => sum + entry.chunks, 0),
      unchanged,
      skipped: last.skipped,
      pruned,
      warnings: (last.warnings ?? []).filter((warning) => !MORE_FILES_WARNING.test(warning)),
    },
  };
}

function renderIngestSummary(summary: IngestSummary): string {
  const lines = [
    `Indexed ${plural(summary.ingested.length, 'file')} (${plural(summary.chunks, 'chunk')}); ${summary.unchanged} unchanged; ${summary.skipped.length} skipped.`,
  ];
  if (summary.skipped.length > 0) {
    lines.push('', 'Skipped:', formatTable(['file', 'reason'], summary.skipped.map((file) => [file.path, file.reason])));
  }
  if (summary.pruned.length > 0) {
    lines.push('', `Removed from the index (files no longer exist): ${summary.pruned.map((entry) => entry.path).join(', ')}`);
  }
  return lines.join('\n');
}

interface SearchHit {
  path: string;
  chunk_index: number;
  text: string;
  score: number;
}

function renderSearch(query: string, value: Record<string, unknown>): string {
  const items = value['items'] as SearchHit[];
  printWarnings(value['warnings'] as string[] | undefined);
  if (items.length === 0) {
    const hint = typeof value['hint'] === 'string' ? ` ${value['hint']}` : ' Try other words, or --mode fts for exact names and codes.';
    return `No passages match "${query}".${hint}`;
  }
  return items
    .map((hit, index) => `${index + 1}. ${hit.path} (chunk ${hit.chunk_index}, score ${hit.score.toFixed(2)})\n   ${oneLine(hit.text, 300)}`)
    .join('\n\n');
}

interface DocumentRow {
  path: string;
  doc_type: string;
  chunks: number;
  size_bytes: number;
  ingested_at: string;
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function registerDocsCommands(program: Command): void {
  const docs = program.command('docs').description('Ingest, search and list your documents.');

  docsIngestCommand(docs);
  docsSearchCommand(docs);
  docsListCommand(docs);
}

function docsIngestCommand(docs: Command): void {
  docs
    .command('ingest')
    .description('Index a file or folder inside documents.allowedRoots (unchanged files are skipped quickly).')
    .argument('<path>', 'file or folder; relative paths are resolved from the current directory')
    .option('--no-recursive', 'only the folder itself, not its sub-folders')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos docs ingest ~/Documents/cos\n  cos docs ingest ./notes --no-recursive')
    .action((path: string, options: { recursive: boolean; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const absolute = resolve(expandHome(path));
        const progress = startProgress('Ingesting', options.json !== true);
        let outcome: Awaited<ReturnType<typeof ingestAll>>;
        try {
          outcome = await ingestAll(cos, absolute, options.recursive, (message, fraction) => progress.update(message, fraction));
        } finally {
          progress.stop();
        }
        if (!outcome.ok) {
          reportToolError(outcome.error, options.json === true);
          return;
        }
        if (options.json) {
          printJson(outcome.summary);
          return;
        }
        printWarnings(outcome.summary.warnings);
        printLine(renderIngestSummary(outcome.summary));
      }),
    );
}

function docsSearchCommand(docs: Command): void {
  docs
    .command('search')
    .description('Find the passages that best answer a question, with their files.')
    .argument('<query>', 'words or a question')
    .addOption(new Option('--mode <mode>', 'hybrid: meaning and words; vector: meaning only; fts: words only').choices(['hybrid', 'vector', 'fts']).default('hybrid'))
    .option('--top-k <n>', 'passages to show (default 5, at most 50)', wholeNumber('--top-k', 1))
    .option('--type <docType>', 'only one type: text, markdown, pdf, docx, html, csv, json, yaml, code')
    .option('--path-prefix <prefix>', 'only files under this folder')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos docs search "what did the board decide about hiring"\n  cos docs search "INV-2041" --mode fts --top-k 10')
    .action((query: string, options: { mode: string; topK?: number; type?: string; pathPrefix?: string; json?: boolean }) => {
      const args = {
        query,
        mode: options.mode,
        ...(options.topK === undefined ? {} : { top_k: options.topK }),
        ...(options.type ? { doc_type: options.type } : {}),
        ...(options.pathPrefix ? { path_prefix: resolve(expandHome(options.pathPrefix)) } : {}),
      };
      return withSearchResult(
        'search_documents',
        args,
        'Searching documents…',
        (result) => reportToolResult(result, options.json === true, (value) => renderSearch(query, value)),
        { warmUpSemanticSearch: options.mode !== 'fts' },
      );
    });
}

function docsListCommand(docs: Command): void {
  docs
    .command('list')
    .description('List the indexed documents, ordered by path.')
    .option('--type <docType>', 'only one type: text, markdown, pdf, docx, html, csv, json, yaml, code')
    .option('--path-prefix <prefix>', 'only files under this folder')
    .option('--limit <n>', 'show at most this many (default: all)', wholeNumber('--limit', 1))
    .option('--json', 'print machine-readable JSON')
    .action((options: { type?: string; pathPrefix?: string; limit?: number; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = {
          ...(options.type ? { doc_type: options.type } : {}),
          ...(options.pathPrefix ? { path_prefix: resolve(expandHome(options.pathPrefix)) } : {}),
        };
        const result = await collectPages(cos, 'list_documents', args, { pageSize: 200, max: options.limit });
        if (!result.ok) {
          reportToolError(result.error, options.json === true);
          return;
        }
        const { items, total, more, warnings } = result.value;
        if (options.json) {
          printJson({ items, total, ...(warnings.length > 0 ? { warnings } : {}) });
          return;
        }
        printWarnings(warnings);
        if (items.length === 0) {
          printLine('No documents indexed yet. Add some with `cos docs ingest <folder>`.');
          return;
        }
        const rows = (items as unknown as DocumentRow[]).map((doc) => [doc.path, doc.doc_type, String(doc.chunks), humanSize(doc.size_bytes), doc.ingested_at.slice(0, 10)]);
        printLine(formatTable(['path', 'type', 'chunks', 'size', 'ingested'], rows));
        printLine(`\n${more ? `Showing ${items.length} of ${total ?? 'more'}; raise --limit to see more.` : plural(total ?? items.length, 'document')}`);
      }),
    );
}
