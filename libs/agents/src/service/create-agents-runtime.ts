/**
 * One call that wires the agent runtime from the configuration: registry (built-ins + `agents.userDir`), runner on
 * the Anthropic SDK (created lazily, so a missing key fails the first run with instructions, not start-up),
 * factory, and — when a memory store is given — the SQLite recorders, prompt memory and skill ports. The returned
 * service is also placed at `services.agents`, so the agent tools work inside agent runs too.
 */
import { createSilentLogger, createSystemClock, type Clock, type CosConfig, type Logger } from '@chief-of-staff/core';
import type { ExternalCapabilityGrants } from '@chief-of-staff/capabilities';
import type { MemoryStore } from '@chief-of-staff/stores';
import { AgentFactory } from '../factory/agent-factory.js';
import { AgentRegistry } from '../registry/agent-registry.js';
import { AgentRunner } from '../runtime/agent-runner.js';
import { createAnthropicModelClient, resolveAnthropicSettings } from '../runtime/anthropic-model-client.js';
import type { ModelClient, ModelClientProvider } from '../runtime/model-client.js';
import { runtimeSettingsFromConfig } from '../runtime/runtime-settings.js';
import type { AgentToolCatalogue, AgentToolExecutor } from '../runtime/tool-port.js';
import { createMemoryStoreRecorders } from '../stores/memory-store-adapters.js';
import { createAgentsService, type AgentsService } from './agents-service.js';

export interface CreateAgentsRuntimeOptions {
  config: CosConfig;
  catalogue: AgentToolCatalogue;
  /** `ctx.services` for tools called by agents; `agents` is set on it. */
  services: Record<string, unknown>;
  /** Enables run/model-call/usage recording, agent memory in prompts and the skill tools. */
  store?: MemoryStore;
  /** Replaces the minimal tool executor (orchestration). */
  executor?: AgentToolExecutor;
  /** Set false when the executor already writes the usage log, so calls are not counted twice. Default true. */
  recordToolUsage?: boolean;
  /** Overrides the shipped agent_configs directory (bundled builds). */
  builtinDir?: string;
  /** Overrides the SDK-backed model (tests, other providers). */
  model?: ModelClient | ModelClientProvider;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  logger?: Logger;
  externalGrants?: ExternalCapabilityGrants;
  /** Orchestration's shortlist for the first request (see `AgentRunnerOptions.selectTools`). */
  selectTools?: (instruction: string, available: readonly string[], modelId: string) => string[];
  /** See `AgentRunnerOptions.estimateToolMs`. */
  estimateToolMs?: (toolName: string) => number | undefined;
}

/** A provider that builds the SDK client on first use and keeps it; a missing key throws NOT_CONFIGURED each time. */
export function lazyAnthropicModel(config: Pick<CosConfig, 'anthropic'>, env: NodeJS.ProcessEnv = process.env): ModelClientProvider {
  let client: ModelClient | undefined;
  return () => (client ??= createAnthropicModelClient(resolveAnthropicSettings(config, env)));
}

export function createAgentsRuntime(options: CreateAgentsRuntimeOptions): AgentsService {
  const { config } = options;
  const clock = options.clock ?? createSystemClock(() => config.timezone);
  const logger = options.logger ?? createSilentLogger();
  const model = options.model ?? lazyAnthropicModel(config, options.env);
  const recorders = options.store === undefined ? undefined : createMemoryStoreRecorders(options.store);
  const registry = new AgentRegistry({
    userDir: config.agents.userDir,
    ...(options.builtinDir === undefined ? {} : { builtinDir: options.builtinDir }),
    logger,
  });
  const settings = runtimeSettingsFromConfig(config);
  const runner = new AgentRunner({
    model,
    catalogue: options.catalogue,
    services: options.services,
    settings,
    clock,
    logger,
    ...(options.executor === undefined ? {} : { executor: options.executor }),
    ...(options.externalGrants === undefined ? {} : { externalGrants: options.externalGrants }),
    ...(options.selectTools === undefined ? {} : { selectTools: options.selectTools }),
    ...(options.estimateToolMs === undefined ? {} : { estimateToolMs: options.estimateToolMs }),
    ...(recorders === undefined
      ? {}
      : {
          runs: recorders.runs,
          steps: recorders.steps,
          modelCalls: recorders.modelCalls,
          memory: recorders.memory,
          ...(options.recordToolUsage === false ? {} : { toolUsage: recorders.toolUsage }),
        }),
  });
  const factory = new AgentFactory({
    model,
    registry,
    settings: { models: settings.models, retry: settings.retry },
    clock,
    logger,
    ...(recorders === undefined ? {} : { modelCalls: recorders.modelCalls }),
    ...(options.externalGrants === undefined ? {} : { externalGrants: options.externalGrants }),
  });
  const service = createAgentsService({
    registry,
    runner,
    factory,
    config,
    clock,
    ...(recorders === undefined
      ? {}
      : {
          modelCalls: recorders.modelCalls,
          runLog: recorders.runLog,
          skills: {
            usage: recorders.toolUsage,
            suggestions: recorders.suggestions,
            settings: {
              minOccurrences: config.skills.minOccurrences,
              threshold: config.skills.threshold,
              windowDays: config.skills.windowDays,
            },
          },
        }),
  });
  options.services['agents'] = service;
  return service;
}
