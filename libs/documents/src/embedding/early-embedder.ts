/**
 * A head start for semantic search, importable without the rest of the document engine
 * (`@chief-of-staff/documents/early-embedder`): a process that is about to answer a query by meaning starts the model
 * in a worker thread first, and then loads its libraries on the main thread while the model loads on another core.
 * The embedder is handed to the services it then opens (`createChiefOfStaff({ embedder })`), which own and close it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { queryEmbeddingText } from './query-embedding-cache.js';
import { WorkerPoolEmbedder } from './worker-pool-embedder.js';

/** The folder under the data directory that holds every LanceDB table. */
export const VECTORS_DIR_NAME = 'vectors';

/** True when LanceDB has written a table (document chunks or fact vectors) under `dataDir`. */
export function hasVectorTables(dataDir: string): boolean {
  try {
    return readdirSync(join(dataDir, VECTORS_DIR_NAME)).some((name) => name.endsWith('.lance'));
  } catch {
    return false;
  }
}

/**
 * When `dataDir` holds vectors, an embedder whose first worker is already loading the model; otherwise `undefined`
 * (nothing to search by meaning, so nothing is loaded). A failed warm-up only means the first query loads it again.
 */
export function startEarlyEmbedder(dataDir: string): WorkerPoolEmbedder | undefined {
  if (!hasVectorTables(dataDir)) return undefined;
  const embedder = new WorkerPoolEmbedder();
  embedder.warmUp().catch(() => undefined);
  return embedder;
}

/**
 * Starts embedding a search's query on an early embedder, so its vector is ready, or on its way, when the search
 * (still loading) asks for it: the text is the one the search embeds, so the search takes this run's result.
 */
export function prefetchQueryVector(embedder: WorkerPoolEmbedder, query: string): void {
  embedder.prefetch(queryEmbeddingText(query));
}
