/**
 * list_agents and get_agent (docs/reference/tool-catalogue.md#agents-and-agent-memory): the hot-reloaded registry,
 * read-only.
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { validateCapabilities } from '@chief-of-staff/capabilities';
import { resolveModelId } from '../config/agent-config-schema.js';
import {
  agentView,
  agentViewSchema,
  clampLimit,
  decodeCursor,
  encodeCursor,
  problemSchema,
  READ_ONLY,
  type AgentToolServices,
} from './tool-support.js';
import { LIST_AGENTS_EXAMPLES, GET_AGENT_EXAMPLES } from './registry-tools.examples.js';

export const listAgentsTool = defineTool({
  name: 'list_agents',
  examples: LIST_AGENTS_EXAMPLES,
  title: 'List agents',
  description:
    'Lists the specialist agents (built-in, user-defined and overrides), ordered by name, with their capabilities, ' +
    'plus any agent files that failed to load. Use it to find which agent fits a task. ' +
    'Example: {"capability": "calendar_read"} lists agents that can read the calendar.',
  input: z
    .object({
      capability: z.string().trim().min(1).max(200).optional().describe('Only agents holding this capability'),
      origin: z.enum(['builtin', 'user', 'override']).optional().describe('Only agents of this origin: builtin, user or override'),
      limit: z.number().int().optional().describe('Page size, 1–200 (default 100)'),
      cursor: z.string().max(500).optional().describe('next_cursor from the previous page'),
    })
    .strict(),
  output: z.object({
    items: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        capabilities: z.array(z.string()),
        model: z.string(),
        origin: z.enum(['builtin', 'user', 'override']),
        created_by: z.string().nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
    problems: z.array(problemSchema),
    warnings: z.array(z.string()).optional(),
    /**
     * Set when the response was cut to fit the response cap (docs/reference/conventions.md#pagination-and-size-caps);
     * `warnings` says what was left out.
     */
    truncated: z.literal(true).optional(),
  }),
  annotations: READ_ONLY,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const { registry, runner } = ctx.services.agents;
    const warnings: string[] = [];
    const limit = clampLimit(input.limit, 100, 200, warnings);
    const capability = input.capability === undefined ? undefined : validateCapabilities([input.capability], 'capability')[0];
    const filters = { capability: capability ?? null, origin: input.origin ?? null };
    const after = decodeCursor(input.cursor, filters);
    const matching = registry
      .list()
      .filter((entry) => capability === undefined || entry.config.capabilities.includes(capability))
      .filter((entry) => input.origin === undefined || entry.origin === input.origin);
    const remaining = after === undefined ? matching : matching.filter((entry) => entry.config.name > after);
    const page = remaining.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((entry) => ({
        name: entry.config.name,
        description: entry.config.description,
        capabilities: entry.config.capabilities,
        model: entry.config.model ?? runner.settings.models.defaultTier,
        origin: entry.origin,
        created_by: entry.config.created_by ?? null,
      })),
      next_cursor: remaining.length > limit && last !== undefined ? encodeCursor(last.config.name, filters) : null,
      total: matching.length,
      problems: registry.problems(),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  },
});

export const getAgentTool = defineTool({
  name: 'get_agent',
  examples: GET_AGENT_EXAMPLES,
  title: 'Get agent',
  description:
    "Returns one agent's full configuration, its origin, the model id it runs on and the tools it is offered. " +
    'Use it before running or editing an agent. Example: {"name": "meeting_prep"}.',
  input: z.object({ name: z.string().trim().min(1).max(200).describe('Agent name, e.g. meeting_prep') }).strict(),
  output: agentViewSchema.extend({
    model_id: z.string(),
    tools: z.array(z.string()),
    unavailable_sources: z.array(z.string()),
    problems: z.array(problemSchema).optional(),
  }),
  annotations: READ_ONLY,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const { registry, runner } = ctx.services.agents;
    const entry = registry.require(input.name);
    const problems = registry.problemsFor(input.name);
    const effective = runner.effectiveTools(entry.config.capabilities);
    return {
      ...agentView(entry),
      model_id: resolveModelId(entry.config.model, runner.settings.models),
      tools: effective.tools,
      unavailable_sources: effective.unavailableSources,
      ...(problems.length > 0 ? { problems } : {}),
    };
  },
});
