/**
 * analyze_skill_patterns and auto_create_skill
 * (docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment,
 * docs/reference/algorithms.md#skill-pattern-detection).
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { validateCapabilities } from '@chief-of-staff/capabilities';
import { analyzeSkillPatterns, autoCreateSkill } from '../skills/skill-actions.js';
import { agentView, agentViewSchema, assertCallerHolds, OPEN_WORLD_ACTION, UPSERT, type AgentToolServices } from './tool-support.js';
import { ANALYZE_SKILL_PATTERNS_EXAMPLES, AUTO_CREATE_SKILL_EXAMPLES } from './skill-tools.examples.js';

export const analyzeSkillPatternsTool = defineTool({
  name: 'analyze_skill_patterns',
  examples: ANALYZE_SKILL_PATTERNS_EXAMPLES,
  title: 'Analyze skill patterns',
  description:
    'Looks for recurring ways tools are used (similar queries to the same tool) and records them as skill ' +
    'suggestions that can become specialist agents. Example: {"window_days": 14}.',
  input: z
    .object({
      min_occurrences: z.number().int().min(1).max(1_000).optional().describe('Uses needed before a pattern counts (default from config, 5)'),
      confidence_threshold: z.number().min(0).max(1).optional().describe('Minimum confidence 0–1 (default from config, 0.7)'),
      window_days: z.number().int().min(1).max(365).default(30).describe('How many days of usage to analyse'),
    })
    .strict(),
  output: z.object({
    patterns: z.array(
      z.object({
        suggestion_id: z.number().int(),
        status: z.string(),
        signature: z.string(),
        tool_name: z.string(),
        patterns: z.array(z.string()),
        occurrences: z.number().int(),
        distinct_days: z.number().int(),
        last_used_at: z.string(),
        confidence: z.number(),
        description: z.string(),
        suggested_name: z.string(),
        suggested_capabilities: z.array(z.string()),
        restricted_capabilities: z.array(z.string()),
      }),
    ),
    created: z.number().int(),
    updated: z.number().int(),
  }),
  annotations: UPSERT,
  latency: 'medium',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const result = await analyzeSkillPatterns(ctx.services.agents, {
      ...(input.min_occurrences === undefined ? {} : { minOccurrences: input.min_occurrences }),
      ...(input.confidence_threshold === undefined ? {} : { confidenceThreshold: input.confidence_threshold }),
      windowDays: input.window_days,
    });
    return {
      created: result.created,
      updated: result.updated,
      patterns: result.patterns.map(({ tokens: _tokens, ...pattern }) => pattern),
    };
  },
});

export const autoCreateSkillTool = defineTool({
  name: 'auto_create_skill',
  examples: AUTO_CREATE_SKILL_EXAMPLES,
  title: 'Create agent from skill suggestion',
  description:
    'Turns a pending skill suggestion into a specialist agent designed for that recurring work, and marks the ' +
    'suggestion accepted. Example: {"suggestion_id": 3}.',
  input: z
    .object({
      suggestion_id: z.number().int().positive().describe('Id from list_skill_suggestions'),
      name: z.string().trim().min(1).max(64).optional().describe('Agent name (default: the suggested name)'),
      allow_restricted: z.array(z.string()).max(20).optional().describe('Restricted capabilities the new agent may keep'),
      overwrite: z.boolean().default(false).describe('Replace an existing agent of that name'),
    })
    .strict(),
  output: z.object({ agent: agentViewSchema, suggestion_id: z.number().int(), warnings: z.array(z.string()) }),
  annotations: OPEN_WORLD_ACTION,
  latency: 'medium',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const allowRestricted = input.allow_restricted === undefined ? undefined : validateCapabilities(input.allow_restricted, 'allow_restricted');
    if (allowRestricted !== undefined) assertCallerHolds(ctx.caller, allowRestricted);
    const result = await autoCreateSkill(ctx.services.agents, {
      suggestionId: input.suggestion_id,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(allowRestricted === undefined ? {} : { allowRestricted }),
      overwrite: input.overwrite,
      caller: ctx.caller,
      signal: ctx.signal,
    });
    return { agent: agentView(result.agent), suggestion_id: result.suggestion_id, warnings: result.warnings };
  },
});
