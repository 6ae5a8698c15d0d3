/**
 * `ingest_documents` (docs/reference/tool-catalogue.md#documents): indexes a file or folder inside
 * `documents.allowedRoots`, reporting progress per file. Unchanged files are skipped by content hash; entries of
 * deleted files are pruned. A large folder takes several calls: each stops starting files after its time budget
 * (`documents.ingestTimeBudgetMs`, below the tool's time limit) or 500 new files and answers `more: true` with how far
 * it got, instead of running into TIMEOUT; calling again continues.
 */
import { basename, isAbsolute } from 'node:path';
import { z } from 'zod';
import { defineTool, expandHome, ToolError, type ToolContext } from '@chief-of-staff/core';
import type { IngestProgress } from '@chief-of-staff/documents';
import { documentIdSchema, skippedFileSchema } from './document-schemas.js';
import { assertInPrincipalRoots } from '../provider-common/principal-roots.js';
import type { DocumentsServices } from './documents-services.js';
import { INGEST_DOCUMENTS_EXAMPLES } from './ingest-documents-tool.examples.js';

/** At most 500 new or changed files per call (docs/reference/tool-catalogue.md#documents); the rest wait. */
export const MAX_FILES_PER_CALL = 500;
/** Skipped files listed in the result; the rest are counted in a warning. */
export const MAX_SKIPPED_LISTED = 100;

const input = z
  .object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(4096)
      .describe('Absolute path (or ~/…) of a file or folder inside one of the allowed document roots.'),
    recursive: z.boolean().default(true).describe('Also ingest files in sub-folders (default true).'),
    summarize: z
      .boolean()
      .default(false)
      .describe('Also store a 2–4 sentence summary per document (uses the cheap model tier; needs a configured model).'),
  })
  .strict();

const output = z.object({
  ingested: z.array(z.object({ document_id: documentIdSchema, path: z.string(), chunks: z.number().int().min(0) })),
  unchanged: z.number().int().min(0),
  skipped: z.array(skippedFileSchema),
  pruned: z.array(z.object({ document_id: documentIdSchema, path: z.string(), chunks_removed: z.number().int().min(0) })),
  more: z
    .boolean()
    .describe('True when the call stopped before every file was looked at (time budget or file limit): call it again with the same arguments to continue.'),
  files_done: z.number().int().min(0).describe('Files looked at by this call: indexed, unchanged or skipped.'),
  files_total: z.number().int().min(0).describe('Supported files found under the path.'),
  warnings: z.array(z.string()).optional(),
});

function progressMessage(progress: IngestProgress): string {
  const files = `${progress.filesDone}/${progress.filesTotal} files`;
  switch (progress.phase) {
    case 'scanning':
      return 'Looking for documents…';
    case 'reading':
      return `Reading ${progress.path ? basename(progress.path) : 'file'} (${files})`;
    case 'embedding':
      return `Embedding chunks (${files}, ${progress.chunksWritten} chunks written)`;
    case 'writing':
      return `Writing chunks (${files})`;
    case 'done':
      return `Done: ${files}, ${progress.chunksWritten} chunks written`;
  }
}

export const ingestDocumentsTool = defineTool({
  name: 'ingest_documents',
  examples: INGEST_DOCUMENTS_EXAMPLES,
  title: 'Ingest documents',
  description:
    'Adds a file or a folder of documents to the searchable document index (txt, md, pdf, docx, html, csv, json, yaml and source code). ' +
    'Only paths inside the configured allowed roots (documents.allowedRoots) are read; symbolic links and files over the size limit are skipped. ' +
    'Re-running it is cheap: unchanged files are skipped, edited files are re-indexed and deleted files are dropped from the index. ' +
    `One call handles at most ${MAX_FILES_PER_CALL} new or changed files and stops in time for its limit; when \`more\` is true ` +
    '("N of M files done — run again to continue"), call again with the same arguments. Example: {"path": "~/Documents/projects", "recursive": true}.',
  input,
  output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'very_slow',
  async handler(args, ctx: ToolContext<DocumentsServices>) {
    // A relative path would depend on the server's working directory, which the caller cannot see.
    if (!isAbsolute(expandHome(args.path))) {
      throw ToolError.invalidArgument('path', `"${args.path}" is relative.`, 'Give an absolute path or one starting with ~/.');
    }
    await assertInPrincipalRoots(args.path, ctx.services.documents.allowedRoots, ctx.services.config?.storage?.url);
    const report = await ctx.services.documents.ingest(args.path, {
      recursive: args.recursive,
      summarize: args.summarize,
      maxFiles: MAX_FILES_PER_CALL,
      timeBudgetMs: ctx.services.documents.ingestTimeBudgetMs,
      signal: ctx.signal,
      onProgress: (progress) =>
        ctx.progress(progressMessage(progress), progress.filesTotal > 0 ? progress.filesDone / progress.filesTotal : undefined),
    });
    const warnings = [...report.warnings];
    if (report.skipped.length > MAX_SKIPPED_LISTED) {
      warnings.push(`${report.skipped.length - MAX_SKIPPED_LISTED} more skipped files are not listed.`);
    }
    return {
      ingested: report.ingested.map((doc) => ({ document_id: doc.documentId, path: doc.path, chunks: doc.chunks })),
      unchanged: report.unchanged,
      skipped: report.skipped.slice(0, MAX_SKIPPED_LISTED),
      pruned: report.pruned.map((doc) => ({ document_id: doc.documentId, path: doc.path, chunks_removed: doc.chunksRemoved })),
      more: report.more,
      files_done: report.filesDone,
      files_total: report.files,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  },
});
