/**
 * `list_documents` (docs/reference/tool-catalogue.md#documents): the document index from SQLite (never a vector
 * scan), ordered by path.
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { PENDING_CONTENT_HASH } from '@chief-of-staff/documents';
import { docTypeSchema, documentIdSchema, pathPrefixSchema } from './document-schemas.js';
import type { DocumentsServices } from './documents-services.js';
import { clampLimit, decodePathCursor, encodePathCursor } from './list-cursor.js';
import { normalizePathPrefix } from './normalize-path-prefix.js';
import { LIST_DOCUMENTS_EXAMPLES } from './list-documents-tool.examples.js';

export const LIST_DOCUMENTS_DEFAULT_LIMIT = 50;
export const LIST_DOCUMENTS_MAX_LIMIT = 200;

const input = z
  .object({
    path_prefix: pathPrefixSchema.optional(),
    doc_type: docTypeSchema.optional().describe('Only documents of this type.'),
    limit: z
      .number()
      .int()
      .min(1)
      .default(LIST_DOCUMENTS_DEFAULT_LIMIT)
      .describe(`Documents per page (default ${LIST_DOCUMENTS_DEFAULT_LIMIT}, at most ${LIST_DOCUMENTS_MAX_LIMIT}).`),
    cursor: z.string().trim().min(1).optional().describe('The next_cursor of the previous page, with the same filters.'),
  })
  .strict();

const output = z.object({
  items: z.array(
    z.object({
      id: documentIdSchema,
      path: z.string(),
      source_name: z.string(),
      doc_type: docTypeSchema,
      chunks: z.number().int().min(0),
      size_bytes: z.number().int().min(0),
      modified_at: z.string(),
      ingested_at: z.string(),
      status: z
        .enum(['indexed', 'pending'])
        .describe('indexed: searchable; pending: its ingest has not completed yet (under way, or interrupted: ingest its folder again).'),
    }),
  ),
  next_cursor: z.string().nullable(),
  total: z.number().int().min(0),
  pending: z
    .number()
    .int()
    .min(0)
    .describe('Documents in the whole index (whatever the filters) whose ingest has not completed: ingestion progress still to do.'),
  warnings: z.array(z.string()).optional(),
  /**
   * Set when the response was cut to fit the response cap (docs/reference/conventions.md#pagination-and-size-caps);
   * `warnings` says what was left out.
   */
  truncated: z.literal(true).optional(),
});

export const listDocumentsTool = defineTool({
  name: 'list_documents',
  examples: LIST_DOCUMENTS_EXAMPLES,
  title: 'List documents',
  description:
    'Lists the documents in the index with their type, size, chunk count, dates and status (indexed, or pending while an ingest has not completed), ordered by path; filter by path prefix or type. ' +
    'Use it to see what has been ingested or to find a document id for delete_document. ' +
    'Example: {"doc_type": "pdf", "limit": 20}.',
  input,
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'fast',
  async handler(args, ctx: ToolContext<DocumentsServices>) {
    const warnings: string[] = [];
    const limit = clampLimit('limit', args.limit, LIST_DOCUMENTS_MAX_LIMIT, warnings);
    const filter = { pathPrefix: await normalizePathPrefix(args.path_prefix), docType: args.doc_type };
    const after = args.cursor === undefined ? undefined : decodePathCursor(args.cursor, filter);
    const [rows, total, pending] = await Promise.all([
      ctx.services.documents.list(filter, limit + 1, after),
      ctx.services.documents.count(filter),
      ctx.services.documents.pendingCount(),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        id: row.id,
        path: row.path,
        source_name: row.sourceName,
        doc_type: row.docType,
        chunks: row.chunkCount,
        size_bytes: row.sizeBytes,
        modified_at: row.modifiedAt,
        ingested_at: row.ingestedAt,
        status: row.contentHash === PENDING_CONTENT_HASH ? ('pending' as const) : ('indexed' as const),
      })),
      next_cursor: rows.length > limit && last ? encodePathCursor({ path: last.path, id: last.id }, filter) : null,
      total,
      pending,
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  },
});
