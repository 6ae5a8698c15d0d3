/**
 * The similarity source for every request set at once: each tool of every set's catalogue (with the registry's
 * example requests) and every request, embedded by the offline embedder or read from the cache
 * (tools/bench/results/tool-selection-vectors.json), so the benchmark and the goals test see the same figures.
 */
import { join, resolve } from 'node:path';
import { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { createToolIntelligenceRegistry } from '@chief-of-staff/orchestration';
import { loadRequestSets } from './evaluate-tool-selection.js';
import { buildSemanticSource, type SemanticSource } from './semantic-similarity.js';
import { catalogueToolInfo } from './tool-selection-catalogue.js';

export const SEMANTIC_CACHE = join(resolve(import.meta.dirname, '..', '..', 'results'), 'tool-selection-vectors.json');

export async function requestSetsSemanticSource(cachePath = SEMANTIC_CACHE): Promise<SemanticSource> {
  const { sets } = loadRequestSets();
  const tools = new Map(sets.flatMap((set) => set.catalogue.tools.map((tool) => [tool.name, tool] as const)));
  const registry = createToolIntelligenceRegistry({ tools: [...tools.values()].map(catalogueToolInfo) });
  const embedder = new WorkerPoolEmbedder();
  try {
    return await buildSemanticSource({
      tools: [...tools.values()],
      examplesOf: (name) => registry.get(name)?.examples ?? [],
      queries: sets.flatMap((set) => set.requests.map((request) => request.q)),
      embedder,
      cachePath,
    });
  } finally {
    await embedder.close();
  }
}
