/**
 * `createChiefOfStaff(options)`: the composition root. Loads configuration, opens the stores, builds the services
 * every tool group needs, assembles the catalogue and returns one object the apps and embedders use.
 */
import {
  createLogger,
  newUuid,
  createSystemClock,
  loadConfig,
  type Clock,
  type ConfigInput,
  type CosConfig,
  type Logger,
} from '@chief-of-staff/core';
import { createAgentsRuntime, createToolCatalogue } from '@chief-of-staff/agents';
import { startSchedulerLoop } from './scheduler-loop.js';
import { createSchedulerEngine } from './scheduler-wiring.js';
import type { ChiefOfStaff } from './chief-of-staff.js';
import { createToolInvoker } from './call-tool.js';
import { openCoreServices, type CosServices } from './services.js';
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
  logger?: Logger;
  clock?: Clock;
}

export async function createChiefOfStaff(options: CreateChiefOfStaffOptions = {}): Promise<ChiefOfStaff> {
  const overrides: ConfigInput = { ...options.config, ...(options.dataDir ? { dataDir: options.dataDir } : {}) };
  const config: CosConfig = loadConfig({ env: options.env, overrides });
  const logger = options.logger ?? createLogger({ level: config.logLevel, redactBodies: config.logging.redactEmailBodies });
  const clock = options.clock ?? createSystemClock(config.timezone);

  // The catalogue is checked before anything is opened, so a bad group name leaves nothing behind.
  const groups = builtInToolGroups();
  const selected = options.toolGroups;
  const catalogue = buildToolCatalogue(
    [...groups, ...(options.extraToolGroups ?? [])],
    selected ? [...selected, ...(options.extraToolGroups ?? []).map((group) => group.name)] : undefined,
  );
  const core = await openCoreServices({ config, logger, clock, env: options.env, semanticRecall: options.semanticRecall });
  const services: CosServices = core.services;
  const callTool = createToolInvoker({
    catalogue,
    services,
    clock,
    logger,
    usage: core.usage,
    maxResponseTokens: config.responses.maxTokens,
  });
  // Agents record their own tool calls (with run ids); host calls are recorded by `callTool`.
  const agents = createAgentsRuntime({
    config,
    catalogue: createToolCatalogue(catalogue.tools),
    services: services as unknown as Record<string, unknown>,
    store: services.memory,
    env: options.env,
    clock,
    logger,
  });

  // Every process can run a task on request (run_scheduled_task); only workers (or the server without one) tick.
  const scheduler = createSchedulerEngine({ services, agents, config, clock, logger, owner: `${process.pid}:${newUuid().slice(0, 8)}` });
  services.scheduler = scheduler;

  let closed = false;
  return {
    config,
    logger,
    clock,
    tools: catalogue.tools,
    agents,
    scheduler,
    startScheduler: (loopOptions) => startSchedulerLoop({ memory: services.memory, scheduler, config, clock, logger }, loopOptions),
    callTool,
    async close() {
      if (closed) return;
      closed = true;
      await scheduler.stop();
      await core.close();
    },
  };
}
