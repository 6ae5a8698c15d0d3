/**
 * The worker process: one per data directory (unless configured otherwise), running due scheduled tasks on every
 * tick, with a health endpoint on 127.0.0.1, the local socket on which `cos` hands it searches, and, when webhook
 * sources are configured, the webhook receiver. Its servers bind before the first tick: a worker that cannot start
 * (a port in use) exits before it has claimed anything, so no run is left waiting for its lease to expire. SIGTERM
 * or SIGINT stops it cleanly: no new claims, running tasks get a moment to finish and are otherwise aborted and
 * recorded, leases and the lock are released.
 */
import { createLogger, loadConfig, type Logger } from '@chief-of-staff/core';
import { createChiefOfStaff, recordWorkerConfig, type ChiefOfStaff, type SchedulerLoop } from '@chief-of-staff/sdk';
import { serveLocalCalls } from '@chief-of-staff/sdk/local-calls';
import { startConsoleChild } from './console-child.js';
import { startHealthServer, type HealthSnapshot } from './health-server.js';
import { humanLogDestination } from './human-log.js';
import { startWebhookServer } from './webhook-server.js';
import { acquireWorkerLock } from './worker-lock.js';

export const WORKER_VERSION = '0.1.0';

export interface RunWorkerOptions {
  /** `human`: readable lines for a terminal; `json` (default): pino's JSON lines, for pipes and log collectors. */
  logFormat?: 'json' | 'human';
}

export interface RunningWorker {
  healthUrl: string | null;
  /** Where webhook deliveries are received, or null when no source is configured. */
  webhooksUrl: string | null;
  /** The web console's address with `console.enabled`, else null. */
  consoleUrl: string | null;
  stop(): Promise<void>;
}

interface Closable {
  url: string;
  close(): Promise<void>;
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

/**
 * The health server on `scheduler.healthPort`. When several workers are allowed they cannot all have the configured
 * port: a worker that finds it taken binds a free one instead and says so, rather than failing to start.
 */
async function startHealth(cos: ChiefOfStaff, snapshot: () => HealthSnapshot): Promise<Closable | null> {
  const port = cos.config.scheduler.healthPort;
  if (port === null) return null;
  try {
    return await startHealthServer(port, snapshot);
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    if (!cos.config.scheduler.allowMultipleWorkers) {
      throw new Error(
        `The worker's health port ${port} (scheduler.healthPort) is already in use — is another worker running? ` +
          'Stop it, or set scheduler.healthPort to another port, 0 for any free port, or null to turn the endpoint off.',
      );
    }
    const health = await startHealthServer(0, snapshot);
    cos.logger.warn({ configuredPort: port, health: health.url }, `health port ${port} is taken (another worker?); this worker's health endpoint is on a free port instead`);
    return health;
  }
}

async function startWebhooks(cos: ChiefOfStaff): Promise<Closable | null> {
  if (Object.keys(cos.config.webhooks.sources).length === 0) return null;
  const http = cos.config.webhooks.http;
  try {
    return await startWebhookServer({
      host: http.host,
      port: http.port,
      maxBodyBytes: http.maxBodyBytes,
      requestTimeoutMs: http.requestTimeoutMs,
      receiver: cos.webhooks,
      onError: (error) => cos.logger.error({ err: error }, 'webhook request failed'),
    });
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    throw new Error(
      `The webhook port ${http.host}:${http.port} (webhooks.http.port) is already in use. ` +
        'Stop the process using it, or set webhooks.http.port to a free port (and point your webhook senders there).',
    );
  }
}

function humanLogger(): Logger {
  const config = loadConfig();
  const destination = humanLogDestination(process.stderr, { timezone: config.timezone, colour: process.stderr.isTTY === true });
  return createLogger({ level: config.logLevel, redactBodies: config.logging.redactEmailBodies, destination });
}

export async function runWorker(options: RunWorkerOptions = {}): Promise<RunningWorker> {
  const cos = await createChiefOfStaff(options.logFormat === 'human' ? { logger: humanLogger() } : {});
  let release = (): void => undefined;
  let forgetConfig = (): void => undefined;
  const opened: Array<() => Promise<void>> = [];
  let loop: SchedulerLoop | undefined;
  try {
    if (!cos.config.scheduler.allowMultipleWorkers) release = acquireWorkerLock(cos.config.dataDir);
    // The configuration is read once, here: `cos doctor` compares this record with the file to say when to restart.
    forgetConfig = recordWorkerConfig(cos.config);
    // Everything that can fail to bind comes first; the scheduler ticks (and claims runs) only once all are up.
    // `cos memory search` and `cos docs search` are answered here when no MCP server has taken the socket (ADR 0025).
    const localCalls = await serveLocalCalls(cos.config.dataDir, cos);
    opened.push(() => localCalls.close());
    const health = await startHealth(cos, () => ({ status: 'ok', pid: process.pid, last_tick_at: loop?.lastTickAt() ?? null, running: cos.scheduler.runningCount }));
    if (health) opened.push(() => health.close());
    const webhooks = await startWebhooks(cos);
    if (webhooks) opened.push(() => webhooks.close());
    const consoleChild = await startConsoleChild(cos);
    if (consoleChild) opened.push(() => consoleChild.close());
    loop = await cos.startScheduler({ mode: 'worker', version: WORKER_VERSION });
    const started = loop;
    cos.logger.info({ pid: process.pid, health: health?.url ?? null, webhooks: webhooks?.url ?? null, tickSeconds: cos.config.scheduler.tickSeconds, dataDir: cos.config.dataDir, ...(consoleChild ? { console: consoleChild.url } : {}) }, 'worker started');
    return {
      healthUrl: health?.url ?? null,
      webhooksUrl: webhooks?.url ?? null,
      consoleUrl: consoleChild?.url ?? null,
      async stop() {
        await consoleChild?.close();
        await localCalls.close();
        await webhooks?.close();
        await started.stop(500);
        await health?.close();
        await cos.close({ promptly: true });
        forgetConfig();
        release();
        cos.logger.info({ pid: process.pid }, 'worker stopped');
      },
    };
  } catch (error) {
    // A failed start gives back whatever it took: runs it claimed (recorded and their leases released), servers, lock.
    await loop?.stop(0);
    for (const close of opened.reverse()) await close().catch(() => undefined);
    await cos.close({ promptly: true });
    forgetConfig();
    release();
    throw error;
  }
}
