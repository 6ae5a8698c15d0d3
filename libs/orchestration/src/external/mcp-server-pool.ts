/**
 * Clients to the external MCP servers (official SDK client, stdio or Streamable HTTP). Servers are connected on first
 * need, in parallel, each within its own connect limit; one that cannot connect is reported with the fix and its
 * tools are simply absent. A stdio server that exits is restarted with exponential backoff (1 s doubling to 30 s, from
 * cockatiel) and its tools come back; calls in the meantime fail fast as UNAVAILABLE instead of waiting. The values of
 * a server's `env` and `headers` are secret references (`env:NAME`, `${NAME}`) resolved on each connection; one naming
 * an unset variable keeps that server from starting, with the variable named in its problem.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ExponentialBackoff, type IBackoff } from 'cockatiel';
import { ConfigError, redactUrl, redactUrlsInText, requireSecretMap, ToolError, type Logger } from '@chief-of-staff/core';
import { externalToolName } from './external-tool-name.js';
import type { ExternalServerConfig } from './servers-file.js';
import type { ExternalToolListCache } from './tool-list-cache.js';

export interface ExternalToolInfo {
  /** Catalogue name, `<server>__<tool>`. */
  name: string;
  server: string;
  /** The tool's own name on its server. */
  remoteName: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export type ServerState = 'disabled' | 'not_connected' | 'connecting' | 'connected' | 'failed' | 'restarting';

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

interface Connection {
  config: ExternalServerConfig;
  state: ServerState;
  client?: Client;
  tools: ExternalToolInfo[];
  restarts: number;
  problem?: string;
  connecting?: Promise<void>;
  backoff?: IBackoff<unknown>;
  restartTimer?: NodeJS.Timeout;
  /** When the last connection attempt failed (ms since the epoch). */
  failedAt?: number;
  /** The tools are the kept list of an earlier start, not yet confirmed by the server. */
  kept?: boolean;
}

/** A server that failed to connect is not tried again by `connect()` for this long, so runs are not held up by it. */
const RETRY_FAILED_AFTER_MS = 60_000;

/** The MCP client code loads with the first connection, so processes with no external servers never load it. */
async function importClientSdk() {
  // One after the other: the three share modules, and parallel first loads of shared modules trip Jest's ESM loader.
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return { Client, StdioClientTransport, StreamableHTTPClientTransport };
}
type ClientSdk = Awaited<ReturnType<typeof importClientSdk>>;
let clientSdk: Promise<ClientSdk> | undefined;
const loadClientSdk = (): Promise<ClientSdk> => (clientSdk ??= importClientSdk());

function transportFor(config: ExternalServerConfig, { StdioClientTransport, StreamableHTTPClientTransport }: ClientSdk, env: NodeJS.ProcessEnv): Transport {
  const transport = config.transport;
  const secrets = { env, usedBy: `the external server "${config.name}"` };
  if (transport.kind === 'http') {
    const headers = requireSecretMap(transport.headers, `mcpServers.${config.name}.headers`, secrets);
    return new StreamableHTTPClientTransport(new URL(transport.url), { requestInit: { headers } });
  }
  const serverEnv = requireSecretMap(transport.env, `mcpServers.${config.name}.env`, secrets);
  return new StdioClientTransport({
    command: transport.command,
    args: [...transport.args],
    // The server gets PATH and HOME plus what its entry sets, never this process's secrets.
    env: { ...(process.env.PATH ? { PATH: process.env.PATH } : {}), ...(process.env.HOME ? { HOME: process.env.HOME } : {}), ...serverEnv },
    ...(transport.cwd ? { cwd: transport.cwd } : {}),
    stderr: 'ignore',
  });
}

/** The problem in plain words with what to do; URLs lose their credentials (the text is shown and logged). */
function fixFor(config: ExternalServerConfig, error: unknown): string {
  // Already says which variable is unset and how to fix it.
  if (error instanceof ConfigError) return error.message;
  const message = redactUrlsInText(error instanceof Error ? error.message : String(error));
  if (config.transport.kind === 'stdio') {
    if (/ENOENT|not found/i.test(message)) return `could not start "${config.transport.command}": is it installed and on PATH? (${message})`;
    return `the server started but did not answer the MCP handshake (${message}); run its command by hand to see its error, or set "disabled": true`;
  }
  if (/401|403|unauthori[sz]ed|forbidden/i.test(message)) return `the server refused the credentials (${message}); check "headers" in the servers file`;
  return `could not reach ${redactUrl(config.transport.url)} (${message}); check the URL and that the server is running`;
}

function toolInfo(server: string, tool: Tool): ExternalToolInfo {
  return {
    name: externalToolName(server, tool.name),
    server,
    remoteName: tool.name,
    title: tool.title ?? tool.annotations?.title ?? `${tool.name} (${server})`,
    description: (tool.description ?? `The ${tool.name} tool of the ${server} server.`).slice(0, 2_000),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    readOnly: tool.annotations?.readOnlyHint === true,
  };
}

export function createMcpServerPool(options: McpServerPoolOptions): McpServerPool {
  const connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
  const backoffSettings = options.restartBackoff ?? { initialDelayMs: 1_000, maxDelayMs: 30_000 };
  const cache = options.toolListCache;
  const connections = new Map<string, Connection>(
    options.servers.map((config) => {
      const kept = config.disabled ? undefined : cache?.read(config);
      const tools = (kept ?? []).map((tool) => toolInfo(config.name, tool));
      return [config.name, { config, state: config.disabled ? 'disabled' : 'not_connected', tools, restarts: 0, ...(kept ? { kept: true } : {}) }];
    }),
  );
  const listeners: Array<() => void> = [];
  let closed = false;
  const changed = () => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        options.logger.warn({ err: error }, 'external tools listener failed');
      }
    }
  };

  const scheduleRestart = (connection: Connection) => {
    if (closed || connection.config.transport.kind !== 'stdio') return;
    connection.backoff = (connection.backoff ?? new ExponentialBackoff({ initialDelay: backoffSettings.initialDelayMs, maxDelay: backoffSettings.maxDelayMs })).next(undefined);
    const delay = connection.backoff.duration;
    connection.state = 'restarting';
    connection.restartTimer = setTimeout(() => {
      connection.restarts += 1;
      void connectOne(connection);
    }, delay);
    connection.restartTimer.unref();
    options.logger.warn({ server: connection.config.name, delayMs: delay }, 'external MCP server exited; restarting');
  };

  const connectOne = (connection: Connection): Promise<void> => {
    if (closed || connection.state === 'disabled' || connection.state === 'connected') return Promise.resolve();
    connection.connecting ??= (async () => {
      connection.state = 'connecting';
      const sdk = await loadClientSdk();
      const client = new sdk.Client({ name: options.clientName ?? 'chief-of-staff', version: '1.0.0' });
      let timer: NodeJS.Timeout | undefined;
      try {
        const limit = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${connectTimeoutMs} ms`)), connectTimeoutMs);
        });
        await Promise.race([client.connect(transportFor(connection.config, sdk, options.env ?? process.env)), limit]);
        const listed = await Promise.race([client.listTools(), limit]);
        if (closed) {
          // Closed while this server was starting: nobody will stop it later.
          await client.close().catch(() => undefined);
          return;
        }
        connection.client = client;
        connection.tools = listed.tools.map((tool) => toolInfo(connection.config.name, tool));
        connection.kept = false;
        connection.state = 'connected';
        try {
          cache?.write(connection.config, listed.tools);
        } catch (error) {
          options.logger.warn({ err: error, server: connection.config.name }, 'could not keep the external tool list');
        }
        delete connection.problem;
        connection.backoff = undefined;
        client.onclose = () => {
          if (connection.client !== client) return;
          connection.client = undefined;
          connection.tools = [];
          changed();
          if (!closed) scheduleRestart(connection);
        };
        changed();
      } catch (error) {
        await client.close().catch(() => undefined);
        connection.state = 'failed';
        connection.failedAt = Date.now();
        connection.problem = fixFor(connection.config, error);
        // A kept list is offered only while the server may still join: once it has failed, its tools are absent.
        if (connection.kept) {
          connection.kept = false;
          connection.tools = [];
          changed();
        }
        options.logger.warn({ server: connection.config.name, problem: connection.problem }, 'external MCP server unavailable');
        if (connection.restarts > 0) scheduleRestart(connection);
      } finally {
        clearTimeout(timer);
        connection.connecting = undefined;
      }
    })();
    return connection.connecting;
  };

  return {
    async connect() {
      const due = [...connections.values()].filter((connection) => connection.state !== 'failed' || Date.now() - (connection.failedAt ?? 0) >= RETRY_FAILED_AFTER_MS);
      await Promise.all(due.map((connection) => connectOne(connection)));
    },
    tools: () => [...connections.values()].flatMap((connection) => connection.tools),
    joining: () =>
      [...connections.values()]
        .filter((connection) => (connection.state === 'connecting' || connection.state === 'not_connected') && connection.tools.length === 0)
        .map((connection) => connection.config.name),
    async call(server, remoteName, args, callOptions) {
      const connection = connections.get(server);
      if (!connection) throw new ToolError('NOT_FOUND', `No external server named "${server}".`);
      // A server still joining (started in the background) is waited for, as one started by this call would be.
      if (connection.state === 'not_connected' || connection.state === 'failed' || connection.state === 'connecting') await connectOne(connection);
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
    },
    status: () =>
      [...connections.values()].map((connection) => ({
        name: connection.config.name,
        state: connection.state,
        transport: connection.config.transport.kind,
        tools: connection.tools.length,
        ...(connection.config.capability ? { capability: connection.config.capability } : {}),
        restarts: connection.restarts,
        ...(connection.problem ? { problem: connection.problem } : {}),
      })),
    onToolsChanged: (listener) => {
      listeners.push(listener);
    },
    async close() {
      closed = true;
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
