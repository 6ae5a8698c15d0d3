/**
 * Handlers that run an agent without a person present: `run_agent` (any agent and instruction), `morning_brief`
 * (the daily_briefing agent, "Prepare my briefing for <local date>") and `digest` (an agent and instruction whose
 * output is meant for delivery, e.g. a weekly summary). The agent's final text becomes the delivered result.
 */
import { z } from 'zod';
import { ToolError } from '@chief-of-staff/core';
import type { HandlerContext, HandlerResult, TaskHandler } from './task-handler.js';

const agentName = z.string().trim().min(1).max(64).regex(/^[a-z0-9_]+$/, 'agent names use lower-case letters, digits and underscores');

async function runAgent(ctx: HandlerContext, agent: string, instruction: string, timeoutSeconds?: number): Promise<HandlerResult> {
  if (!ctx.agents) {
    throw new ToolError('NOT_CONFIGURED', 'This process cannot run agents.', { hint: 'Run the worker through `cos worker` or the sdk, which wire the agent runtime.' });
  }
  const run = await ctx.agents.run(agent, instruction, { signal: ctx.signal, timeoutSeconds });
  if (run.status !== 'completed') {
    throw new Error(`agent ${agent} ended with status ${run.status}${run.text ? `: ${run.text.slice(0, 200)}` : ''}`);
  }
  return { text: run.text, data: { agent, run_id: run.runId, status: run.status, text: run.text } };
}

const runAgentConfig = z
  .object({
    agent: agentName,
    instruction: z.string().trim().min(1).max(20_000),
    timeout_seconds: z.number().int().min(1).max(3_600).optional(),
  })
  .strict();

export const runAgentHandler: TaskHandler<z.infer<typeof runAgentConfig>> = {
  type: 'run_agent',
  description: 'Runs an agent with an instruction; its answer is the result.',
  personal: true,
  config: runAgentConfig,
  run: (config, ctx) => runAgent(ctx, config.agent, config.instruction, config.timeout_seconds),
};

const morningBriefConfig = z.object({ agent: agentName.default('daily_briefing'), instruction: z.string().trim().min(1).max(20_000).optional() }).strict();

export const morningBriefHandler: TaskHandler<z.infer<typeof morningBriefConfig>> = {
  type: 'morning_brief',
  description: 'Runs the daily_briefing agent for today; its briefing is the result.',
  personal: true,
  config: morningBriefConfig,
  run: (config, ctx) => runAgent(ctx, config.agent, config.instruction ?? `Prepare my briefing for ${ctx.clock.today()}.`),
};

const digestConfig = z.object({ agent: agentName, instruction: z.string().trim().min(1).max(20_000) }).strict();

export const digestHandler: TaskHandler<z.infer<typeof digestConfig>> = {
  type: 'digest',
  description: 'Runs an agent to write a digest (e.g. a weekly summary) that is delivered.',
  personal: true,
  config: digestConfig,
  run: (config, ctx) => runAgent(ctx, config.agent, config.instruction),
};
