/** Runs the server on a transport and returns how to stop it. */
import { once } from 'node:events';
import { join } from 'node:path';
import { resolveDataDir } from '@chief-of-staff/core/data-dir';
import type { ChiefOfStaff, SchedulerLoop } from '@chief-of-staff/sdk';
import { startEarlyEmbedder } from '@chief-of-staff/sdk/early-embedder';
import { serveLocalCalls, type LocalCallServer } from '@chief-of-staff/sdk/local-calls';
import { announcePartRun } from './code-cache-part.js';
import { BoundedStdioServerTransport, MAX_STDIO_MESSAGE_BYTES } from './bounded-stdio-transport.js';
import { httpConnectInstructions, stdioConnectInstructions } from './connect-instructions.js';
import { createMcpServer, SERVER_VERSION } from './create-mcp-server.js';
import { createLazyHostSource, TOOL_LIST_CACHE_FILE } from './lazy-host-source.js';
import { shippedToolListFile } from './shipped-tool-list.js';

/** A model loading in a worker thread. */
export type EarlyEmbedder = NonNullable<ReturnType<typeof startEarlyEmbedder>>;

export interface ServeOptions {
  quiet?: boolean;
  /**
   * A model already loading (`startEarlyEmbedder`, started by the entry before this module loaded); without one the
   * host starts it when the libraries load. The server owns it from here and closes it when it stops.
   */
  embedder?: EarlyEmbedder;
}

export interface RunningServer {
  stop(): Promise<void>;
}

/**
 * Loads the sdk only when needed: its module graph is most of the start-up time. When the data directory has vectors,
 * the embedding model starts loading in a worker thread first, so it is ready about when the libraries are.
 */
async function loadChiefOfStaff(dataDir: string, early: EarlyEmbedder | undefined): Promise<ChiefOfStaff> {
  const embedder = early ?? startEarlyEmbedder(dataDir);
  try {
    announcePartRun('libraries');
    const { createChiefOfStaff } = await import('@chief-of-staff/sdk');
    return await createChiefOfStaff(embedder ? { embedder } : {});
  } catch (error) {
    await embedder?.close();
    throw error;
  }
}

/**
 * `scheduler.runInServer`: with `auto` (the default) the server runs due tasks whenever no `cos worker` is alive,
 * so briefings and alerts happen for users who only run the server; `always` runs them regardless; `never` leaves
 * them to a worker.
 */
/** How long after the libraries load the stdio server starts its scheduler loop. */
const SCHEDULER_START_DELAY_MS = 250;

/**
 * Opens the vector store (and makes sure the model is loading) while the client is still listing tools, so the first
 * semantic query does not pay for them; a failure only means the first query loads them itself.
 */
function warmUpSemanticSearch(cos: ChiefOfStaff): void {
  cos.warmUpSemanticSearch().catch((error: unknown) => cos.logger.warn({ err: error }, 'could not warm up semantic search; the first query loads it'));
}

/**
 * How long after the libraries load the server starts embedding tool descriptions: late enough that the calls a
 * client makes as it connects are answered first (the model and the embedding compete for the two cores they share).
 */
const TOOL_VECTORS_START_DELAY_MS = 2_000;

/**
 * Embeds the tool descriptions in the background (only what the cache in the data directory lacks), so tool_search
 * ranks by meaning as well as by words from then on; a failure only means it keeps ranking by words.
 * `COS_ORCHESTRATION_SEMANTIC=false` leaves it out.
 */
function startToolVectors(cos: ChiefOfStaff): NodeJS.Timeout {
  const timer = setTimeout(() => {
    // The index logs its own problems (a damaged cache, a model that failed) and never rejects.
    void cos.orchestration.embedToolDescriptions();
  }, TOOL_VECTORS_START_DELAY_MS);
  timer.unref();
  return timer;
}

async function startServerScheduler(cos: ChiefOfStaff): Promise<SchedulerLoop | undefined> {
  const mode = cos.config.scheduler.runInServer;
  if (mode === 'never') return undefined;
  return cos.startScheduler({ mode: mode === 'always' ? 'worker' : 'auto', version: SERVER_VERSION });
}

export async function serveStdio(options: ServeOptions = {}): Promise<RunningServer> {
  const dataDir = resolveDataDir();
  let notifyToolsChanged = (): void => undefined;
  let scheduler: Promise<SchedulerLoop | undefined> | undefined;
  let schedulerTimer: NodeJS.Timeout | undefined;
  let toolVectorsTimer: NodeJS.Timeout | undefined;
  let localCalls: Promise<LocalCallServer> | undefined;
  const source = createLazyHostSource({
    load: async () => {
      const cos = await loadChiefOfStaff(dataDir, options.embedder);
      cos.logger.info({ tools: cos.tools.length }, 'MCP server ready on stdio');
      warmUpSemanticSearch(cos);
      // Re-exported external servers join in the background: clients hear when their tools arrive.
      cos.orchestration.onToolsChanged(() => source.toolsChanged());
      toolVectorsTimer = startToolVectors(cos);
      localCalls = serveLocalCalls(dataDir, cos);
      // Seeding and claiming tasks can wait until the call that loaded the host has been answered.
      schedulerTimer = setTimeout(() => {
        scheduler = startServerScheduler(cos);
      }, SCHEDULER_START_DELAY_MS);
      schedulerTimer.unref();
      return cos;
    },
    cacheFile: join(dataDir, TOOL_LIST_CACHE_FILE),
    shippedFile: shippedToolListFile(dataDir),
    version: SERVER_VERSION,
    onToolsChanged: () => notifyToolsChanged(),
    outputFlushed: () => (process.stdout.writableNeedDrain ? once(process.stdout, 'drain').then(() => undefined) : Promise.resolve()),
  });
  const server = createMcpServer(source);
  notifyToolsChanged = () => void server.sendToolListChanged();
  await server.connect(
    new BoundedStdioServerTransport(process.stdin, process.stdout, MAX_STDIO_MESSAGE_BYTES, (bytes) =>
      process.stderr.write(`chief-of-staff: discarded a ${bytes}-byte message over the ${MAX_STDIO_MESSAGE_BYTES}-byte limit\n`),
    ),
  );
  // stdout belongs to the protocol: everything for people goes to stderr.
  if (!options.quiet && process.stdin.isTTY) process.stderr.write(stdioConnectInstructions(dataDir));
  return {
    async stop() {
      await server.close();
      const cos = (await source.settled()) as ChiefOfStaff | undefined;
      await (await localCalls)?.close();
      clearTimeout(schedulerTimer);
      clearTimeout(toolVectorsTimer);
      await (await scheduler)?.stop();
      // Stopping is what a client waits for when it quits: vectors still waiting for the model stay pending.
      await cos?.close({ promptly: true });
      // Never handed to the libraries (no call came): still ours to stop.
      if (!cos) await options.embedder?.close();
    },
  };
}

export async function serveHttp(options: ServeOptions & { port?: number; host?: string }): Promise<RunningServer> {
  // The HTTP stack is loaded only for --http, so stdio start-up does not pay for it.
  const [{ startMcpHttpServer }, { loadOrCreateHttpToken, exposedBindWarning, isLoopbackHost }, { createOidcAccessTokenVerifier }, { storageReadiness }, cos] = await Promise.all([
    import('./http/http-server.js'),
    import('./http/http-setup.js'),
    import('./http/oidc-access-tokens.js'),
    import('./http/readiness.js'),
    loadChiefOfStaff(resolveDataDir(), options.embedder),
  ]);
  // Sessions list the tools when they start and are not told of changes: re-exported servers whose tools are not
  // known from an earlier start are waited for before the first session can start.
  if (cos.orchestration.joining().length > 0) await cos.orchestration.prepare();
  const token = loadOrCreateHttpToken(cos.config);
  const host = options.host ?? cos.config.mcp.http.host;
  if (!isLoopbackHost(host)) {
    // Always printed, even with --quiet: nobody should expose this by accident.
    process.stderr.write(exposedBindWarning(host));
    cos.logger.warn({ host }, 'MCP HTTP server bound to a non-loopback address; traffic is unencrypted');
  }
  const oidc = cos.config.mcp.http.oidc;
  const running = await startMcpHttpServer(cos, {
    host,
    port: options.port ?? cos.config.mcp.http.port,
    token: token.token,
    allowedOrigins: cos.config.mcp.http.allowedOrigins,
    allowedHosts: cos.config.mcp.http.allowedHosts,
    maxBodyBytes: cos.config.mcp.http.maxBodyBytes,
    requestTimeoutMs: cos.config.mcp.http.requestTimeoutMs,
    accessTokens: cos.accounts.accessTokens,
    ...(oidc ? { oidc: createOidcAccessTokenVerifier({ issuer: oidc.issuer, audience: oidc.audience, claim: oidc.claim, users: cos.accounts.users }) } : {}),
    ...(cos.config.mcp.http.publicUrl ? { publicUrl: cos.config.mcp.http.publicUrl } : {}),
    // A trivial indexed query through the storage's own pool (no user has the id 0).
    readiness: storageReadiness(() => cos.accounts.users.getById(0)),
  });
  if (!options.quiet) {
    const where =
      token.source === 'config' ? 'the one in mcp.http.token' : `in ${token.file}${token.source === 'generated' ? ' (just generated)' : ''}`;
    process.stderr.write(httpConnectInstructions(running.url, where, token.source === 'config' ? undefined : token.file));
    // A secret goes to a terminal only: stderr captured by a service manager or a pipe ends up in a log.
    if (token.source === 'generated' && process.stderr.isTTY) process.stderr.write(`Token: ${token.token}\n`);
  }
  cos.logger.info({ url: running.url, tools: cos.tools.length }, 'MCP server ready on HTTP');
  warmUpSemanticSearch(cos);
  const toolVectorsTimer = startToolVectors(cos);
  const localCalls = await serveLocalCalls(cos.config.dataDir, cos);
  const scheduler = await startServerScheduler(cos);
  return {
    async stop() {
      clearTimeout(toolVectorsTimer);
      await localCalls.close();
      await scheduler?.stop();
      await running.close();
      await cos.close({ promptly: true });
    },
  };
}
