/** What the document tools need from `ctx.services` (service key `documents`). */
import type { DocumentService } from '@chief-of-staff/documents';

export interface DocumentsServices {
  documents: DocumentService;
}
