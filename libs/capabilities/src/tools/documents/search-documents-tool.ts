/**
 * `search_documents` (docs/reference/tool-catalogue.md#documents): hybrid, vector or keyword search over ingested
 * document chunks.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { DEFAULT_TOP_K, MAX_TOP_K, parseDateBound, type DocumentSearchHit } from '@chief-of-staff/documents';
import { docTypeSchema, pathPrefixSchema } from './document-schemas.js';
import type { DocumentsServices } from './documents-services.js';
import { clampLimit } from './list-cursor.js';
import { normalizePathPrefix } from './normalize-path-prefix.js';
import { SEARCH_DOCUMENTS_EXAMPLES } from './search-documents-tool.examples.js';

const hitSchema = z.object({
  document_id: z.number().int(),
  path: z.string(),
  source_name: z.string(),
  doc_type: docTypeSchema,
  chunk_index: z.number().int(),
  text: z.string(),
  score: z.number(),
});

const input = z
  .object({
    query: z.string().trim().min(1).max(500).describe('What to look for: words, a phrase or a question.'),
    top_k: z
      .number()
      .int()
      .min(1)
      .default(DEFAULT_TOP_K)
      .describe(`How many chunks to return (default ${DEFAULT_TOP_K}, at most ${MAX_TOP_K}).`),
    mode: z
      .enum(['hybrid', 'vector', 'fts', 'keyword'])
      .default('hybrid')
      .describe('hybrid (default) fuses meaning and keyword matches; vector matches meaning only; fts (alias keyword) matches words only.'),
    path_prefix: pathPrefixSchema.optional(),
    doc_type: docTypeSchema.optional().describe('Only documents of this type.'),
    modified_from: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('Only files modified at or after this date or datetime (YYYY-MM-DD or ISO-8601; naive times are in the user time zone).'),
    modified_to: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('Only files modified at or before this date or datetime; a date includes that whole day.'),
    include_summaries: z
      .boolean()
      .default(false)
      .describe('Also return the top 3 document summaries (from ingest with summarize), separately from the chunks.'),
  })
  .strict();

const output = z.object({
  items: z.array(hitSchema),
  summaries: z.array(hitSchema).optional(),
  next_cursor: z.null(),
  mode: z.enum(['hybrid', 'vector', 'fts']),
  hint: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  /**
   * Set when the response was cut to fit the response cap (docs/reference/conventions.md#pagination-and-size-caps);
   * `warnings` says what was left out.
   */
  truncated: z.literal(true).optional(),
  untrusted_content: z.literal(true),
});

function toHit(hit: DocumentSearchHit): z.input<typeof hitSchema> {
  return {
    document_id: hit.documentId,
    path: hit.path,
    source_name: hit.sourceName,
    doc_type: hit.docType,
    chunk_index: hit.chunkIndex,
    text: hit.text,
    score: hit.score,
  };
}

export const searchDocumentsTool = defineTool({
  name: 'search_documents',
  examples: SEARCH_DOCUMENTS_EXAMPLES,
  title: 'Search documents',
  description:
    "Searches the user's ingested documents (notes, PDFs, Word files, web pages, data and code) and returns the best-matching passages with their file paths. " +
    'Use it to answer questions from the user\'s own files. Hybrid mode (default) combines meaning and exact words; use fts for exact names or codes. ' +
    'Example: {"query": "what did the board decide about hiring", "top_k": 5, "path_prefix": "~/Documents/board"}.',
  input,
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'medium',
  async handler(args, ctx: ToolContext<DocumentsServices>) {
    const warnings: string[] = [];
    const topK = clampLimit('top_k', args.top_k, MAX_TOP_K, warnings);
    const zone = ctx.clock.timezone;
    const modifiedFromMs = args.modified_from === undefined ? undefined : parseDateBound('modified_from', args.modified_from, 'from', zone);
    const modifiedBeforeMs = args.modified_to === undefined ? undefined : parseDateBound('modified_to', args.modified_to, 'to', zone);
    if (modifiedFromMs !== undefined && modifiedBeforeMs !== undefined && modifiedFromMs >= modifiedBeforeMs) {
      throw ToolError.invalidArgument('modified_to', 'must not be before modified_from.', 'Give a range whose end is on or after its start.');
    }
    const result = await ctx.services.documents.search(args.query, {
      topK,
      mode: args.mode,
      pathPrefix: await normalizePathPrefix(args.path_prefix),
      docType: args.doc_type,
      modifiedFromMs,
      modifiedBeforeMs,
      includeSummaries: args.include_summaries,
    });
    warnings.push(...result.warnings);
    return {
      items: result.items.map(toHit),
      ...(result.summaries ? { summaries: result.summaries.map(toHit) } : {}),
      next_cursor: null,
      mode: result.mode,
      ...(result.hint ? { hint: result.hint } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
      untrusted_content: true as const,
    };
  },
});
