/**
 * One external MCP server's connection: its transport (stdio or Streamable HTTP, secrets resolved on each connection),
 * connecting within its limit and listing its tools, the plain-words problem when it cannot, and restarting an exited
 * stdio server with exponential backoff. The pool (mcp-server-pool.ts) holds one per configured server.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ExponentialBackoff, type IBackoff } from 'cockatiel';
import { ConfigError, redactUrl, redactUrlsInText, requireSecretMap, type Logger } from '@chief-of-staff/core';
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

/** What a connection reads of the pool's options. */
export interface ConnectionOptions {
  env?: NodeJS.ProcessEnv;
  logger: Logger;
  clientName?: string;
  toolListCache?: ExternalToolListCache;
}

export interface Connection {
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

/** What every connection of a pool shares: its settings, whether it is closed, and how to announce a change of tools. */
export interface PoolContext {
  options: ConnectionOptions;
  connectTimeoutMs: number;
  backoffSettings: { initialDelayMs: number; maxDelayMs: number };
  closed: boolean;
  changed(): void;
}

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

export function toolInfo(server: string, tool: Tool): ExternalToolInfo {
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

export function scheduleRestart(pool: PoolContext, connection: Connection): void {
  if (pool.closed || connection.config.transport.kind !== 'stdio') return;
  const { initialDelayMs, maxDelayMs } = pool.backoffSettings;
  connection.backoff = (connection.backoff ?? new ExponentialBackoff({ initialDelay: initialDelayMs, maxDelay: maxDelayMs })).next(undefined);
  const delay = connection.backoff.duration;
  connection.state = 'restarting';
  connection.restartTimer = setTimeout(() => {
    connection.restarts += 1;
    void connectOne(pool, connection);
  }, delay);
  connection.restartTimer.unref();
  pool.options.logger.warn({ server: connection.config.name, delayMs: delay }, 'external MCP server exited; restarting');
}

/** The server answered: its tools replace any kept list (and are kept for the next start), and its exit is watched. */
function joined(pool: PoolContext, connection: Connection, client: Client, tools: Tool[]): void {
  connection.client = client;
  connection.tools = tools.map((tool) => toolInfo(connection.config.name, tool));
  connection.kept = false;
  connection.state = 'connected';
  try {
    pool.options.toolListCache?.write(connection.config, tools);
  } catch (error) {
    pool.options.logger.warn({ err: error, server: connection.config.name }, 'could not keep the external tool list');
  }
  delete connection.problem;
  connection.backoff = undefined;
  client.onclose = () => {
    if (connection.client !== client) return;
    connection.client = undefined;
    connection.tools = [];
    pool.changed();
    if (!pool.closed) scheduleRestart(pool, connection);
  };
  pool.changed();
}

async function failed(pool: PoolContext, connection: Connection, client: Client, error: unknown): Promise<void> {
  await client.close().catch(() => undefined);
  connection.state = 'failed';
  connection.failedAt = Date.now();
  connection.problem = fixFor(connection.config, error);
  // A kept list is offered only while the server may still join: once it has failed, its tools are absent.
  if (connection.kept) {
    connection.kept = false;
    connection.tools = [];
    pool.changed();
  }
  pool.options.logger.warn({ server: connection.config.name, problem: connection.problem }, 'external MCP server unavailable');
  if (connection.restarts > 0) scheduleRestart(pool, connection);
}

async function attemptConnection(pool: PoolContext, connection: Connection): Promise<void> {
  connection.state = 'connecting';
  const sdk = await loadClientSdk();
  const client = new sdk.Client({ name: pool.options.clientName ?? 'chief-of-staff', version: '1.0.0' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${pool.connectTimeoutMs} ms`)), pool.connectTimeoutMs);
    });
    await Promise.race([client.connect(transportFor(connection.config, sdk, pool.options.env ?? process.env)), limit]);
    const listed = await Promise.race([client.listTools(), limit]);
    if (pool.closed) {
      // Closed while this server was starting: nobody will stop it later.
      await client.close().catch(() => undefined);
      return;
    }
    joined(pool, connection, client, listed.tools);
  } catch (error) {
    await failed(pool, connection, client, error);
  } finally {
    clearTimeout(timer);
    connection.connecting = undefined;
  }
}

/** Connects the server unless it is disabled, connected or the pool closed; concurrent callers share one attempt. */
export function connectOne(pool: PoolContext, connection: Connection): Promise<void> {
  if (pool.closed || connection.state === 'disabled' || connection.state === 'connected') return Promise.resolve();
  connection.connecting ??= attemptConnection(pool, connection);
  return connection.connecting;
}
