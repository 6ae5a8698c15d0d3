/**
 * Fact tools (docs/reference/tool-catalogue.md#memory-and-identity): store_memory and its synonym store_fact,
 * delete_fact, list_facts.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { FACT_LIST_LIMITS, refreshFactVector, removeFactVector } from '@chief-of-staff/stores';
import { LOCAL_DELETE, LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import {
  cursorSchema,
  deletedOutputSchema,
  factCategorySchema,
  factOutputSchema,
  limitSchema,
  listOutputSchema,
  nameSchema,
  observedAtSchema,
  sourceRefSchema,
  toFactOutput,
  withWarnings,
} from '../memory-common/memory-schemas.js';
import { callerName, type MemoryServices } from '../memory-common/memory-services.js';
import { STORE_MEMORY_EXAMPLES, STORE_FACT_EXAMPLES, DELETE_FACT_EXAMPLES, LIST_FACTS_EXAMPLES } from './fact-tools.examples.js';

const storeInput = z
  .object({
    category: factCategorySchema.describe('Kind of fact: personal, preference, work, relationship or backlog.'),
    key: nameSchema('Short stable name of the fact, unique within its category, e.g. "noa_coffee_order".'),
    value: z.string().trim().min(1).max(10_000).describe('The fact itself (≤10,000 characters).'),
    confidence: z.number().min(0).max(1).default(1).describe('How sure this is, 0–1 (default 1).'),
    pinned: z.boolean().default(false).describe('Pinned facts never lose weight with age.'),
    source_ref: sourceRefSchema.optional(),
    observed_at: observedAtSchema.optional(),
  })
  .strict();

const storeOutput = z.object({ fact: factOutputSchema, created: z.boolean() });

async function storeFact(args: z.output<typeof storeInput>, ctx: ToolContext<MemoryServices>) {
  const { memory } = ctx.services;
  const result = await memory.facts.upsert({
    category: args.category,
    key: args.key,
    value: args.value,
    confidence: args.confidence,
    pinned: args.pinned,
    source: callerName(ctx.caller),
    sourceRef: args.source_ref ?? null,
    observedAt: args.observed_at ?? null,
  });
  // The vector refresh runs in the background; a failure only leaves embedding_status pending.
  void refreshFactVector({ facts: memory.facts, vectors: memory.factVectors, logger: ctx.logger }, result.fact);
  return { fact: toFactOutput(result.fact), created: result.created };
}

const storeDescription = (name: string, other: string) =>
  'Remembers a fact for later, or replaces the fact with the same category and key (the original creation time is kept). ' +
  `Use it when the user shares something worth keeping: preferences, people, commitments, context. ${name} and ${other} are the same tool. ` +
  'Give observed_at when you know when it was said or happened, so query_memory can answer "when" and filter by since/until. ' +
  'Example: {"category": "preference", "key": "noa_coffee_order", "value": "Noa drinks oat flat whites", "confidence": 0.9, "observed_at": "2026-03-02"}.';

export const storeMemoryTool = defineTool({
  name: 'store_memory',
  examples: STORE_MEMORY_EXAMPLES,
  title: 'Store memory',
  description: storeDescription('store_memory', 'store_fact'),
  input: storeInput,
  output: storeOutput,
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  handler: storeFact,
});

export const storeFactTool = defineTool({
  name: 'store_fact',
  examples: STORE_FACT_EXAMPLES,
  title: 'Store fact',
  description: storeDescription('store_fact', 'store_memory'),
  input: storeInput,
  output: storeOutput,
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  handler: storeFact,
});

export const deleteFactTool = defineTool({
  name: 'delete_fact',
  examples: DELETE_FACT_EXAMPLES,
  title: 'Delete fact',
  description:
    'Forgets one fact (and its search entries) by category and key. Use it when the user says something is no longer true or ' +
    'asks you to forget it. Example: {"category": "work", "key": "standup_time"}.',
  input: z
    .object({
      category: factCategorySchema.describe('Category of the fact to delete.'),
      key: nameSchema('Key of the fact to delete.'),
    })
    .strict(),
  output: deletedOutputSchema(),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { memory } = ctx.services;
    const deleted = await memory.facts.delete(args.category, args.key);
    if (!deleted) throw ToolError.notFound('Fact', `${args.category}/${args.key}`);
    await removeFactVector({ facts: memory.facts, vectors: memory.factVectors, logger: ctx.logger }, deleted.id);
    return { deleted: true as const, id: deleted.id };
  },
});

export const listFactsTool = defineTool({
  name: 'list_facts',
  examples: LIST_FACTS_EXAMPLES,
  title: 'List facts',
  description:
    'Lists stored facts in a stable order (category, then key), optionally only one category, a literal key prefix or pinned ones. ' +
    'Use it to browse or audit memory; use query_memory to search. Example: {"category": "relationship", "prefix": "noa_"}.',
  input: z
    .object({
      category: factCategorySchema.optional().describe('Only this category.'),
      prefix: z.string().max(200).optional().describe('Only keys starting with exactly this text (case-sensitive, no wildcards).'),
      pinned: z.boolean().optional().describe('Only pinned (true) or only unpinned (false) facts.'),
      limit: limitSchema(FACT_LIST_LIMITS.defaultLimit, FACT_LIST_LIMITS.maxLimit, 'facts'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(factOutputSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.facts.list(
      { category: args.category, prefix: args.prefix, pinned: args.pinned },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings({ items: page.items.map(toFactOutput), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});
