/**
 * `createChiefOfStaff(options)`: the composition root. Loads configuration, opens the stores, builds the services
 * every tool group needs, assembles the catalogue and returns one object the apps and embedders use.
 */
import {
  actsAsOwner,
  createLogger,
  newUuid,
  createSystemClock,
  loadConfig,
  type Clock,
  type ConfigInput,
  type CosConfig,
  type AnyToolDefinition,
  type Logger,
} from '@chief-of-staff/core';
import { join } from 'node:path';
import { createToolSelector } from '@chief-of-staff/orchestration';
import { createToolVectorIndex, type ToolVectorIndex } from './tool-vectors.js';
import { createOrchestrationRuntime, type OrchestrationRuntime, type OrchestrationRuntimeOptions } from './orchestration-runtime.js';
import { orchestrationSettings, type OrchestrationSettings } from './orchestration-settings.js';
import { createLearnedStatistics, type LearnedStatistics } from './usage-statistics.js';
import { createToolSearchTool } from './tool-search.js';
import { createOrchestrationStatsTool } from './orchestration-stats-tool.js';
import { createAgentsRuntime, createModelOutputSummarizer, lazyAnthropicModel, resolveAnthropicSettings } from '@chief-of-staff/agents';
import { startSchedulerLoop } from './scheduler-loop.js';
import { createWebhookReceiver } from './webhooks-wiring.js';
import { createSchedulerEngine } from './scheduler-wiring.js';
import type { ChiefOfStaff } from './chief-of-staff.js';
import { createToolInvoker } from './call-tool.js';
import { hostCallTool, hostQuiet, joinExternalServersWhenFree, newHostActivity, type HostActivity } from './host-calls.js';
import { openCoreServices, type CoreServices, type CosServices } from './services.js';
import type { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { buildToolCatalogue, type ToolCatalogue, type ToolGroup } from './tool-catalogue.js';
import { builtInToolGroups } from './tool-groups.js';

export interface CreateChiefOfStaffOptions {
  /** Configuration values that win over the file and the environment. */
  config?: ConfigInput;
  /** Shorthand for `config.dataDir`. */
  dataDir?: string;
  /** Environment to read `COS_*` variables from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Expose only these built-in tool groups (default: all). */
  toolGroups?: readonly string[];
  /** Your own tools, served and tracked like the built-in ones. Their handlers receive `ctx.services`. */
  extraToolGroups?: readonly ToolGroup[];
  /** Keep fact vectors for semantic recall in query_memory (default true). */
  semanticRecall?: boolean;
  /**
   * An embedder started before the libraries loaded (`startEarlyEmbedder` from `@chief-of-staff/documents/early-embedder`),
   * so its model loads while this opens; the Chief of Staff owns and closes it.
   */
  embedder?: WorkerPoolEmbedder;
  logger?: Logger;
  clock?: Clock;
}

/**
 * The tools that fit the task come first; the rest of the budget goes to the agent's other tools in the order its
 * capabilities list them, so a task that names only one domain ("prepare my 1:1 with Dana") still finds the
 * memory and people tools an agent's own instructions rely on.
 */
function fillShortlist(chosen: readonly string[], available: readonly string[], maxTools: number): string[] {
  if (available.length <= maxTools) return [...available];
  const picked = new Set(chosen);
  return [...chosen, ...available.filter((name) => !picked.has(name))].slice(0, maxTools);
}

/** Under the data directory: one file of tool description vectors per embedder. */
const TOOL_VECTORS_DIR = 'tool-vectors';
const SEMANTIC_OFF = 'tools are ranked by words only: orchestration.semantic is off (COS_ORCHESTRATION_SEMANTIC=false)';

export async function createChiefOfStaff(options: CreateChiefOfStaffOptions = {}): Promise<ChiefOfStaff> {
  const overrides: ConfigInput = { ...options.config, ...(options.dataDir ? { dataDir: options.dataDir } : {}) };
  const config: CosConfig = loadConfig({ env: options.env, overrides });
  const logger = options.logger ?? createLogger({ level: config.logLevel, redactBodies: config.logging.redactEmailBodies });
  // Read when first needed: resolving the system time zone costs ~15–20 ms that many commands never use.
  const clock = options.clock ?? createSystemClock(() => config.timezone);

  // The catalogue is checked before anything is opened, so a bad group name leaves nothing behind.
  const groups = builtInToolGroups();
  // Learned figures are read from the usage log once the store is open (below), tool by tool as tools are needed.
  const opened: { learned?: LearnedStatistics } = {};
  // The orchestration tools reach the parts built after them (the runtime, the store, the tool vectors) when called.
  const catalogue = selectedCatalogue(
    groups,
    options,
    orchestrationToolGroup({
      runtime: () => runtime,
      searchable: () => searchable(),
      toolVectors: () => toolVectors,
      joining: () => joiningServers(),
      learned: () => opened.learned,
      memory: () => core.services.memory,
      clock,
    }),
  );
  const orchestration = orchestrationSettings(config, options.env);
  const runtime = createOrchestrationRuntime({
    config,
    settings: orchestration,
    catalogue,
    // Asked before the store is open, a registry waits for the figures (`ready` false) and applies them once in.
    statistics: () => ({ learnedStatistics: (name) => opened.learned?.source.learnedStatistics(name), ready: (name) => opened.learned?.source.ready?.(name) ?? false }),
    recordFallback: (record) => core.services.memory.fallbackEvents.record(record),
    ...outputSummarizer(config, options.env),
    logger,
  });
  // Re-exported servers whose tools the host does not see yet (none when nothing is re-exported).
  const joiningServers = (): string[] => (orchestration.reexportExternal ? runtime.joining() : []);
  // External tools are for agents; the host sees them only when they are re-exported.
  const searchable = (): readonly AnyToolDefinition[] => (orchestration.reexportExternal ? runtime.tools() : catalogue.tools);
  const core = await openCoreServices({ config, logger, clock, env: options.env, semanticRecall: options.semanticRecall, embedder: options.embedder });
  const statistics = createLearnedStatistics(core.services.memory, clock, logger);
  opened.learned = statistics;
  // A new registry (external tools came or went) reads every tool's figures afresh, as it did when it read them itself.
  runtime.onToolsChanged(() => statistics.forget());
  const services: CosServices = core.services;
  const activity = newHostActivity();
  const toolVectors = orchestration.semantic ? toolVectorIndex(config, core, runtime, logger, activity) : undefined;
  if (toolVectors) runtime.onToolsChanged(() => toolVectors.catalogueChanged());
  const estimateMs = learnedEstimate(runtime, opened);
  const invokeTool = createToolInvoker({
    catalogue: { tools: catalogue.tools, get: (name) => (orchestration.reexportExternal ? runtime.get(name) : catalogue.get(name)) },
    executor: runtime.executor,
    services,
    clock,
    logger,
    usage: core.usage,
    maxResponseTokens: config.responses.maxTokens,
    estimateMs,
  });
  const callTool = hostCallTool({ invokeTool, runtime, joining: joiningServers, statistics, activity });
  const agents = agentsRuntime({ options, config, clock, logger, runtime, orchestration, services, statistics, estimateMs, toolVectors });
  const webhooks = createWebhookReceiver({ memory: services.memory, agents, config, clock, logger, ...(options.env ? { env: options.env } : {}) });

  // Every process can run a task on request (run_scheduled_task); only workers (or the server without one) tick.
  const scheduler = createSchedulerEngine({ services, agents, config, clock, logger, webhooks, owner: `${process.pid}:${newUuid().slice(0, 8)}` });
  services.scheduler = scheduler;

  if (orchestration.reexportExternal) joinExternalServersWhenFree(runtime, activity);
  return chiefOfStaff({ config, logger, clock, searchable, agents, scheduler, runtime, orchestration, joiningServers, toolVectors, webhooks, core, callTool, activity });
}

/** The built-in groups (those chosen), the embedder's own, and the orchestration group, which is always served. */
function selectedCatalogue(groups: readonly ToolGroup[], options: CreateChiefOfStaffOptions, searchGroup: ToolGroup): ToolCatalogue {
  const selected = options.toolGroups;
  return buildToolCatalogue(
    [...groups, searchGroup, ...(options.extraToolGroups ?? [])],
    selected ? [...selected, searchGroup.name, ...(options.extraToolGroups ?? []).map((group) => group.name)] : undefined,
  );
}

/** What the orchestration tools reach when called; each part is built after the tools are. */
interface OrchestrationToolParts {
  runtime: () => OrchestrationRuntime;
  searchable: () => readonly AnyToolDefinition[];
  toolVectors: () => ToolVectorIndex | undefined;
  joining: () => string[];
  learned: () => LearnedStatistics | undefined;
  memory: () => CosServices['memory'];
  clock: Clock;
}

/** tool_search and get_orchestration_stats are always served: they rank and measure whatever else the catalogue holds. */
function orchestrationToolGroup(parts: OrchestrationToolParts): ToolGroup {
  return {
    name: 'orchestration',
    tools: [
      createToolSearchTool({
        registry: () => parts.runtime().intelligence(),
        tools: (forAgent) => (forAgent ? parts.runtime().tools() : parts.searchable()),
        externalGrants: () => parts.runtime().externalGrants,
        semanticSimilarity: (query) => parts.toolVectors()?.similarity(query) ?? Promise.resolve(undefined),
        joining: () => parts.joining(),
        prepareStatistics: (names) => parts.learned()?.prefetch(names) ?? Promise.resolve(),
      }),
      createOrchestrationStatsTool({
        memory: () => parts.memory(),
        breakers: () => usableBreakerStates(parts.runtime()),
        servers: () => parts.runtime().externalStatus(),
        now: () => parts.clock.now(),
      }),
    ] as unknown as AnyToolDefinition[],
  };
}

/** The breakers of what the caller may use: a signed-in user does not hear of the owner's unshared servers' tools. */
function usableBreakerStates(runtime: OrchestrationRuntime) {
  const states = runtime.executor.breakerStates();
  if (actsAsOwner()) return states;
  const tools = new Set(runtime.tools().map((tool) => tool.name));
  const servers = new Set(runtime.externalStatus().servers.map((server) => server.name));
  return states.filter((breaker) => (breaker.scope === 'tool' ? tools.has(breaker.name) : servers.has(breaker.name)));
}

/** Without a model key there is nothing to summarise with; oversized answers are shortened instead. */
function outputSummarizer(config: CosConfig, env: NodeJS.ProcessEnv | undefined): Pick<OrchestrationRuntimeOptions, 'summarizer'> {
  return resolveAnthropicSettings(config, env).apiKey === undefined
    ? {}
    : { summarizer: createModelOutputSummarizer({ model: lazyAnthropicModel(config, env), modelId: config.models.tiers.haiku }) };
}

/** Tool descriptions by meaning: nothing is read or embedded until a serving process asks (embedToolDescriptions). */
function toolVectorIndex(config: CosConfig, core: CoreServices, runtime: OrchestrationRuntime, logger: Logger, activity: HostActivity): ToolVectorIndex {
  return createToolVectorIndex({
    embedder: core.embedder,
    file: join(config.dataDir, TOOL_VECTORS_DIR, `${core.embedder.id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`),
    tools: () =>
      runtime
        .allTools()
        .filter((tool) => tool.name !== 'tool_search')
        .map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, examples: runtime.intelligence().examples?.(tool.name) ?? [] })),
    logger,
    quiet: () => hostQuiet(activity),
  });
}

/**
 * Only a latency learned from this machine's own calls of the tool is logged as a call's estimate: a tier's static
 * figure (fast = 200 ms) names a class, not a forecast, and judging it made latency_accuracy of a fresh install fail
 * on tools that answer in 5 ms (ADR 0097).
 */
function learnedEstimate(runtime: OrchestrationRuntime, opened: { learned?: LearnedStatistics }): (name: string) => number | undefined {
  return (name) => {
    const typicalMs = runtime.registry.get(name)?.latency.typicalMs;
    return typicalMs !== undefined && typicalMs === opened.learned?.source.learnedStatistics(name)?.p50DurationMs ? typicalMs : undefined;
  };
}

/**
 * With the request's vector already at hand (an instruction seen before), the shortlist ranks by meaning too; the
 * runner asks synchronously, so it never waits for the model.
 */
function shortlistFor(runtime: OrchestrationRuntime, orchestration: OrchestrationSettings, toolVectors: ToolVectorIndex | undefined) {
  const selector = createToolSelector({ registry: runtime.registry, maxTools: orchestration.maxTools, maxToolsByModel: orchestration.maxToolsByModel, minScore: orchestration.minScore });
  return (instruction: string, available: readonly string[], model: string): string[] => {
    const limit = selector.limitFor(model);
    const semanticSimilarity = available.length > limit ? toolVectors?.similarityAtHand(instruction) : undefined;
    return fillShortlist(selector.select(instruction, available, model, semanticSimilarity ? { semanticSimilarity } : {}), available, limit);
  };
}

/** Agents record their own tool calls (with run ids); host calls are recorded by `callTool`. */
function agentsRuntime(parts: {
  options: CreateChiefOfStaffOptions;
  config: CosConfig;
  clock: Clock;
  logger: Logger;
  runtime: OrchestrationRuntime;
  orchestration: OrchestrationSettings;
  services: CosServices;
  statistics: LearnedStatistics;
  estimateMs: (name: string) => number | undefined;
  toolVectors: ToolVectorIndex | undefined;
}) {
  const { runtime, orchestration, services, statistics } = parts;
  return createAgentsRuntime({
    config: parts.config,
    catalogue: {
      listTools: runtime.tools,
      // A run's shortlist ranks every tool it may use: their learned figures are read first.
      prepare: async () => {
        await runtime.prepare();
        await statistics.prefetch(runtime.tools().map((tool) => tool.name));
      },
    },
    executor: runtime.executor,
    externalGrants: runtime.externalGrants,
    services: services as unknown as Record<string, unknown>,
    store: services.memory,
    env: parts.options.env,
    clock: parts.clock,
    logger: parts.logger,
    estimateToolMs: parts.estimateMs,
    // Off (COS_ORCHESTRATION_SCORING / _SHORTLIST = false): every permitted tool is offered, as before.
    ...(orchestration.scoring && orchestration.shortlist ? { selectTools: shortlistFor(runtime, orchestration, parts.toolVectors) } : {}),
  });
}

/** The object the apps and embedders use, over the parts the root wired. */
function chiefOfStaff(parts: {
  config: CosConfig;
  logger: Logger;
  clock: Clock;
  searchable: () => readonly AnyToolDefinition[];
  agents: ChiefOfStaff['agents'];
  scheduler: ChiefOfStaff['scheduler'];
  runtime: OrchestrationRuntime;
  orchestration: OrchestrationSettings;
  joiningServers: () => string[];
  toolVectors: ToolVectorIndex | undefined;
  webhooks: ChiefOfStaff['webhooks'];
  core: CoreServices;
  callTool: ChiefOfStaff['callTool'];
  activity: HostActivity;
}): ChiefOfStaff {
  const { config, logger, clock, scheduler, runtime, orchestration, toolVectors, webhooks, core, activity } = parts;
  const services = core.services;
  return {
    config,
    logger,
    clock,
    get tools() {
      return parts.searchable();
    },
    agents: parts.agents,
    scheduler,
    startScheduler: (loopOptions) => startSchedulerLoop({ memory: services.memory, scheduler, config, clock, logger }, loopOptions),
    orchestration: {
      prepare: runtime.prepare,
      joining: parts.joiningServers,
      onToolsChanged: (listener) => {
        // The host sees external tools only when they are re-exported.
        if (orchestration.reexportExternal) runtime.onToolsChanged(listener);
      },
      externalServers: runtime.externalStatus,
      breakerStates: () => runtime.executor.breakerStates(),
      allTools: runtime.tools,
      embedToolDescriptions: () =>
        toolVectors && !activity.closed
          ? toolVectors.refresh()
          : Promise.resolve({ tools: runtime.allTools().filter((tool) => tool.name !== 'tool_search').length, embedded: 0, computed: 0, problem: activity.closed ? 'closed' : SEMANTIC_OFF }),
    },
    webhooks,
    accounts: { users: services.memory.users, accessTokens: services.memory.accessTokens },
    callTool: parts.callTool,
    warmUpSemanticSearch: () => (activity.closed ? Promise.resolve(false) : core.warmUpSemanticSearch()),
    async close(closeOptions = {}) {
      if (activity.closed) return;
      activity.closed = true;
      await scheduler.stop();
      await webhooks.idle();
      // No new batch of tool descriptions starts; the one under way ends when the embedder closes.
      toolVectors?.close();
      await runtime.close();
      await core.close(closeOptions);
      await toolVectors?.settled();
    },
  };
}
