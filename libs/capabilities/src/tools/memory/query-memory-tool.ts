/**
 * `query_memory` (docs/reference/tool-catalogue.md#memory-and-identity, docs/reference/algorithms.md#fact-ranking,
 * docs/reference/algorithms.md#mmr-and-jaccard): ranked search over facts, or over locations with category=location.
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { FACT_CATEGORIES, QUERY_MEMORY_LIMITS, searchFacts } from '@chief-of-staff/stores';
import { LOCAL_READ } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema, withWarnings } from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { QUERY_MEMORY_EXAMPLES } from './query-memory-tool.examples.js';

const { defaultLimit, maxLimit } = QUERY_MEMORY_LIMITS;

const input = z
  .object({
    query: z.string().trim().max(500).default('').describe('Words or a phrase to look for; may be blank when a category is given.'),
    category: z
      .enum([...FACT_CATEGORIES, 'location'])
      .optional()
      .describe('Only this fact category; "location" searches saved locations by name and address instead.'),
    limit: limitSchema(defaultLimit, maxLimit, 'results'),
    cursor: cursorSchema,
    diverse: z.boolean().default(false).describe('Re-rank for variety so near-duplicate facts do not crowd the top (MMR).'),
    half_life_days: z
      .number()
      .min(1)
      .max(3650)
      .optional()
      .describe('Days after which an unpinned fact counts half as much (default facts.halfLifeDays, 90).'),
    min_score: z.number().min(0).max(1).default(0).describe('Drop results scoring below this (0–1).'),
    since: z
      .string()
      .trim()
      .max(40)
      .optional()
      .describe('Only facts observed on or after this day or moment (YYYY-MM-DD or ISO-8601; facts without observed_at count at their creation time).'),
    until: z.string().trim().max(40).optional().describe('Only facts observed on or before this day (the whole day) or moment.'),
  })
  .strict();

const item = z.object({
  id: z.number().int(),
  category: z.string(),
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  pinned: z.boolean(),
  score: z.number(),
  relevance: z.number(),
  mmr_score: z.number().optional(),
  /** When the fact was said or happened (a day or a UTC moment); null when unknown. Absent for locations. */
  observed_at: z.string().nullable().optional(),
  updated_at: z.string(),
});

const output = z.object({
  items: z.array(item),
  next_cursor: z.string().nullable(),
  total: z.number().int().min(0).optional(),
  warnings: z.array(z.string()).optional(),
  /**
   * Set when the response was cut to fit the response cap (docs/reference/conventions.md#pagination-and-size-caps);
   * `warnings` says what was left out.
   */
  truncated: z.literal(true).optional(),
});

export const queryMemoryTool = defineTool({
  name: 'query_memory',
  examples: QUERY_MEMORY_EXAMPLES,
  title: 'Query memory',
  description:
    "Searches the user's long-term memory (facts about people, preferences, work and backlog) and returns the best matches, " +
    'ranked by relevance × confidence × recency (pinned facts never fade). Use it before answering questions that depend on ' +
    'what the user told you earlier; each fact shows when it was said (observed_at), which answers "when" questions. ' +
    'since/until keep facts observed in a time window. A blank query with a category or a window lists those facts. ' +
    'Example: {"query": "Noa coffee", "limit": 5} or {"query": "trip", "since": "2026-03-01", "until": "2026-03-31"}.',
  input,
  output,
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { memory, config } = ctx.services;
    if (args.category === 'location') {
      const warnings: string[] = [];
      if (args.since !== undefined || args.until !== undefined) warnings.push('since/until ignored: saved locations carry no observed time.');
      let limit = args.limit;
      if (limit > maxLimit) {
        warnings.push(`limit clamped to ${maxLimit}`);
        limit = maxLimit;
      }
      const page = await memory.locations.list({ query: args.query }, { limit, cursor: args.cursor });
      return withWarnings(
        {
          items: page.items.map((location) => ({
            id: location.id,
            category: 'location',
            key: location.name,
            value: location.address ?? '',
            confidence: 1,
            pinned: false,
            score: 1,
            relevance: 1,
            updated_at: location.updatedAt,
          })),
          next_cursor: page.next_cursor,
          total: page.total,
        },
        [...warnings, ...(page.warnings ?? [])],
      );
    }
    const page = await searchFacts(
      { facts: memory.facts, vectors: memory.factVectors, clock: ctx.clock, logger: ctx.logger },
      {
        query: args.query,
        category: args.category,
        diverse: args.diverse,
        halfLifeDays: args.half_life_days ?? config?.facts.halfLifeDays,
        minScore: args.min_score,
        rrfK: config?.search.rrfK,
        ...(args.since === undefined ? {} : { since: args.since }),
        ...(args.until === undefined ? {} : { until: args.until }),
      },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings(
      {
        items: page.items.map((ranked) => ({
          id: ranked.fact.id,
          category: ranked.fact.category,
          key: ranked.fact.key,
          value: ranked.fact.value,
          confidence: ranked.fact.confidence,
          pinned: ranked.fact.pinned,
          score: ranked.score,
          relevance: ranked.relevance,
          ...(ranked.mmrScore === undefined ? {} : { mmr_score: ranked.mmrScore }),
          observed_at: ranked.fact.observedAt,
          updated_at: ranked.fact.updatedAt,
        })),
        next_cursor: page.next_cursor,
        total: page.total,
      },
      page.warnings,
    );
  },
});
