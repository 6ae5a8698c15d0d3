/**
 * The `agents` service: what the agent tools find in `ctx.services.agents`. It bundles the registry, the
 * runner, the factory and the bounds for nested runs and dispatch; the sdk builds one per process.
 */
import { createSystemClock, systemTimeZone, type Clock, type CosConfig } from '@chief-of-staff/core';
import type { AgentFactory } from '../factory/agent-factory.js';
import type { AgentRegistry } from '../registry/agent-registry.js';
import type { AgentRunner } from '../runtime/agent-runner.js';
import type { ModelCallRecorder } from '../runtime/recorders.js';
import type { AgentRunLogReader } from '../runtime/run-log-reader.js';
import type { SkillsPorts } from '../skills/skills-ports.js';

export interface DispatchSettings {
  maxAgents: number;
  maxConcurrent: number;
  timeoutSeconds: number;
  resultMaxChars: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = Object.freeze({
  maxAgents: 10,
  maxConcurrent: 5,
  timeoutSeconds: 300,
  resultMaxChars: 5_000,
});

export interface AgentsService {
  readonly registry: AgentRegistry;
  readonly runner: AgentRunner;
  readonly factory: AgentFactory;
  readonly dispatch: DispatchSettings;
  /** Deepest allowed nesting of run_agent / dispatch_agents from agents (agents.maxDepth). */
  readonly maxDepth: number;
  readonly clock: Clock;
  readonly modelCalls?: ModelCallRecorder;
  /** The stored runs and their traces (list_agent_runs, get_agent_run); absent without a memory store. */
  readonly runLog?: AgentRunLogReader;
  /** Present when the usage log and the suggestion store are wired (skill tools need them). */
  readonly skills?: SkillsPorts;
}

export interface CreateAgentsServiceOptions {
  registry: AgentRegistry;
  runner: AgentRunner;
  factory: AgentFactory;
  config?: Pick<CosConfig, 'dispatch' | 'agents'>;
  clock?: Clock;
  modelCalls?: ModelCallRecorder;
  runLog?: AgentRunLogReader;
  skills?: SkillsPorts;
}

export function createAgentsService(options: CreateAgentsServiceOptions): AgentsService {
  return {
    registry: options.registry,
    runner: options.runner,
    factory: options.factory,
    dispatch: options.config === undefined ? DEFAULT_DISPATCH_SETTINGS : { ...options.config.dispatch },
    maxDepth: options.config?.agents.maxDepth ?? options.runner.settings.maxDepth,
    clock: options.clock ?? createSystemClock(systemTimeZone()),
    ...(options.modelCalls === undefined ? {} : { modelCalls: options.modelCalls }),
    ...(options.runLog === undefined ? {} : { runLog: options.runLog }),
    ...(options.skills === undefined ? {} : { skills: options.skills }),
  };
}
