/**
 * Fast cold start for stdio. Loading every library, opening the stores and building 77 tool schemas takes about a
 * second; a client only needs the tool list to start. The list is kept in `<dataDir>/mcp-tool-list.json`: when it
 * exists, `tools/list` is answered from it at once and the host loads right after; when the live list differs (an
 * upgrade, a changed configuration) the file is rewritten and clients are told with `notifications/tools/list_changed`.
 * Without the file the first `tools/list` simply waits for the host. The file is only a hint: every call runs on the
 * loaded host. (docs/adr/0002)
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpHost, McpHostSource } from './host-source.js';

export const TOOL_LIST_CACHE_FILE = 'mcp-tool-list.json';

interface CachedToolList {
  version: string;
  tools: Tool[];
}

export function readCachedToolList(file: string, version: string): Tool[] | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CachedToolList;
    return cached.version === version && Array.isArray(cached.tools) && cached.tools.length > 0 ? cached.tools : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedToolList(file: string, version: string, tools: Tool[]): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ version, tools } satisfies CachedToolList), { mode: 0o600 });
  renameSync(temporary, file);
}

export interface LazyHostSourceOptions {
  load: () => Promise<McpHost>;
  cacheFile: string;
  version: string;
  /**
   * The list as built with the default configuration, shipped with the server (`dist/tool-list.json`, written by the
   * bundle step): answers `tools/list` on a data directory that has no cached list yet, under the same rule as the
   * cache (checked against the live list, clients told when it differs).
   */
  shippedFile?: string;
  /** Called when tools were listed from the cache and the live list turned out different. */
  onToolsChanged: () => void;
  /**
   * Start loading this long after start-up even if no request asked for the host (ms; default `HANDSHAKE_GRACE_MS`).
   * A request that needs the host starts it at once; listing tools from the cache starts it right after the answer.
   */
  idleStartMs?: number;
  /** Describe the live tools this long after the host loaded when no call has been answered by then (ms). */
  describeAfterMs?: number;
  /**
   * Settles once what was written to the client has left the process. Loading the libraries blocks the event loop for
   * a while, and a long tool list still waiting to be written would reach the client only after it.
   */
  outputFlushed?: () => Promise<void>;
}

/**
 * A timer set when the host loads used to describe the tools right away, and ran in the middle of the first call
 * (between its awaits): ~100 ms of schema conversion in front of the first answer.
 */
const DESCRIBE_AFTER_MS = 2_000;

/**
 * Loading the libraries runs their modules' initialisation in one synchronous stretch (~150 ms) during which no
 * message is read: started at once, it used to hold up a handshake that was already waiting in the pipe. A client
 * sends `initialize` and then `tools/list` within a few milliseconds of spawning the server.
 */
export const HANDSHAKE_GRACE_MS = 50;

export interface LazyHostSource extends McpHostSource {
  /** The host if it has finished loading. */
  loaded(): McpHost | undefined;
  /** Waits for a load in progress and the description of the tools (for shutdown). */
  settled(): Promise<McpHost | undefined>;
  afterCall(): void;
  /** The host's tools changed (an external server joined or left): describe them again and tell clients. */
  toolsChanged(): void;
}

export function createLazyHostSource(options: LazyHostSourceOptions): LazyHostSource {
  const source = new LazyHost(options);
  return {
    host: () => source.start(),
    listTools: () => source.listTools(),
    toolsChanged: () => source.toolsChanged(),
    afterCall: () => source.describeSoon(),
    loaded: () => source.current,
    settled: () => source.settled(),
  };
}

/** The state behind a lazy host source: the cached and live tool lists, the load, and the deferred description. */
class LazyHost {
  /** The list read at start: the data directory's own file, else the shipped one. */
  private readonly cached: Tool[] | undefined;
  /** The list clients were last given, as JSON: a live list that differs from it is announced. */
  private sent: string | undefined;
  /** The list in the data directory's file, as JSON. */
  private written: string | undefined;
  current: McpHost | undefined;
  private live: Tool[] | undefined;
  private loading: Promise<McpHost> | undefined;
  /**
   * Describes the live tools and brings the cached list up to date. Run right after a call has been answered (or
   * when a client asks for the list, or `describeAfterMs` after the load without a call), never in front of the
   * first call: describing 90-odd tools costs a hundred milliseconds or more the first answer need not wait for.
   */
  private describing: Promise<Tool[]> | undefined;
  /** Settles once the deferred description has run; undefined until it is scheduled (for shutdown and tests). */
  private described: Promise<void> | undefined;
  private fallbackTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: LazyHostSourceOptions) {
    const ownCache = readCachedToolList(options.cacheFile, options.version);
    this.cached = ownCache ?? (options.shippedFile === undefined ? undefined : readCachedToolList(options.shippedFile, options.version));
    this.written = ownCache === undefined ? undefined : JSON.stringify(ownCache);
    const idleTimer = setTimeout(() => void this.start().catch(reportLoadFailure), options.idleStartMs ?? HANDSHAKE_GRACE_MS);
    idleTimer.unref();
  }

  start(): Promise<McpHost> {
    this.loading ??= this.options.load().then((host) => {
      this.current = host;
      // Normally after the first call is answered (`afterCall`); a client that only lists tools gets it anyway.
      this.fallbackTimer = setTimeout(() => this.describeSoon(), this.options.describeAfterMs ?? DESCRIBE_AFTER_MS);
      this.fallbackTimer.unref();
      return host;
    });
    // A load that failed (a locked database at start, say) is not kept: the next call tries again.
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Describes the live tools on the next turn of the event loop (once); a no-op until the host has loaded. */
  describeSoon(): void {
    const host = this.current;
    if (host === undefined || this.described) return;
    clearTimeout(this.fallbackTimer);
    this.described = new Promise<void>((resolve) => {
      setTimeout(() => {
        this.describeLive(host)
          .catch((error: unknown) => host.logger.warn({ err: error }, 'could not describe the tools'))
          .finally(resolve);
      }, 0);
    });
  }

  private describeLive(host: McpHost): Promise<Tool[]> {
    return (this.describing ??= import('./static-host-source.js').then(({ describeTool }) => {
      const tools = host.tools.map(describeTool);
      const json = JSON.stringify(tools);
      this.live = tools;
      // The data directory gets its own copy even when the shipped list was right, so later starts need nothing else.
      if (json !== this.written) {
        try {
          writeCachedToolList(this.options.cacheFile, this.options.version, tools);
          this.written = json;
        } catch (error) {
          host.logger.warn({ err: error }, 'could not write the tool list cache');
        }
      }
      if (this.sent !== undefined && json !== this.sent) this.options.onToolsChanged();
      return tools;
    }));
  }

  async listTools(): Promise<Tool[]> {
    const tools = this.live ?? this.cached;
    if (tools) {
      this.sent = JSON.stringify(tools);
      // Load once the answer has been written out, so module loading does not delay it.
      if (!this.current) {
        setTimeout(() => {
          void (this.options.outputFlushed?.() ?? Promise.resolve())
            .then(() => this.start())
            .catch(reportLoadFailure);
        }, 0);
      }
      return tools;
    }
    const described = await this.describeLive(await this.start());
    this.sent = JSON.stringify(described);
    return described;
  }

  toolsChanged(): void {
    // Described again (and announced when it differs from what clients have) once the host has loaded; before
    // that, the first description reads the tools as they are by then.
    if (!this.current || this.describing === undefined) return;
    const host = this.current;
    const warn = (error: unknown) => host.logger.warn({ err: error }, 'could not describe the tools');
    void this.describing
      .catch(() => undefined)
      .then(() => {
        this.describing = undefined;
        this.live = undefined;
        return this.describeLive(host);
      })
      .catch(warn);
  }

  async settled(): Promise<McpHost | undefined> {
    const host = this.loading ? await this.loading.catch(() => undefined) : undefined;
    // A client that listed the tools and quit at once still leaves the data directory its own copy.
    if (host) this.describeSoon();
    await this.described;
    return host;
  }
}

function reportLoadFailure(error: unknown): void {
  process.stderr.write(`chief-of-staff: loading the libraries failed (${error instanceof Error ? error.message : String(error)}); the next call tries again.\n`);
}
