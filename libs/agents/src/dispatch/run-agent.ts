/**
 * Running a named agent on behalf of a caller (run_agent in docs/reference/agents.md#dispatch): NOT_FOUND for unknown
 * agents, the nesting bound, restricted capabilities only when the initiating agent holds them, and the parent's
 * deadline.
 */
import { ToolError, type ProgressReporter, type ToolCaller } from '@chief-of-staff/core';
import type { RunAgentOptions } from '../runtime/agent-runner.js';
import type { RunTrigger } from '../runtime/recorders.js';
import type { AgentRunResult } from '../runtime/run-result.js';
import type { AgentsService } from '../service/agents-service.js';

export interface RunAgentRequest {
  name: string;
  instruction: string;
  context?: unknown;
  timeoutSeconds?: number;
  caller: ToolCaller;
  signal?: AbortSignal;
  /** Overrides the trigger derived from the caller (dispatch uses `dispatch`). */
  trigger?: RunTrigger;
  /** A batch deadline (dispatch) on top of the parent's. */
  deadlineAt?: number;
  /** Relays the child's tool progress to the caller. */
  progress?: ProgressReporter;
}

/** Nesting context for a run started by `caller`: depth, parent run, inherited capabilities and deadline. */
export function nestedRunOptions(
  service: AgentsService,
  caller: ToolCaller,
): Pick<RunAgentOptions, 'depth' | 'parentRunId' | 'parentCapabilities' | 'deadlineAt'> {
  if (caller.kind !== 'agent') return { depth: 0 };
  const parent = caller.runId === undefined ? undefined : service.runner.activeRun(caller.runId);
  const depth = (parent?.depth ?? 0) + 1;
  if (depth > service.maxDepth) {
    throw new ToolError('LIMIT_EXCEEDED', `Agents may nest at most ${service.maxDepth} levels deep; this call would be level ${depth}.`, {
      hint: 'Do the work in this agent, or ask the user to run the other agent directly.',
      details: { depth, max_depth: service.maxDepth },
    });
  }
  return {
    depth,
    ...(caller.runId === undefined ? {} : { parentRunId: caller.runId }),
    parentCapabilities: parent?.capabilities ?? caller.capabilities ?? [],
    ...(parent === undefined ? {} : { deadlineAt: parent.deadlineAt }),
  };
}

function triggerFor(caller: ToolCaller): RunTrigger {
  return caller.kind === 'agent' ? 'agent' : caller.kind;
}

export async function runAgentByName(service: AgentsService, request: RunAgentRequest): Promise<AgentRunResult> {
  const entry = service.registry.require(request.name);
  const nesting = nestedRunOptions(service, request.caller);
  const deadlineAt = Math.min(nesting.deadlineAt ?? Number.POSITIVE_INFINITY, request.deadlineAt ?? Number.POSITIVE_INFINITY);
  return service.runner.run(entry.config, request.instruction, {
    ...nesting,
    ...(Number.isFinite(deadlineAt) ? { deadlineAt } : {}),
    trigger: request.trigger ?? triggerFor(request.caller),
    ...(request.context === undefined ? {} : { context: request.context, contextOrigin: 'the run_agent context' }),
    ...(request.timeoutSeconds === undefined ? {} : { timeoutSeconds: request.timeoutSeconds }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
    ...(request.progress === undefined ? {} : { progress: request.progress }),
  });
}
