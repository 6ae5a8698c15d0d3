/**
 * `@chief-of-staff/sdk/early-embedder`: start the embedding model before importing the sdk itself, then pass the
 * embedder to `createChiefOfStaff({ embedder })`. Loading the sdk's libraries and loading the model then overlap
 * (the model loads in a worker thread), which is what makes a short-lived process's first semantic query fast.
 *
 * ```ts
 * const { startEarlyEmbedder } = await import('@chief-of-staff/sdk/early-embedder');
 * const embedder = startEarlyEmbedder(dataDir); // undefined when the data dir has no vectors yet
 * const { createChiefOfStaff } = await import('@chief-of-staff/sdk');
 * const cos = await createChiefOfStaff({ dataDir, embedder });
 * ```
 */
import { prefetchQueryVector, type startEarlyEmbedder } from '@chief-of-staff/documents/early-embedder';

export { hasVectorTables, startEarlyEmbedder } from '@chief-of-staff/documents/early-embedder';

/**
 * For a call of a tool whose answer starts with the vector of its `query` argument (`query_memory`, and
 * `search_documents` unless it searches words only), starts that vector on the early embedder as the call arrives,
 * so it is ready, or on its way, when the libraries have loaded and the tool asks for it. Other calls are left alone.
 */
export function prefetchToolQueryVector(embedder: NonNullable<ReturnType<typeof startEarlyEmbedder>>, tool: string, args: Record<string, unknown>): void {
  const query = args['query'];
  if (typeof query !== 'string') return;
  if (tool === 'query_memory' || (tool === 'search_documents' && args['mode'] !== 'fts')) prefetchQueryVector(embedder, query);
}
