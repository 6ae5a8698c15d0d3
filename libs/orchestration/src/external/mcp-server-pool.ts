/**
 * Clients to the external MCP servers (official SDK client, stdio or Streamable HTTP). Servers are connected on first
 * need, in parallel, each within its own connect limit; one that cannot connect is reported with the fix and its
 * tools are simply absent. A stdio server that exits is restarted with exponential backoff (1 s doubling to 30 s, from
 * cockatiel) and its tools come back; calls in the meantime fail fast as UNAVAILABLE instead of waiting. The values of
 * a server's `env` and `headers` are secret references (`env:NAME`, `${NAME}`) resolved on each connection; one naming
 * an unset variable keeps that server from starting, with the variable named in its problem.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError, type Logger } from '@chief-of-staff/core';
import { connectOne, toolInfo, type Connection, type ExternalToolInfo, type PoolContext, type ServerState } from './server-connection.js';
import type { ExternalServerConfig } from './servers-file.js';
import type { ExternalToolListCache } from './tool-list-cache.js';

export type { ExternalToolInfo, ServerState } from './server-connection.js';

export interface ServerStatus {
  name: string;
  state: ServerState;
  transport: 'stdio' | 'http';
  tools: number;
  capability?: string;
  restarts: number;
  /** What went wrong, in plain words, and what to do about it. */
  problem?: string;
}

export interface ExternalCallOptions {
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface McpServerPool {
  /** Connects every enabled server not yet connected (in parallel); never throws. */
  connect(): Promise<void>;
  /**
   * The tools of the connected servers, and of servers not yet joined whose list was kept from an earlier start
   * (`toolListCache`): those are offered at once and a call to one connects its server.
   */
  tools(): readonly ExternalToolInfo[];
  /**
   * Enabled servers not joined yet (or joining) whose tools are not known (no kept list): their tools are missing for
   * now. A server that failed is not among them.
   */
  joining(): string[];
  call(server: string, remoteName: string, args: Record<string, unknown>, options: ExternalCallOptions): Promise<CallToolResult>;
  status(): ServerStatus[];
  /** Called whenever the set of external tools changes (a server connected, exited or came back). */
  onToolsChanged(listener: () => void): void;
  close(): Promise<void>;
}

export interface McpServerPoolOptions {
  servers: readonly ExternalServerConfig[];
  /** Where `env:NAME` and `${NAME}` in the servers' `env` and `headers` are looked up (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  logger: Logger;
  /** How long one server may take to connect and list its tools (default 15 s). */
  connectTimeoutMs?: number;
  /** Restart backoff (default 1 s doubling to 30 s). */
  restartBackoff?: { initialDelayMs: number; maxDelayMs: number };
  clientName?: string;
  /** Each server's last tool list, offered before the server has joined and brought up to date when it does. */
  toolListCache?: ExternalToolListCache;
}

/** A server that failed to connect is not tried again by `connect()` for this long, so runs are not held up by it. */
const RETRY_FAILED_AFTER_MS = 60_000;

/** Each configured server's connection, with the tool list kept from an earlier start when there is one. */
function initialConnections(servers: readonly ExternalServerConfig[], cache: ExternalToolListCache | undefined): Map<string, Connection> {
  return new Map<string, Connection>(
    servers.map((config) => {
      const kept = config.disabled ? undefined : cache?.read(config);
      const tools = (kept ?? []).map((tool) => toolInfo(config.name, tool));
      return [config.name, { config, state: config.disabled ? 'disabled' : 'not_connected', tools, restarts: 0, ...(kept ? { kept: true } : {}) }];
    }),
  );
}

async function callTool(pool: PoolContext, connection: Connection | undefined, server: string, remoteName: string, args: Record<string, unknown>, callOptions: ExternalCallOptions): Promise<CallToolResult> {
  if (!connection) throw new ToolError('NOT_FOUND', `No external server named "${server}".`);
  // A server still joining (started in the background) is waited for, as one started by this call would be.
  if (connection.state === 'not_connected' || connection.state === 'failed' || connection.state === 'connecting') await connectOne(pool, connection);
  const client = connection.client;
  if (!client) {
    throw new ToolError('UNAVAILABLE', `The ${server} server is not available right now.`, {
      hint: connection.state === 'restarting' ? 'It is restarting; try again in a few seconds.' : 'Run `cos doctor` to see why.',
    });
  }
  return (await client.callTool({ name: remoteName, arguments: args }, undefined, {
    timeout: callOptions.timeoutMs,
    ...(callOptions.signal ? { signal: callOptions.signal } : {}),
  })) as CallToolResult;
}

function statusOf(connection: Connection): ServerStatus {
  return {
    name: connection.config.name,
    state: connection.state,
    transport: connection.config.transport.kind,
    tools: connection.tools.length,
    ...(connection.config.capability ? { capability: connection.config.capability } : {}),
    restarts: connection.restarts,
    ...(connection.problem ? { problem: connection.problem } : {}),
  };
}

export function createMcpServerPool(options: McpServerPoolOptions): McpServerPool {
  const connections = initialConnections(options.servers, options.toolListCache);
  const listeners: Array<() => void> = [];
  const pool: PoolContext = {
    options,
    connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
    backoffSettings: options.restartBackoff ?? { initialDelayMs: 1_000, maxDelayMs: 30_000 },
    closed: false,
    changed() {
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          options.logger.warn({ err: error }, 'external tools listener failed');
        }
      }
    },
  };
  return {
    async connect() {
      const due = [...connections.values()].filter((connection) => connection.state !== 'failed' || Date.now() - (connection.failedAt ?? 0) >= RETRY_FAILED_AFTER_MS);
      await Promise.all(due.map((connection) => connectOne(pool, connection)));
    },
    tools: () => [...connections.values()].flatMap((connection) => connection.tools),
    joining: () =>
      [...connections.values()]
        .filter((connection) => (connection.state === 'connecting' || connection.state === 'not_connected') && connection.tools.length === 0)
        .map((connection) => connection.config.name),
    call: (server, remoteName, args, callOptions) => callTool(pool, connections.get(server), server, remoteName, args, callOptions),
    status: () => [...connections.values()].map(statusOf),
    onToolsChanged: (listener) => {
      listeners.push(listener);
    },
    async close() {
      pool.closed = true;
      await Promise.all(
        [...connections.values()].map(async (connection) => {
          clearTimeout(connection.restartTimer);
          const client = connection.client;
          connection.client = undefined;
          await client?.close().catch(() => undefined);
        }),
      );
    },
  };
}
