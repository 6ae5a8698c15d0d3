/**
 * `ingestPath`: the entry point for command-line ingestion (`cos docs ingest <path>`). Unlike the
 * `ingest_documents` tool it has no per-call file limit, and it returns a summary shaped for printing.
 *
 * ```ts
 * const summary = await ingestPath(service, '~/Documents/notes', {
 *   onProgress: (p) => bar.update(p.filesDone, { total: p.filesTotal, file: p.path }),
 * });
 * console.log(`${summary.files} files, ${summary.chunks} chunks (${summary.embedded} embedded), ${summary.skipped.length} skipped`);
 * for (const { path, reason } of summary.skipped) console.log(`  skipped ${path}: ${reason}`);
 * ```
 *
 * Errors are `ToolError`s: PERMISSION_DENIED for a path outside `documents.allowedRoots` or a symbolic link,
 * NOT_FOUND for a missing path inside the roots, CONFLICT when the index was built by another embedder (run
 * `cos reindex`), NOT_CONFIGURED for `summarize` without a model.
 */
import type { DocumentService } from '../document-service.js';
import type { IngestOptions, IngestProgress, IngestReport, PrunedDocument, SkippedFile } from './ingest-types.js';

export interface IngestPathOptions {
  onProgress?: (progress: IngestProgress) => void;
  /** Descend into sub-folders (default true). */
  recursive?: boolean;
  summarize?: boolean;
  signal?: AbortSignal;
}

export interface IngestPathSummary {
  /** Supported files found. */
  files: number;
  /** Files (re)indexed by this run. */
  ingested: number;
  /** Files left alone because their content hash matched. */
  unchanged: number;
  /** Chunks written by this run. */
  chunks: number;
  /** Chunk texts sent to the embedder; the rest reused the stored vector of an identical text. */
  embedded: number;
  /** Files not indexed, each with the reason. */
  skipped: SkippedFile[];
  /** Index entries removed because their files are gone. */
  pruned: PrunedDocument[];
  warnings: string[];
  /** The full report, per document. */
  report: IngestReport;
}

export async function ingestPath(
  service: DocumentService,
  path: string,
  options: IngestPathOptions = {},
): Promise<IngestPathSummary> {
  const ingestOptions: IngestOptions = {
    recursive: options.recursive,
    summarize: options.summarize,
    signal: options.signal,
    onProgress: options.onProgress,
  };
  const report = await service.ingest(path, ingestOptions);
  return {
    files: report.files,
    ingested: report.ingested.length,
    unchanged: report.unchanged,
    chunks: report.chunks,
    embedded: report.embedded,
    skipped: report.skipped,
    pruned: report.pruned,
    warnings: report.warnings,
    report,
  };
}
