/** What the document tools need from `ctx.services` (service key `documents`). */
import type { CosConfig } from '@chief-of-staff/core';
import type { DocumentService } from '@chief-of-staff/documents';

export interface DocumentsServices {
  documents: DocumentService;
  /** `storage.url` tells whether a signed-in user's files are kept to their own folder (see principal-roots.ts). */
  config?: { storage?: Pick<CosConfig['storage'], 'url'> };
}
