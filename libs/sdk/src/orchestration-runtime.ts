/**
 * Orchestration as the sdk runs it: the catalogue (built-in tools plus the tools of connected external MCP servers),
 * the intelligence registry over it (rebuilt when external tools come or go), the executor every call goes through,
 * and the grants that make `web_search` real when a search server is configured. External servers connect on first
 * need — a run that may use them, `cos doctor`, or an explicit `prepare()` — so start-up never waits on them.
 *
 * An external server runs with the owner's credentials, so its tools are the owner's: a call for a signed-in user
 * (decided from the principal scope it runs in) neither lists, finds nor calls them unless the server's entry says
 * `"shared": true` (ADR 0096).
 */
import { join } from 'node:path';
import { actsAsOwner, toolInputJsonSchema, type AnyToolDefinition, type CosConfig, type Logger } from '@chief-of-staff/core';
import type { ExternalCapabilityGrants } from '@chief-of-staff/capabilities';
import {
  createExternalToolListCache,
  createMcpServerPool,
  type CatalogueIndex,
  createOrchestrationExecutor,
  createToolIntelligenceRegistry,
  externalToolDefinition,
  externalToolOverrides,
  type ExternalServerConfig,
  type FallbackRecord,
  type McpServerPool,
  type OrchestrationExecutor,
  type ServerStatus,
  type ToolIntelligenceRegistry,
  type ToolStatisticsSource,
} from '@chief-of-staff/orchestration';
import { configuredServers } from './configured-servers.js';
import type { OrchestrationSettings } from './orchestration-settings.js';
import type { ToolCatalogue } from './tool-catalogue.js';

/** Under the data directory: each external server's last tool list (see tool-list-cache.ts in orchestration). */
const EXTERNAL_TOOL_LISTS_DIR = 'external-tools';

/** How long after start-up the catalogue index is built in the background. */
const INDEX_WARM_UP_DELAY_MS = 1_000;

export interface OrchestrationRuntime {
  /** Built-in and external tools the call in progress may use (a signed-in user: only shared servers' tools). */
  tools(): readonly AnyToolDefinition[];
  /** Every built-in and external tool, whoever asks: for the process's own indexes, never for a caller. */
  allTools(): readonly AnyToolDefinition[];
  get(name: string): AnyToolDefinition | undefined;
  intelligence(): ToolIntelligenceRegistry;
  /** One stable registry object that always answers from the current build (for the selector and the executor). */
  registry: ToolIntelligenceRegistry;
  executor: OrchestrationExecutor;
  /** Tools granted by capabilities through external servers (`web_search`), current as servers connect. */
  externalGrants: ExternalCapabilityGrants;
  /** Connects the external servers that are not connected yet; never throws. */
  prepare(): Promise<void>;
  /** External servers being joined whose tools are not known yet. */
  joining(): string[];
  /** Called after external servers' tools joined, changed or left the catalogue. */
  onToolsChanged(listener: () => void): void;
  /** Each configured server, and problems with the servers file itself (a signed-in user: the shared servers only). */
  externalStatus(): { servers: ServerStatus[]; problems: string[]; file: string };
  close(): Promise<void>;
}

export interface OrchestrationRuntimeOptions {
  config: CosConfig;
  settings: OrchestrationSettings;
  catalogue: ToolCatalogue;
  statistics: () => ToolStatisticsSource;
  recordFallback: (record: FallbackRecord) => unknown;
  /** Condenses oversized answers of tools that ask for it (`orchestration.summarize`); absent without a model key. */
  summarizer?: (text: string, maxTokens: number, signal: AbortSignal) => Promise<string>;
  logger: Logger;
}

export function createOrchestrationRuntime(options: OrchestrationRuntimeOptions): OrchestrationRuntime {
  const { catalogue } = options;
  const { file, servers, pool } = openServerPool(options);

  let external: AnyToolDefinition[] = [];
  /** The external tools of servers shared with signed-in users. */
  let sharedExternal: AnyToolDefinition[] = [];
  const sharedServers = new Set(servers.filter((server) => server.shared).map((server) => server.name));
  let registry: ToolIntelligenceRegistry | undefined;
  const changeListeners: Array<() => void> = [];
  let keptIndex: CatalogueIndex | undefined;
  const rebuild = () => {
    const infos = pool?.tools() ?? [];
    // A name the catalogue already has (an embedder's own tool) wins; the external one is left out.
    external = infos
      .filter((info) => catalogue.get(info.name) === undefined)
      .map((info) => externalToolDefinition(info, pool as McpServerPool, {
        timeoutMs: (tool) => intelligence().get(tool.name)?.latency.timeoutMs ?? 60_000,
        maxTokens: (tool) => intelligence().get(tool.name)?.response.maxTokens ?? 6_000,
        summarizer: (tool) => (options.settings.summarize && intelligence().get(tool.name)?.response.requiresSummarization ? options.summarizer : undefined),
      }));
    const sharedNames = new Set(infos.filter((info) => sharedServers.has(info.server)).map((info) => info.name));
    sharedExternal = external.filter((tool) => sharedNames.has(tool.name));
    // The next registry brings the kept index up to date (only the joining or leaving server's tools are touched),
    // in the background rather than on the next call's path: a slice at a time, so that at start-up with tools kept
    // from the last run a client's initialize and tools/list are not kept waiting behind thousands of tools.
    keptIndex = registry?.catalogueIndex?.() ?? keptIndex;
    registry = undefined;
    for (const listener of changeListeners) listener();
    setImmediate(() => void intelligence().warmCatalogueIndex?.()).unref();
  };
  pool?.onToolsChanged(rebuild);
  // The catalogue index is built in the background a moment after start-up: not in the way of the first requests a
  // client sends on connecting (initialize, tools/list), and ready before the first request that needs scoring.
  setTimeout(() => void intelligence().warmCatalogueIndex?.(), INDEX_WARM_UP_DELAY_MS).unref();

  const intelligence = (): ToolIntelligenceRegistry =>
    (registry ??= buildRegistry(options.statistics(), [...catalogue.tools, ...external], externalToolOverrides(pool?.tools() ?? [], servers), keptIndex));
  const liveRegistry = liveRegistryOver(intelligence);

  /** The external tools the call in progress may use. */
  const usableExternal = (): AnyToolDefinition[] => (actsAsOwner() ? external : sharedExternal);
  const get = (name: string) => catalogue.get(name) ?? usableExternal().find((tool) => tool.name === name);
  const executor = createExecutor(options, liveRegistry, get);

  const externalGrants = webSearchGrants(servers, usableExternal, intelligence);

  // Tools kept from an earlier start are offered from the start; their servers join in the background or when first
  // called.
  if ((pool?.tools().length ?? 0) > 0) rebuild();

  return {
    tools: () => [...catalogue.tools, ...usableExternal()],
    allTools: () => [...catalogue.tools, ...external],
    get,
    intelligence,
    registry: liveRegistry,
    executor,
    externalGrants,
    prepare: async () => {
      await pool?.connect();
    },
    joining: () => pool?.joining() ?? [],
    onToolsChanged: (listener) => {
      changeListeners.push(listener);
    },
    externalStatus: () => {
      const all = pool?.status() ?? servers.map((server) => ({ name: server.name, state: 'disabled' as const, transport: server.transport.kind, tools: 0, restarts: 0 }));
      // A signed-in user hears of the shared servers only: the others, their problems and the file are the owner's.
      if (actsAsOwner()) return { servers: all, problems: file.problems, file: options.config.mcpServersFile };
      return { servers: all.filter((server) => sharedServers.has(server.name)), problems: [], file: '' };
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/** The servers file, its servers, and their pool when one is enabled (its problems are logged). */
function openServerPool(options: OrchestrationRuntimeOptions): { file: ReturnType<typeof configuredServers>; servers: readonly ExternalServerConfig[]; pool: McpServerPool | undefined } {
  const file = configuredServers(options.config);
  for (const problem of file.problems) options.logger.warn({ file: options.config.mcpServersFile }, problem);
  const servers: readonly ExternalServerConfig[] = file.servers;
  const pool: McpServerPool | undefined = servers.some((server) => !server.disabled)
    ? createMcpServerPool({ servers, logger: options.logger, toolListCache: createExternalToolListCache(join(options.config.dataDir, EXTERNAL_TOOL_LISTS_DIR)) })
    : undefined;
  return { file, servers, pool };
}

function buildRegistry(
  statistics: ToolStatisticsSource,
  tools: readonly AnyToolDefinition[],
  overrides: ReturnType<typeof externalToolOverrides>,
  keptIndex: CatalogueIndex | undefined,
): ToolIntelligenceRegistry {
  return createToolIntelligenceRegistry({
    statistics,
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      latency: tool.latency,
      examples: tool.examples,
      // A getter: the registry builds a tool's entry (and so its JSON schema) only when that tool is looked at.
      get inputSchema() {
        return toolInputJsonSchema(tool) as { properties?: Record<string, unknown>; required?: string[] };
      },
    })),
    overrides,
    ...(keptIndex ? { catalogueIndex: keptIndex } : {}),
  });
}

/** Consumers keep this object; each method asks the registry as it is now, so a rebuild is seen everywhere. */
function liveRegistryOver(intelligence: () => ToolIntelligenceRegistry): ToolIntelligenceRegistry {
  return {
    get: (name) => intelligence().get(name),
    list: () => intelligence().list(),
    vocabulary: (name) => intelligence().vocabulary(name),
    actionKeywords: (name) => intelligence().actionKeywords(name),
    toolsWithForm: (form) => intelligence().toolsWithForm?.(form),
    catalogueIndex: () => intelligence().catalogueIndex?.() as CatalogueIndex,
  };
}

/** `web_search` granted by the tools of the servers assigned to it, as they are when asked. */
function webSearchGrants(
  servers: readonly ExternalServerConfig[],
  usableExternal: () => readonly AnyToolDefinition[],
  intelligence: () => ToolIntelligenceRegistry,
): ExternalCapabilityGrants {
  const searchServers = new Set(servers.filter((server) => server.capability === 'web_search').map((server) => server.name));
  return Object.defineProperty({}, 'web_search', {
    enumerable: true,
    get: () => usableExternal().filter((tool) => searchServers.has(intelligence().get(tool.name)?.server ?? '')).map((tool) => tool.name),
  }) as ExternalCapabilityGrants;
}

function createExecutor(
  options: OrchestrationRuntimeOptions,
  registry: ToolIntelligenceRegistry,
  resolve: (name: string) => AnyToolDefinition | undefined,
): OrchestrationExecutor {
  return createOrchestrationExecutor({
    registry,
    resolve,
    settings: {
      fallback: options.settings.fallback,
      progress: options.settings.progress,
      breakers: { threshold: options.settings.breakerThreshold, halfOpenAfterMs: options.settings.breakerHalfOpenMs },
    },
    recordFallback: options.recordFallback,
    logger: options.logger,
  });
}
