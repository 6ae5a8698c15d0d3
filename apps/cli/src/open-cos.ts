/**
 * Opens the Chief of Staff for one CLI command, turning configuration problems into a clear message and exit 2.
 * The sdk is imported on first use, so `--help` and argument mistakes answer without loading every library.
 */
import { createLogger, isCosError, loadConfig, type CosConfig, type Logger, type ToolRunResult } from '@chief-of-staff/core';
import { resolveDataDir } from '@chief-of-staff/core/data-dir';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { prefetchToolQueryVector } from '@chief-of-staff/sdk/early-embedder';
import { callLocalServer } from '@chief-of-staff/sdk/local-calls';
import { announcePartRun } from './code-cache-part.js';
import { claimEarlyEmbedder, usesRunningServer } from './early-start.js';
import { EXIT_USAGE, printError, startSpinner } from './output.js';

/** The sdk functions, loaded on demand. */
export function loadSdk(): Promise<typeof import('./sdk.js')> {
  announcePartRun('libraries');
  return import('./sdk.js');
}

/** The model the entry started for this command, or one started now (commands the entry does not recognise). */
async function startEarlyEmbedderFor(dataDir: string) {
  const early = claimEarlyEmbedder();
  if (early) return early;
  const { startEarlyEmbedder } = await import('@chief-of-staff/sdk/early-embedder');
  return startEarlyEmbedder(dataDir);
}

/**
 * Structured logs (JSON on stderr) are for operators, not for someone reading a command's answer: only errors are
 * logged unless COS_LOG_LEVEL asks for more. Anything a user must know is part of the command's own output.
 */
function logLevelOverride(): { logLevel?: 'error' } {
  return process.env['COS_LOG_LEVEL'] ? {} : { logLevel: 'error' };
}

function reportOpenFailure(error: unknown): void {
  printError(isCosError(error) || error instanceof Error ? error.message : String(error));
  process.exitCode = EXIT_USAGE;
}

export interface OpenOptions {
  /**
   * Attach the fact vector index (default true). Off for commands that only write facts: loading the vector store and
   * the model would triple their time, and the new facts are embedded by the next search that reads them.
   */
  semanticRecall?: boolean;
  /**
   * Start the embedding model (in a worker thread) before the libraries load, so both happen at once (searches that
   * may need meaning). Nothing is started when the data directory has no vectors yet.
   */
  warmUpSemanticSearch?: boolean;
  /** The search this command will run: its query is embedded on the early model while the libraries load. */
  search?: { tool: string; args: Record<string, unknown> };
}

export async function withChiefOfStaff(run: (cos: ChiefOfStaff) => Promise<void>, options: OpenOptions = {}): Promise<void> {
  let cos: ChiefOfStaff;
  // Started before the libraries load, so the model loads on another core meanwhile (undefined without vectors).
  const embedder = options.warmUpSemanticSearch === true ? await startEarlyEmbedderFor(resolveDataDir()) : undefined;
  if (embedder && options.search) prefetchToolQueryVector(embedder, options.search.tool, options.search.args);
  try {
    const { createChiefOfStaff } = await loadSdk();
    cos = await createChiefOfStaff({
      config: logLevelOverride(),
      ...(options.semanticRecall === false ? { semanticRecall: false } : {}),
      ...(embedder ? { embedder } : {}),
    });
  } catch (error) {
    await embedder?.close();
    reportOpenFailure(error);
    return;
  }
  try {
    await run(cos);
  } finally {
    await cos.close();
  }
}

/** For commands that work below the full Chief of Staff (doctor, reindex): the configuration and a logger. */
export function loadCliConfig(): { config: CosConfig; logger: Logger } | undefined {
  try {
    const config = loadConfig({ overrides: logLevelOverride() });
    return { config, logger: createLogger({ level: config.logLevel, redactBodies: config.logging.redactEmailBodies }) };
  } catch (error) {
    reportOpenFailure(error);
    return undefined;
  }
}

/**
 * Runs one of the searches a running server answers (`LOCAL_CALL_TOOLS`) and hands its result to `report`: through
 * the server for this data directory when one is up (no libraries or model to load here), else in this process.
 */
export async function withSearchResult(
  tool: string,
  args: Record<string, unknown>,
  spinnerText: string,
  report: (result: ToolRunResult) => void,
  options: OpenOptions = { warmUpSemanticSearch: true },
): Promise<void> {
  if (usesRunningServer()) {
    const result = await callLocalServer(resolveDataDir(), tool, args);
    if (result) {
      report(result);
      return;
    }
  }
  await withChiefOfStaff(async (cos) => report(await callWithSpinner(cos, tool, args, spinnerText)), { ...options, search: { tool, args } });
}

/** Calls a tool as the CLI, with a spinner (on a terminal) whose text follows the tool's progress messages. */
export async function callWithSpinner(
  cos: ChiefOfStaff,
  tool: string,
  args: Record<string, unknown>,
  spinnerText: string,
): Promise<ToolRunResult> {
  const spinner = startSpinner(spinnerText);
  try {
    return await cos.callTool(tool, args, {
      caller: { kind: 'cli' },
      progress: (message) => {
        if (spinner) spinner.text = message;
      },
    });
  } finally {
    spinner?.stop();
  }
}
