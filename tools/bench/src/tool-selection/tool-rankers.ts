/**
 * The three rankers the tool-selection benchmark compares over the same catalogue: ours (`scoreAllTools` with the
 * intelligence registry built from the catalogue, eligibility on, so an empty list is an abstention), and Lunr and
 * MiniSearch with their default settings indexing each tool's name words, title, description and parameter names
 * and descriptions as separate fields. Every ranker returns tools best first with its own score.
 */
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import {
  createToolIntelligenceRegistry,
  fittingTools,
  scoreAllTools,
} from '@chief-of-staff/orchestration';
import type { SemanticSource, ToolSimilarity } from './semantic-similarity.js';
import {
  catalogueToolInfo,
  nameWords,
  parameterText,
  type SelectionCatalogue,
} from './tool-selection-catalogue.js';

export interface RankedTool {
  tool: string;
  score: number;
}

export interface ToolRanker {
  name: string;
  /** True for a ranker that decides to offer nothing by itself; a peer's abstention comes from a calibrated threshold. */
  abstainsItself: boolean;
  rank(query: string): RankedTool[];
}

/** How many results a peer returns: the deepest cut-off any metric reads (MRR@10). */
export const PEER_DEPTH = 10;

/**
 * Ours as `tool_search` ranks (`ours`: eligibility off, the first 10; it abstains when its best tool does not fit:
 * under the default cut-off, or under the firm score without corroboration) — what a host gets, and what the goals read — and as an agent's shortlist is chosen (`ours-shortlist`:
 * eligibility on, so weak matches are dropped and an empty list is an abstention).
 */
export function ourRankers(catalogue: SelectionCatalogue, semantic?: SemanticSource): ToolRanker[] {
  const registry = createToolIntelligenceRegistry({
    tools: catalogue.tools.map(catalogueToolInfo),
    overrides: catalogue.overrides,
  });
  const names = catalogue.tools.map((tool) => tool.name);
  // Typed apart from the literal so the option can be passed to a scorer that does not read it yet.
  type Options = Parameters<typeof scoreAllTools>[2] & { semanticSimilarity?: ToolSimilarity };
  const optionsFor = (query: string, eligibility: boolean): Options => {
    const similarity = semantic?.forQuery(query);
    return { registry, eligibility, ...(similarity ? { semanticSimilarity: similarity } : {}) };
  };
  return [
    {
      name: 'ours',
      abstainsItself: true,
      rank: (query) => {
        return fittingTools(scoreAllTools(query, names, optionsFor(query, false)).slice(0, PEER_DEPTH)).map((score) => ({ tool: score.tool, score: score.score }));
      },
    },
    {
      name: 'ours-shortlist',
      abstainsItself: true,
      rank: (query) =>
        scoreAllTools(query, names, optionsFor(query, true)).map((score) => ({
          tool: score.tool,
          score: score.score,
        })),
    },
  ];
}

interface PeerDocument {
  id: string;
  name: string;
  title: string;
  description: string;
  parameters: string;
}

function peerDocuments(catalogue: SelectionCatalogue): PeerDocument[] {
  return catalogue.tools.map((tool) => ({
    id: tool.name,
    name: nameWords(tool.name),
    title: tool.title,
    description: tool.description,
    parameters: parameterText(tool),
  }));
}

const FIELDS = ['name', 'title', 'description', 'parameters'] as const;

export function lunrRanker(catalogue: SelectionCatalogue): ToolRanker {
  const documents = peerDocuments(catalogue);
  const index = lunr(function build() {
    this.ref('id');
    for (const field of FIELDS) this.field(field);
    for (const doc of documents) this.add(doc);
  });
  return {
    name: 'lunr',
    abstainsItself: false,
    // Terms go through the query API so characters such as ':' or '~' in a request are not query syntax.
    rank: (query) =>
      index
        .query((q) => {
          q.term(lunr.tokenizer(query), {});
        })
        .slice(0, PEER_DEPTH)
        .map((hit) => ({ tool: hit.ref, score: hit.score })),
  };
}

export function miniSearchRanker(catalogue: SelectionCatalogue): ToolRanker {
  const index = new MiniSearch<PeerDocument>({ fields: [...FIELDS], idField: 'id' });
  index.addAll(peerDocuments(catalogue));
  return {
    name: 'minisearch',
    abstainsItself: false,
    rank: (query) =>
      index
        .search(query)
        .slice(0, PEER_DEPTH)
        .map((hit) => ({ tool: String(hit.id), score: hit.score })),
  };
}

/**
 * The request-to-tool similarity alone (the embedder's top 10), so the semantic half can be judged apart from the
 * fusion. It abstains on no request; a request without a vector (Hebrew) ranks nothing and counts as a miss.
 */
export function embeddingRanker(catalogue: SelectionCatalogue, semantic: SemanticSource): ToolRanker {
  const names = catalogue.tools.map((tool) => tool.name);
  return {
    name: 'embedding',
    abstainsItself: false,
    rank: (query) => {
      const similarity = semantic.forQuery(query);
      if (!similarity) return [];
      return names
        .map((tool) => ({ tool, score: similarity(tool) ?? 0 }))
        .sort((a, b) => b.score - a.score)
        .slice(0, PEER_DEPTH);
    },
  };
}
