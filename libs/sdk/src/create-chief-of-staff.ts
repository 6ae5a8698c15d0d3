/**
 * `createChiefOfStaff(options)`: the composition root. Loads configuration, opens the stores, builds the services
 * every tool group needs, assembles the catalogue and returns one object the apps and embedders use.
 */
import {
  actsAsOwner,
  createLogger,
  newUuid,
  createSystemClock,
  principalKeyOf,
  runInPrincipalScope,
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
import { createOrchestrationRuntime } from './orchestration-runtime.js';
import { orchestrationSettings } from './orchestration-settings.js';
import { createLearnedStatistics, type LearnedStatistics } from './usage-statistics.js';
import { createToolSearchTool } from './tool-search.js';
import { createOrchestrationStatsTool } from './orchestration-stats-tool.js';
import { createAgentsRuntime, createModelOutputSummarizer, lazyAnthropicModel, resolveAnthropicSettings } from '@chief-of-staff/agents';
import { startSchedulerLoop } from './scheduler-loop.js';
import { createWebhookReceiver } from './webhooks-wiring.js';
import { createSchedulerEngine } from './scheduler-wiring.js';
import type { ChiefOfStaff } from './chief-of-staff.js';
import { createToolInvoker } from './call-tool.js';
import { openCoreServices, type CosServices } from './services.js';
import type { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { buildToolCatalogue, type ToolGroup } from './tool-catalogue.js';
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
/** Re-exported external servers are started this long after start-up, once no host call is running… */
const JOIN_AFTER_MS = 100;
/** …or this long after start-up at the latest. */
const JOIN_AT_LATEST_MS = 2_000;
/** Background embedding resumes once no host call has run for this long (a client's bursts of calls go first). */
const QUIET_AFTER_CALL_MS = 500;
const SEMANTIC_OFF = 'tools are ranked by words only: orchestration.semantic is off (COS_ORCHESTRATION_SEMANTIC=false)';

export async function createChiefOfStaff(options: CreateChiefOfStaffOptions = {}): Promise<ChiefOfStaff> {
  const overrides: ConfigInput = { ...options.config, ...(options.dataDir ? { dataDir: options.dataDir } : {}) };
  const config: CosConfig = loadConfig({ env: options.env, overrides });
  const logger = options.logger ?? createLogger({ level: config.logLevel, redactBodies: config.logging.redactEmailBodies });
  // Read when first needed: resolving the system time zone costs ~15–20 ms that many commands never use.
  const clock = options.clock ?? createSystemClock(() => config.timezone);

  // The catalogue is checked before anything is opened, so a bad group name leaves nothing behind.
  const groups = builtInToolGroups();
  const selected = options.toolGroups;
  // Learned figures are read from the usage log once the store is open (below), tool by tool as tools are needed.
  const opened: { learned?: LearnedStatistics } = {};
  // tool_search and get_orchestration_stats are always served: they rank and measure whatever else the catalogue holds.
  const searchGroup: ToolGroup = {
    name: 'orchestration',
    tools: [
      createToolSearchTool({
        registry: () => runtime.intelligence(),
        tools: (forAgent) => (forAgent ? runtime.tools() : searchable()),
        externalGrants: () => runtime.externalGrants,
        semanticSimilarity: (query) => toolVectors?.similarity(query) ?? Promise.resolve(undefined),
        joining: () => joiningServers(),
        prepareStatistics: (names) => opened.learned?.prefetch(names) ?? Promise.resolve(),
      }),
      createOrchestrationStatsTool({ memory: () => core.services.memory, breakers: () => usableBreakerStates(), servers: () => runtime.externalStatus(), now: () => clock.now() }),
    ] as unknown as AnyToolDefinition[],
  };
  const catalogue = buildToolCatalogue(
    [...groups, searchGroup, ...(options.extraToolGroups ?? [])],
    selected ? [...selected, searchGroup.name, ...(options.extraToolGroups ?? []).map((group) => group.name)] : undefined,
  );
  const orchestration = orchestrationSettings(config, options.env);
  const runtime = createOrchestrationRuntime({
    config,
    settings: orchestration,
    catalogue,
    // Asked before the store is open, a registry waits for the figures (`ready` false) and applies them once in.
    statistics: () => ({ learnedStatistics: (name) => opened.learned?.source.learnedStatistics(name), ready: (name) => opened.learned?.source.ready?.(name) ?? false }),
    recordFallback: (record) => core.services.memory.fallbackEvents.record(record),
    // Without a model key there is nothing to summarise with; oversized answers are shortened instead.
    ...(resolveAnthropicSettings(config, options.env).apiKey === undefined
      ? {}
      : { summarizer: createModelOutputSummarizer({ model: lazyAnthropicModel(config, options.env), modelId: config.models.tiers.haiku }) }),
    logger,
  });
  // The breakers of what the caller may use: a signed-in user does not hear of the owner's unshared servers' tools.
  const usableBreakerStates = () => {
    const states = runtime.executor.breakerStates();
    if (actsAsOwner()) return states;
    const tools = new Set(runtime.tools().map((tool) => tool.name));
    const servers = new Set(runtime.externalStatus().servers.map((server) => server.name));
    return states.filter((breaker) => (breaker.scope === 'tool' ? tools.has(breaker.name) : servers.has(breaker.name)));
  };
  // Re-exported servers whose tools the host does not see yet (none when nothing is re-exported).
  const joiningServers = (): string[] => (orchestration.reexportExternal ? runtime.joining() : []);
  // External tools are for agents; the host sees them only when they are re-exported.
  const searchable = (): readonly AnyToolDefinition[] => (orchestration.reexportExternal ? runtime.tools() : catalogue.tools);
  const selector = createToolSelector({ registry: runtime.registry, maxTools: orchestration.maxTools, maxToolsByModel: orchestration.maxToolsByModel, minScore: orchestration.minScore });
  const core = await openCoreServices({ config, logger, clock, env: options.env, semanticRecall: options.semanticRecall, embedder: options.embedder });
  const statistics = createLearnedStatistics(core.services.memory, clock, logger);
  opened.learned = statistics;
  // A new registry (external tools came or went) reads every tool's figures afresh, as it did when it read them itself.
  runtime.onToolsChanged(() => statistics.forget());
  const services: CosServices = core.services;
  // Tool descriptions by meaning: nothing is read or embedded until a serving process asks (embedToolDescriptions).
  const toolVectors: ToolVectorIndex | undefined = orchestration.semantic
    ? createToolVectorIndex({
        embedder: core.embedder,
        file: join(config.dataDir, TOOL_VECTORS_DIR, `${core.embedder.id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`),
        tools: () =>
          runtime
            .allTools()
            .filter((tool) => tool.name !== 'tool_search')
            .map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, examples: runtime.intelligence().examples?.(tool.name) ?? [] })),
        logger,
        quiet: () => quiet(),
      })
    : undefined;
  if (toolVectors) runtime.onToolsChanged(() => toolVectors.catalogueChanged());
  // With the request's vector already at hand (an instruction seen before), the shortlist ranks by meaning too; the
  // runner asks synchronously, so it never waits for the model.
  const shortlist = (instruction: string, available: readonly string[], model: string): string[] => {
    const limit = selector.limitFor(model);
    const semanticSimilarity = available.length > limit ? toolVectors?.similarityAtHand(instruction) : undefined;
    return fillShortlist(selector.select(instruction, available, model, semanticSimilarity ? { semanticSimilarity } : {}), available, limit);
  };
  // Only a latency learned from this machine's own calls of the tool is logged as a call's estimate: a tier's static
  // figure (fast = 200 ms) names a class, not a forecast, and judging it made latency_accuracy of a fresh install fail
  // on tools that answer in 5 ms (ADR 0097).
  const learnedEstimateMs = (name: string): number | undefined => {
    const typicalMs = runtime.registry.get(name)?.latency.typicalMs;
    return typicalMs !== undefined && typicalMs === opened.learned?.source.learnedStatistics(name)?.p50DurationMs ? typicalMs : undefined;
  };
  const invokeTool = createToolInvoker({
    catalogue: { tools: catalogue.tools, get: (name) => (orchestration.reexportExternal ? runtime.get(name) : catalogue.get(name)) },
    executor: runtime.executor,
    services,
    clock,
    logger,
    usage: core.usage,
    maxResponseTokens: config.responses.maxTokens,
    estimateMs: learnedEstimateMs,
  });
  // Host calls in flight and the last one's end: background work (tool description vectors) waits for a pause.
  let callsInFlight = 0;
  let lastCallEndedAt = 0;
  // A call made for a signed-in person runs in their principal scope, and so does everything it starts (agent runs,
  // background writes); without one, the scope of the caller's context (the owner by default) stays.
  const callTool: typeof invokeTool = (name, args, callOptions) => {
    const principal = callOptions?.caller?.principal;
    return principal === undefined ? callToolInScope(name, args, callOptions) : runInPrincipalScope(principalKeyOf(principal), () => callToolInScope(name, args, callOptions));
  };
  const callToolInScope: typeof invokeTool = async (name, args, callOptions) => {
    callsInFlight++;
    try {
      // A re-exported tool of a server still joining is waited for, not reported unknown.
      if (runtime.get(name) === undefined && joiningServers().length > 0) await runtime.prepare();
      // The tool's learned figures are at hand before the call runs (its expected latency is recorded with it).
      await statistics.prefetch([name]);
      return await invokeTool(name, args, callOptions);
    } finally {
      callsInFlight--;
      lastCallEndedAt = performance.now();
    }
  };
  const quiet = async (): Promise<void> => {
    while (!closed && (callsInFlight > 0 || performance.now() - lastCallEndedAt < QUIET_AFTER_CALL_MS)) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_AFTER_CALL_MS).unref());
    }
  };
  // Agents record their own tool calls (with run ids); host calls are recorded by `callTool`.
  const agents = createAgentsRuntime({
    config,
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
    env: options.env,
    clock,
    logger,
    estimateToolMs: learnedEstimateMs,
    // Off (COS_ORCHESTRATION_SCORING / _SHORTLIST = false): every permitted tool is offered, as before.
    ...(orchestration.scoring && orchestration.shortlist ? { selectTools: shortlist } : {}),
  });

  const webhooks = createWebhookReceiver({ memory: services.memory, agents, config, clock, logger, ...(options.env ? { env: options.env } : {}) });

  // Every process can run a task on request (run_scheduled_task); only workers (or the server without one) tick.
  const scheduler = createSchedulerEngine({ services, agents, config, clock, logger, webhooks, owner: `${process.pid}:${newUuid().slice(0, 8)}` });
  services.scheduler = scheduler;

  let closed = false;
  // Re-exported external tools are part of what this process serves, but nothing waits for their servers: the tools
  // kept from their last start are offered meanwhile, a call to one starts its server and waits for it, and
  // `orchestration.onToolsChanged` tells the host when the list changed. The servers are started once the first calls
  // have been answered, so their start-up does not compete with those calls for the processor (docs/adr/0057).
  if (orchestration.reexportExternal) {
    const startedAt = performance.now();
    const joinWhenFree = (): void => {
      if (closed) return;
      // Between calls, and never later than JOIN_AT_LATEST_MS: a client calling without pause must not keep them out.
      if (callsInFlight > 0 && performance.now() - startedAt < JOIN_AT_LATEST_MS) setTimeout(joinWhenFree, 20).unref();
      else void runtime.prepare();
    };
    setTimeout(joinWhenFree, JOIN_AFTER_MS).unref();
  }
  return {
    config,
    logger,
    clock,
    get tools() {
      return searchable();
    },
    agents,
    scheduler,
    startScheduler: (loopOptions) => startSchedulerLoop({ memory: services.memory, scheduler, config, clock, logger }, loopOptions),
    orchestration: {
      prepare: runtime.prepare,
      joining: joiningServers,
      onToolsChanged: (listener) => {
        // The host sees external tools only when they are re-exported.
        if (orchestration.reexportExternal) runtime.onToolsChanged(listener);
      },
      externalServers: runtime.externalStatus,
      breakerStates: () => runtime.executor.breakerStates(),
      allTools: runtime.tools,
      embedToolDescriptions: () =>
        toolVectors && !closed
          ? toolVectors.refresh()
          : Promise.resolve({ tools: runtime.allTools().filter((tool) => tool.name !== 'tool_search').length, embedded: 0, computed: 0, problem: closed ? 'closed' : SEMANTIC_OFF }),
    },
    webhooks,
    accounts: { users: services.memory.users, accessTokens: services.memory.accessTokens },
    callTool,
    warmUpSemanticSearch: () => (closed ? Promise.resolve(false) : core.warmUpSemanticSearch()),
    async close(closeOptions = {}) {
      if (closed) return;
      closed = true;
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
