/**
 * list_agent_runs and get_agent_run (ADR 0087): the stored agent runs, newest first, and one run's trace — every model
 * turn (tokens, time, stop reason, the text it wrote) and tool call (arguments, a preview of the result, whether it
 * was third-party data, ok or error, time). Only people read them: a trace holds other runs' tool results, which an
 * agent's own capabilities may not cover, so no capability grants these tools.
 */
import { z } from 'zod';
import { defineTool, isPersonCaller, ToolError, type ToolContext } from '@chief-of-staff/core';
import type { AgentRunRecord, AgentRunStepRecord } from '@chief-of-staff/stores';
import type { AgentRunLogReader } from '../runtime/run-log-reader.js';
import { READ_ONLY, type AgentToolServices } from './tool-support.js';

const runStatus = z.enum(['running', 'completed', 'max_rounds', 'loop_detected', 'timeout', 'error']);

const runViewSchema = z.object({
  run_id: z.string(),
  agent: z.string(),
  trigger: z.string().describe('What started it: host, cli, console, agent, dispatch, scheduler or webhook'),
  parent_run_id: z.string().nullable(),
  status: runStatus,
  stop_reason: z.string().nullable(),
  instruction_preview: z.string().describe('The first 200 characters of the instruction'),
  model: z.string(),
  rounds: z.number().int(),
  tool_call_count: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cache_read_tokens: z.number().int(),
  cache_creation_tokens: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_ms: z.number().int().nullable().describe('Null while the run is in progress'),
  error: z.string().nullable(),
});

const stepViewSchema = z.object({
  seq: z.number().int().describe('Position in the run, from 0'),
  round: z.number().int().describe('The model round the step belongs to, from 1'),
  kind: z.enum(['model', 'tool']),
  name: z.string().describe('The model id of a model turn, the tool name of a tool call'),
  ok: z.boolean(),
  error_code: z.string().nullable(),
  stop_reason: z.string().nullable().describe('Why a model turn ended: tool_use, end_turn, max_tokens, …'),
  duration_ms: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  untrusted: z.boolean().describe('The tool returned third-party content (mail, messages, documents, webhooks), passed to the model as data'),
  truncated: z.boolean().describe('The result was cut to fit the model context'),
  arguments_preview: z.string().nullable().describe('The tool arguments the model sent, as JSON (at most 2,048 characters)'),
  result_preview: z.string().nullable().describe('What the model was given back, or the text a model turn wrote (at most 2,048 characters)'),
  at: z.string().describe('When the step was recorded'),
});

function requireRunLog(ctx: ToolContext<AgentToolServices>, tool: string): AgentRunLogReader {
  // The runner already refuses these to agents (no capability grants them); the scheduler and webhooks are refused here.
  if (!isPersonCaller(ctx.caller)) {
    throw new ToolError('PERMISSION_DENIED', `${tool} can only be called by the user (MCP host, CLI or console), not by ${ctx.caller.kind}.`, {
      hint: 'Read agent runs in the console (Agents page) or with the MCP host.',
    });
  }
  const runLog = ctx.services.agents.runLog;
  if (runLog === undefined) {
    throw new ToolError('NOT_CONFIGURED', 'Agent runs are not recorded here: there is no memory store.', {
      hint: 'Read runs through the Chief of Staff server, the CLI or the console, which record them in the data directory.',
    });
  }
  return runLog;
}

function runView(run: AgentRunRecord) {
  return {
    run_id: run.id,
    agent: run.agentName,
    trigger: run.trigger,
    parent_run_id: run.parentRunId,
    status: run.status,
    stop_reason: run.stopReason,
    instruction_preview: run.instructionPreview,
    model: run.model,
    rounds: run.rounds,
    tool_call_count: run.toolCallCount,
    input_tokens: run.inputTokens,
    output_tokens: run.outputTokens,
    cache_read_tokens: run.cacheReadTokens,
    cache_creation_tokens: run.cacheCreationTokens,
    started_at: run.startedAt,
    ended_at: run.endedAt,
    duration_ms: run.endedAt === null ? null : Math.max(0, Date.parse(run.endedAt) - Date.parse(run.startedAt)),
    error: run.error,
  };
}

function stepView(step: AgentRunStepRecord) {
  return {
    seq: step.seq,
    round: step.round,
    kind: step.kind,
    name: step.name,
    ok: step.ok,
    error_code: step.errorCode,
    stop_reason: step.stopReason,
    duration_ms: step.durationMs,
    input_tokens: step.inputTokens,
    output_tokens: step.outputTokens,
    untrusted: step.untrusted,
    truncated: step.truncated,
    arguments_preview: step.argumentsPreview,
    result_preview: step.resultPreview,
    at: step.createdAt,
  };
}

export const listAgentRunsTool = defineTool({
  name: 'list_agent_runs',
  title: 'List agent runs',
  description:
    'Lists recorded agent runs, newest first: agent, what started it, status, rounds, tool calls, tokens, start and ' +
    'end times. Filter by agent or status; page with next_cursor. Read one run step by step with get_agent_run. ' +
    'Example: {"agent": "meeting_prep", "status": "error", "limit": 20}.',
  input: z
    .object({
      agent: z.string().trim().min(1).max(64).optional().describe('Only runs of this agent'),
      status: runStatus.optional().describe('Only runs with this status'),
      limit: z.number().int().optional().describe('Page size, 1–200 (default 25)'),
      cursor: z.string().max(500).optional().describe('next_cursor from the previous page, with the same filters'),
    })
    .strict(),
  output: z.object({
    items: z.array(runViewSchema),
    next_cursor: z.string().nullable(),
    total: z.number().int().optional(),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: READ_ONLY,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const page = await requireRunLog(ctx, 'list_agent_runs').listRuns(
      { ...(input.agent === undefined ? {} : { agentName: input.agent }), ...(input.status === undefined ? {} : { status: input.status }) },
      { limit: input.limit, cursor: input.cursor },
    );
    return { ...page, items: page.items.map(runView) };
  },
});

export const getAgentRunTool = defineTool({
  name: 'get_agent_run',
  title: 'Get agent run',
  description:
    "Returns one agent run and its trace in order: each model turn (tokens, time, stop reason, the text it wrote) and " +
    'each tool call (arguments, a preview of the result, ok or error code, time, and whether the result was ' +
    'untrusted third-party data). Long traces page with next_cursor. Example: {"run_id": "5f0c…"}.',
  input: z
    .object({
      run_id: z.string().trim().min(1).max(200).describe('The run id (list_agent_runs, run_agent)'),
      limit: z.number().int().optional().describe('Steps per page, 1–500 (default 200)'),
      cursor: z.string().max(500).optional().describe('next_cursor from the previous page of this run'),
    })
    .strict(),
  output: z.object({
    run: runViewSchema,
    steps: z.array(stepViewSchema),
    next_cursor: z.string().nullable(),
    total_steps: z.number().int(),
    warnings: z.array(z.string()).optional(),
    untrusted_content: z.literal(true).describe('Tool results in the trace may be third-party content'),
  }),
  annotations: READ_ONLY,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const runLog = requireRunLog(ctx, 'get_agent_run');
    const [run, steps] = await Promise.all([runLog.getRun(input.run_id), runLog.listSteps(input.run_id, { limit: input.limit, cursor: input.cursor })]);
    if (run === undefined) {
      throw new ToolError('NOT_FOUND', `Agent run ${input.run_id} not found.`, {
        hint: 'List the recorded runs with list_agent_runs; runs older than the retention limit (retention.runsDays) are purged.',
        details: { entity: 'Agent run', id: input.run_id },
      });
    }
    return {
      run: runView(run),
      steps: steps.items.map(stepView),
      next_cursor: steps.next_cursor,
      total_steps: steps.total ?? steps.items.length,
      ...(steps.warnings === undefined ? {} : { warnings: steps.warnings }),
      untrusted_content: true as const,
    };
  },
});
