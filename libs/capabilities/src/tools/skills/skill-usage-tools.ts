/**
 * Usage and skill-suggestion tools backed by the store
 * (docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment): record_tool_usage,
 * list_skill_suggestions, reject_skill_suggestion, get_tool_statistics. Pattern analysis and skill creation live with
 * the agents.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import {
  MAX_QUERY_PATTERN_LENGTH,
  SKILL_SUGGESTION_LIST_LIMITS,
  SKILL_SUGGESTION_STATUSES,
  TOOL_STATISTICS_LIMITS,
  type SkillSuggestionRecord,
  type ToolStatistics,
} from '@chief-of-staff/stores';
import { LOCAL_CREATE, LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import { cursorSchema, idSchema, limitSchema, listOutputSchema, nameSchema, withWarnings } from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { RECORD_TOOL_USAGE_EXAMPLES, LIST_SKILL_SUGGESTIONS_EXAMPLES, REJECT_SKILL_SUGGESTION_EXAMPLES, GET_TOOL_STATISTICS_EXAMPLES } from './skill-usage-tools.examples.js';

const statusSchema = z.enum(SKILL_SUGGESTION_STATUSES);

const suggestionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  tool_name: z.string(),
  patterns: z.array(z.string()),
  suggested_name: z.string(),
  suggested_capabilities: z.array(z.string()),
  occurrences: z.number().int(),
  confidence: z.number(),
  status: statusSchema,
  agent_name: z.string().nullable(),
  reject_reason: z.string().nullable(),
  updated_at: z.string(),
});

function toSuggestion(s: SkillSuggestionRecord): z.input<typeof suggestionSchema> {
  return {
    id: s.id,
    description: s.description,
    tool_name: s.toolName,
    patterns: s.patterns,
    suggested_name: s.suggestedName,
    suggested_capabilities: s.suggestedCapabilities,
    occurrences: s.occurrences,
    confidence: s.confidence,
    status: s.status,
    agent_name: s.agentName,
    reject_reason: s.rejectReason,
    updated_at: s.updatedAt,
  };
}

const statsSchema = z.object({
  tool_name: z.string(),
  calls: z.number().int(),
  successes: z.number().int(),
  failures: z.number().int(),
  error_rate: z.number(),
  p50_duration_ms: z.number().nullable(),
  p95_duration_ms: z.number().nullable(),
  avg_bytes: z.number().nullable(),
  max_bytes: z.number().nullable(),
  truncated_count: z.number().int(),
  first_used_at: z.string(),
  last_used_at: z.string(),
  top_patterns: z.array(z.object({ pattern: z.string(), count: z.number().int() })).optional(),
  error_codes: z.array(z.object({ code: z.string(), count: z.number().int() })).optional(),
});

function toStats(s: ToolStatistics): z.input<typeof statsSchema> {
  return {
    tool_name: s.toolName,
    calls: s.calls,
    successes: s.successes,
    failures: s.failures,
    error_rate: s.errorRate,
    p50_duration_ms: s.p50DurationMs,
    p95_duration_ms: s.p95DurationMs,
    avg_bytes: s.avgBytes,
    max_bytes: s.maxBytes,
    truncated_count: s.truncatedCount,
    first_used_at: s.firstUsedAt,
    last_used_at: s.lastUsedAt,
    ...(s.topPatterns ? { top_patterns: s.topPatterns } : {}),
    ...(s.errorCodes ? { error_codes: s.errorCodes } : {}),
  };
}

export const recordToolUsageTool = defineTool({
  name: 'record_tool_usage',
  examples: RECORD_TOOL_USAGE_EXAMPLES,
  title: 'Record tool usage',
  description:
    'Adds a usage-log entry for a tool and a short query pattern, counted by skill pattern detection as a successful call. ' +
    'Use it to teach the skill detector about work done outside the tracked tools. Example: {"tool_name": "search_mail", "query_pattern": "invoice from acme"}.',
  input: z
    .object({
      tool_name: nameSchema('Name of the tool that was used.', 64),
      query_pattern: nameSchema(`What it was used for, ≤${MAX_QUERY_PATTERN_LENGTH} characters.`, MAX_QUERY_PATTERN_LENGTH),
    })
    .strict(),
  output: z.object({ recorded: z.literal(true) }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    await ctx.services.memory.toolUsage.record({
      toolName: args.tool_name,
      callerKind: ctx.caller.kind,
      agentName: ctx.caller.agentName ?? null,
      runId: ctx.caller.runId ?? null,
      queryPattern: args.query_pattern,
      success: true,
    });
    return { recorded: true as const };
  },
});

export const listSkillSuggestionsTool = defineTool({
  name: 'list_skill_suggestions',
  examples: LIST_SKILL_SUGGESTIONS_EXAMPLES,
  title: 'List skill suggestions',
  description:
    'Lists suggested new agents ("skills") found in repeated tool usage, most confident first. Accept one with auto_create_skill ' +
    'or dismiss it with reject_skill_suggestion. Example: {"status": "pending"}.',
  input: z
    .object({
      status: statusSchema.default('pending').describe(`Which suggestions: ${SKILL_SUGGESTION_STATUSES.join(', ')} (default pending).`),
      limit: limitSchema(SKILL_SUGGESTION_LIST_LIMITS.defaultLimit, SKILL_SUGGESTION_LIST_LIMITS.maxLimit, 'suggestions'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(suggestionSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.skillSuggestions.list({ status: args.status }, { limit: args.limit, cursor: args.cursor });
    return withWarnings({ items: page.items.map(toSuggestion), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

export const rejectSkillSuggestionTool = defineTool({
  name: 'reject_skill_suggestion',
  examples: REJECT_SKILL_SUGGESTION_EXAMPLES,
  title: 'Reject skill suggestion',
  description:
    'Rejects a skill suggestion; later analysis never suggests the same pattern again. Example: {"suggestion_id": 4, "reason": "I do this by hand on purpose"}.',
  input: z
    .object({
      suggestion_id: idSchema('skill suggestion'),
      reason: z.string().trim().min(1).max(2000).optional().describe('Why it is not wanted.'),
    })
    .strict(),
  output: z.object({ suggestion: suggestionSchema }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const suggestion = await ctx.services.memory.skillSuggestions.reject(args.suggestion_id, args.reason);
    if (!suggestion) throw ToolError.notFound('Skill suggestion', args.suggestion_id);
    return { suggestion: toSuggestion(suggestion) };
  },
});

export const getToolStatisticsTool = defineTool({
  name: 'get_tool_statistics',
  examples: GET_TOOL_STATISTICS_EXAMPLES,
  title: 'Get tool statistics',
  description:
    'Summarises tool usage over the last days: calls, failures, error rate, p50/p95 duration, response sizes, truncations and ' +
    'first/last use per tool, busiest first; for one tool also its top 20 query patterns and error codes. ' +
    'Example: {"tool_name": "query_memory", "since_days": 7}.',
  input: z
    .object({
      tool_name: z.string().trim().min(1).max(64).optional().describe('Only this tool (adds its top patterns and error codes).'),
      since_days: z.number().int().min(1).max(3650).default(30).describe('Look back this many days (default 30).'),
      limit: limitSchema(TOOL_STATISTICS_LIMITS.defaultLimit, TOOL_STATISTICS_LIMITS.maxLimit, 'tools'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(statsSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const since = new Date(ctx.clock.now().getTime() - args.since_days * 86_400_000).toISOString();
    const page = await ctx.services.memory.toolUsage.statistics(
      { toolName: args.tool_name, since },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings({ items: page.items.map(toStats), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

export const skillUsageTools = [
  recordToolUsageTool,
  listSkillSuggestionsTool,
  rejectSkillSuggestionTool,
  getToolStatisticsTool,
] as const;
