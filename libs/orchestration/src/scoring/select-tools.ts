/**
 * The shortlist: the few tools offered to a model for a request, chosen by `scoreAllTools` among those it may use.
 * At most `maxTools` (global, or per model id for small local models); when the request fits nothing, the shortlist
 * is empty and the model keeps `tool_search`. Results are cached for 30 s (500 entries, least recently used out),
 * keyed by the normalised request, the available tools and the model family.
 */
import type { Clock } from '@chief-of-staff/core';
import type { ToolIntelligenceRegistry } from '../registry/tool-intelligence-registry.js';
import { normalizeText } from './normalize-text.js';
import { DEFAULT_MIN_SCORE, scoreAllTools } from './score-all-tools.js';

export const DEFAULT_MAX_TOOLS = 16;
const CACHE_TTL_MS = 30_000;
const CACHE_ENTRIES = 500;

export interface ToolSelectorOptions {
  registry: ToolIntelligenceRegistry;
  maxTools?: number;
  /** Shortlist sizes for particular model ids (e.g. 4 for a small local model). */
  maxToolsByModel?: Readonly<Record<string, number>>;
  minScore?: number;
  clock?: Pick<Clock, 'now'>;
}

export interface SelectOptions {
  /**
   * The request's similarity to each tool by meaning (see `ScoreOptions`). A shortlist chosen with it is not cached:
   * the cache is keyed by the request's words, and the same words without a vector at hand rank by words alone.
   */
  semanticSimilarity?: (tool: string) => number | undefined;
}

export interface ToolSelector {
  /** The shortlist for `query` among `available` (all of them when they already fit). */
  select(query: string, available: readonly string[], modelId?: string, selectOptions?: SelectOptions): string[];
  /** The shortlist size for a model id (its own size when configured, else the global one). */
  limitFor(modelId?: string): number;
}

function modelFamily(modelId: string | undefined): string {
  return (modelId ?? '').replace(/-\d{8}$/, '').replace(/-\d+(-\d+)*$/, '');
}

export function createToolSelector(options: ToolSelectorOptions): ToolSelector {
  const cache = new Map<string, { at: number; tools: string[] }>();
  const now = () => (options.clock ? options.clock.now().getTime() : Date.now());
  const limitFor = (modelId?: string): number =>
    (modelId !== undefined ? options.maxToolsByModel?.[modelId] : undefined) ?? options.maxTools ?? DEFAULT_MAX_TOOLS;
  return {
    limitFor,
    select(query, available, modelId, selectOptions = {}) {
      const limit = limitFor(modelId);
      if (available.length <= limit) return [...available];
      const rank = (semanticSimilarity?: SelectOptions['semanticSimilarity']) =>
        scoreAllTools(query, available, { registry: options.registry, minScore: options.minScore ?? DEFAULT_MIN_SCORE, ...(semanticSimilarity ? { semanticSimilarity } : {}) })
          .slice(0, limit)
          .map((score) => score.tool);
      if (selectOptions.semanticSimilarity) return rank(selectOptions.semanticSimilarity);
      const key = `${normalizeText(query).trim()}\u0000${[...available].sort().join(',')}\u0000${modelFamily(modelId)}\u0000${limit}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < CACHE_TTL_MS) {
        cache.delete(key);
        cache.set(key, hit);
        return [...hit.tools];
      }
      const tools = rank();
      cache.set(key, { at: now(), tools });
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      return [...tools];
    },
  };
}
