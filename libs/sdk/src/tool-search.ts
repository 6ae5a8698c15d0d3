/**
 * `tool_search`: finds tools for a request with the same scorer as the shortlist, without its cut-off. An agent
 * sees only the tools its capabilities permit (found tools join its offered set for the next round); the host sees
 * every tool of this server. Each hit carries its input schema, so the model can call it straight away, and a
 * confidence. When no tool near the top fits (`fittingTools`: under the scorer's cut-off, under its firm score with
 * only one kind of evidence, or pointed to only by the topic of a request that asks for something no tool does) the
 * answer is empty with a note: an off-topic request gets no tools rather than the nearest unrelated ones. A tool just
 * below the best that fits where the best does not is listed first. Below it, weaker ones are still listed (marked
 * low) so a request that fits is not cut short.
 */
import { z } from 'zod';
import { defineTool, toolInputJsonSchema, type AnyToolDefinition, type ToolContext } from '@chief-of-staff/core';
import { agentToolNames, type ExternalCapabilityGrants } from '@chief-of-staff/capabilities';
import { fittingTools, LEAD, scoreAllTools, type ToolIntelligenceRegistry } from '@chief-of-staff/orchestration';
import type { SemanticSimilarity } from './tool-vectors.js';

export interface ToolSearchDeps {
  registry(): ToolIntelligenceRegistry;
  /** The tools to rank: agents also see external tools (within their capabilities), the host only what it is served. */
  tools(forAgent: boolean): readonly AnyToolDefinition[];
  /** Tools external servers grant through capabilities (`web_search`), so an agent finds the ones it may use. */
  externalGrants?(): ExternalCapabilityGrants;
  /** The request's similarity to each tool by meaning, when its vector is at hand within a small budget. */
  semanticSimilarity?(query: string): Promise<SemanticSimilarity | undefined>;
  /** External servers still joining whose tools are not known yet. */
  joining?(): string[];
  /** Reads the learned figures of these tools, so ranking sees them (the store answers asynchronously). */
  prepareStatistics?(toolNames: readonly string[]): Promise<void>;
}

const hitSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  latency_tier: z.string(),
  score: z.number(),
  confidence: z.enum(['high', 'medium', 'low']).describe('How well the tool fits the request: high, medium or low.'),
  input_schema: z.record(z.string(), z.unknown()),
});

export function createToolSearchTool(deps: ToolSearchDeps) {
  return defineTool({
    name: 'tool_search',
    title: 'Find tools',
    description:
      'Finds the tools that fit a request, best first, with their input schemas, when the tools at hand do not cover it. Agents see only the ' +
      'tools they may use. Example: {"query": "find a time that works for Dana and me", "limit": 5}.',
    input: z
      .object({
        query: z.string().trim().min(1).max(500).describe('What you want to do, in your own words (English or Hebrew).'),
        limit: z.number().int().min(1).max(20).default(5).describe('How many tools to return (at most 20).'),
      })
      .strict(),
    output: z.object({
      items: z.array(hitSchema),
      next_cursor: z.null(),
      total: z.number().int(),
      note: z.string().optional().describe('Present when no tool fits the request well enough, saying so.'),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    latency: 'fast',
    async handler(args, ctx: ToolContext<unknown>) {
      const byName = new Map(deps.tools(ctx.caller.kind === 'agent').map((tool) => [tool.name, tool] as const));
      const permitted = ctx.caller.kind === 'agent' ? new Set(agentToolNames(ctx.caller.capabilities ?? [], { externalGrants: deps.externalGrants?.() })) : undefined;
      const available = [...byName.keys()].filter((name) => name !== 'tool_search' && (permitted === undefined || permitted.has(name)));
      await deps.prepareStatistics?.(available);
      const semanticSimilarity = await deps.semanticSimilarity?.(args.query);
      // Best first: the first `limit` tools that matched anything are the answer, picked without sorting the catalogue.
      // At least the first LEAD.depth: how far the best tool leads the ones after it is part of whether it fits.
      const ranked = scoreAllTools(args.query, available, { registry: deps.registry(), eligibility: false, limit: Math.max(args.limit, LEAD.depth), ...(semanticSimilarity ? { semanticSimilarity } : {}) });
      // The best tool decides, or one just below it that fits where it does not (a joined server's tool that stands
      // out behind a built-in one that merely shares a word).
      const offered = fittingTools(ranked).slice(0, args.limit);
      if (offered.length === 0) {
        const joining = deps.joining?.() ?? [];
        return {
          items: [],
          next_cursor: null,
          total: 0,
          note:
            joining.length > 0
              ? `No tool fits this request well enough yet: the tools of ${joining.map((name) => `"${name}"`).join(', ')} are not known until ${joining.length === 1 ? 'that server has' : 'those servers have'} started. Ask again in a moment.`
              : 'No tool fits this request well enough. Answer it directly, or rephrase it with what you want done (e.g. "list my meetings tomorrow").',
        };
      }
      const items = offered.map((score) => {
        const tool = byName.get(score.tool) as AnyToolDefinition;
        return {
          name: tool.name,
          title: tool.title,
          description: tool.description,
          latency_tier: score.latencyTier,
          score: score.score,
          confidence: score.confidenceLevel,
          input_schema: toolInputJsonSchema(tool) as Record<string, unknown>,
        };
      });
      return { items, next_cursor: null, total: items.length };
    },
  });
}
