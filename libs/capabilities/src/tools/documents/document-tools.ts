/** The document tool group (service key `documents`): search, ingest, list and delete. */
import { deleteDocumentTool } from './delete-document-tool.js';
import { ingestDocumentsTool } from './ingest-documents-tool.js';
import { listDocumentsTool } from './list-documents-tool.js';
import { searchDocumentsTool } from './search-documents-tool.js';

export const documentTools = [searchDocumentsTool, ingestDocumentsTool, listDocumentsTool, deleteDocumentTool] as const;
