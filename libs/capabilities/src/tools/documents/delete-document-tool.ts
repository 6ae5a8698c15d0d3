/**
 * `delete_document` (docs/reference/tool-catalogue.md#documents): removes a document's index entry and chunks; the
 * file is never touched.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { documentIdSchema } from './document-schemas.js';
import type { DocumentsServices } from './documents-services.js';
import { DELETE_DOCUMENT_EXAMPLES } from './delete-document-tool.examples.js';

const input = z
  .object({
    document_id: documentIdSchema.optional().describe('Id of the document (from list_documents or search_documents).'),
    path: z.string().trim().min(1).max(4096).optional().describe('Path the document was ingested from.'),
  })
  .strict();

const output = z.object({
  deleted: z.literal(true),
  id: documentIdSchema,
  chunks_removed: z.number().int().min(0),
});

export const deleteDocumentTool = defineTool({
  name: 'delete_document',
  examples: DELETE_DOCUMENT_EXAMPLES,
  title: 'Delete document',
  description:
    'Removes one document from the search index (its entry and all its chunks). The file on disk is not touched; ingesting it again brings it back. ' +
    'Give exactly one of document_id or path. Example: {"document_id": 42}.',
  input,
  output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  latency: 'fast',
  async handler(args, ctx: ToolContext<DocumentsServices>) {
    if ((args.document_id === undefined) === (args.path === undefined)) {
      throw ToolError.invalidArgument('document_id', 'give exactly one of document_id or path.', 'Pass {"document_id": 42} or {"path": "/abs/file.pdf"}.');
    }
    const deleted = await ctx.services.documents.delete(
      args.document_id !== undefined ? { documentId: args.document_id } : { path: args.path as string },
    );
    return { deleted: true as const, id: deleted.id, chunks_removed: deleted.chunksRemoved };
  },
});
