/**
 * run_agent and dispatch_agents (docs/reference/tool-catalogue.md#agents-and-agent-memory,
 * docs/reference/agents.md#dispatch).
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { dispatchAgents } from '../dispatch/dispatch-agents.js';
import { runAgentByName } from '../dispatch/run-agent.js';
import { OPEN_WORLD_ACTION, type AgentToolServices } from './tool-support.js';
import { RUN_AGENT_EXAMPLES, DISPATCH_AGENTS_EXAMPLES } from './run-tools.examples.js';

const runStatus = z.enum(['completed', 'max_rounds', 'loop_detected', 'timeout', 'error']);

export const runResultSchema = z.object({
  run_id: z.string(),
  agent: z.string(),
  model: z.string(),
  status: runStatus,
  stop_reason: z.string().optional(),
  text: z.string(),
  rounds: z.number().int(),
  tool_calls: z.array(
    z.object({
      name: z.string(),
      ok: z.boolean(),
      error_code: z.string().optional(),
      duration_ms: z.number(),
      truncated: z.boolean(),
      served_by: z.string().optional(),
    }),
  ),
  usage: z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_read_tokens: z.number(),
    cache_creation_tokens: z.number(),
    model_calls: z.number(),
  }),
  duration_ms: z.number(),
  incomplete: z.literal(true).optional(),
  warnings: z.array(z.string()),
  error: z.string().optional(),
});

export const runAgentTool = defineTool({
  name: 'run_agent',
  examples: RUN_AGENT_EXAMPLES,
  title: 'Run agent',
  description:
    'Runs one specialist agent on an instruction and returns its answer, status, rounds and tool calls. Attach ' +
    'supporting data as context (it is passed as untrusted data). ' +
    'Example: {"name": "meeting_prep", "instruction": "Prepare my 1:1 with Dana tomorrow"}.',
  input: z
    .object({
      name: z.string().trim().min(1).max(64).describe('Agent to run, e.g. meeting_prep'),
      instruction: z.string().trim().min(1).max(20_000).describe('What the agent should do (≤20,000 characters)'),
      context: z.record(z.string(), z.unknown()).optional().describe('Supporting data, attached as untrusted data'),
      timeout_seconds: z.number().int().min(1).max(600).optional().describe('Wall-clock limit for this run, 1–600 s'),
    })
    .strict(),
  output: runResultSchema,
  annotations: OPEN_WORLD_ACTION,
  latency: 'slow',
  handler: async (input, ctx: ToolContext<AgentToolServices>) =>
    runAgentByName(ctx.services.agents, {
      name: input.name,
      instruction: input.instruction,
      ...(input.context === undefined ? {} : { context: input.context }),
      ...(input.timeout_seconds === undefined ? {} : { timeoutSeconds: input.timeout_seconds }),
      caller: ctx.caller,
      signal: ctx.signal,
      progress: ctx.progress,
    }),
});

export const dispatchAgentsTool = defineTool({
  name: 'dispatch_agents',
  examples: DISPATCH_AGENTS_EXAMPLES,
  title: 'Dispatch agents',
  description:
    'Gives one task to several agents at once — named ones, or every agent holding all listed capabilities — and ' +
    'returns each answer in request order; unknown names are skipped with a reason. Optionally adds a short combined ' +
    'summary. Example: {"task": "Weekly status", "agent_names": ["project_manager", "incident_summarizer"]}.',
  input: z
    .object({
      task: z.string().trim().min(1).max(5_000).describe('The task every selected agent receives (≤5,000 characters)'),
      agent_names: z.array(z.string().trim().min(1).max(64)).max(50).optional().describe('Agents to run'),
      capability_match: z.array(z.string()).max(20).optional().describe('Select every agent holding all of these capabilities'),
      max_concurrent: z.number().int().min(1).max(10).optional().describe('Agents running at the same time (≤10)'),
      timeout_seconds: z.number().int().min(10).max(900).default(300).describe('Wall clock for the whole batch, 10–900 s'),
      synthesize: z.boolean().default(false).describe('Add a short summary combining the completed answers'),
    })
    .strict(),
  output: z.object({
    task: z.string(),
    dispatches: z.array(
      z.object({
        agent: z.string(),
        status: runStatus,
        text: z.string(),
        rounds: z.number().int(),
        duration_ms: z.number(),
        model: z.string(),
        run_id: z.string().nullable(),
        error: z.string().optional(),
      }),
    ),
    skipped: z.array(z.object({ agent: z.string(), reason: z.string() })),
    total_duration_ms: z.number(),
    synthesized_summary: z.string().optional(),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: OPEN_WORLD_ACTION,
  latency: 'very_slow',
  handler: async (input, ctx: ToolContext<AgentToolServices>) =>
    dispatchAgents(ctx.services.agents, {
      task: input.task,
      ...(input.agent_names === undefined ? {} : { agentNames: input.agent_names }),
      ...(input.capability_match === undefined ? {} : { capabilityMatch: input.capability_match }),
      ...(input.max_concurrent === undefined ? {} : { maxConcurrent: input.max_concurrent }),
      timeoutSeconds: input.timeout_seconds,
      synthesize: input.synthesize,
      caller: ctx.caller,
      signal: ctx.signal,
    }),
});
