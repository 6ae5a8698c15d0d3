/**
 * The LanceDB chunk store as a `DocumentService` takes it (its `chunks` option): the `document_chunks` table on a
 * connection shared with the fact vectors, or on one of its own opened in `vectorsDir`, which closes with the service.
 */
import type { ChunkStoreFactory } from '@chief-of-staff/documents';
import type { BackgroundOptimizerOptions } from '../tables/background-optimizer.js';
import { DocumentChunkTable } from './document-chunk-table.js';
import { VectorDatabase } from '../tables/vector-table.js';

/** Where the table lives: a shared connection, or the LanceDB directory (normally `<dataDir>/vectors`). */
export type LanceChunkStoreLocation = { vectors: VectorDatabase } | { vectorsDir: string };

/**
 * `maintenance`: when ingests trigger a background optimize (default: after 1,000 chunks, 5 s after the last write);
 * its failures go to the service's logger.
 */
export function lanceChunkStore(at: LanceChunkStoreLocation, maintenance?: Pick<BackgroundOptimizerOptions, 'afterRows' | 'delayMs'>): ChunkStoreFactory {
  return ({ embedder, onMaintenanceError }) => {
    const shared = 'vectors' in at;
    const vectors = shared ? at.vectors : new VectorDatabase(at.vectorsDir);
    return new DocumentChunkTable(vectors, embedder, { ...maintenance, onError: onMaintenanceError }, { ownsConnection: !shared });
  };
}
