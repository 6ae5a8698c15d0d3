/**
 * The worker process: one per data directory (unless configured otherwise), running due scheduled tasks on every
 * tick, with a health endpoint on 127.0.0.1, the local socket on which `cos` hands it searches, and, when webhook
 * sources are configured, the webhook receiver. SIGTERM or SIGINT stops it cleanly: no new claims, running tasks get a
 * moment to finish and are otherwise aborted and recorded, leases and the lock are released.
 */
import { createChiefOfStaff } from '@chief-of-staff/sdk';
import { serveLocalCalls } from '@chief-of-staff/sdk/local-calls';
import { startHealthServer } from './health-server.js';
import { startWebhookServer } from './webhook-server.js';
import { acquireWorkerLock } from './worker-lock.js';

export const WORKER_VERSION = '0.1.0';

export interface RunningWorker {
  healthUrl: string | null;
  /** Where webhook deliveries are received, or null when no source is configured. */
  webhooksUrl: string | null;
  stop(): Promise<void>;
}

export async function runWorker(): Promise<RunningWorker> {
  const cos = await createChiefOfStaff();
  let release = (): void => undefined;
  try {
    if (!cos.config.scheduler.allowMultipleWorkers) release = acquireWorkerLock(cos.config.dataDir);
  } catch (error) {
    await cos.close();
    throw error;
  }
  const loop = cos.startScheduler({ mode: 'worker', version: WORKER_VERSION });
  // `cos memory search` and `cos docs search` are answered here when no MCP server has taken the socket (ADR 0025).
  const localCalls = await serveLocalCalls(cos.config.dataDir, cos);
  const port = cos.config.scheduler.healthPort;
  const health =
    port === null
      ? null
      : await startHealthServer(port, () => ({ status: 'ok', pid: process.pid, last_tick_at: loop.lastTickAt(), running: cos.scheduler.runningCount }));
  const http = cos.config.webhooks.http;
  const webhooks =
    Object.keys(cos.config.webhooks.sources).length === 0
      ? null
      : await startWebhookServer({
          host: http.host,
          port: http.port,
          maxBodyBytes: http.maxBodyBytes,
          requestTimeoutMs: http.requestTimeoutMs,
          receiver: cos.webhooks,
          onError: (error) => cos.logger.error({ err: error }, 'webhook request failed'),
        });
  cos.logger.info({ pid: process.pid, health: health?.url ?? null, webhooks: webhooks?.url ?? null, tickSeconds: cos.config.scheduler.tickSeconds, dataDir: cos.config.dataDir }, 'worker started');
  return {
    healthUrl: health?.url ?? null,
    webhooksUrl: webhooks?.url ?? null,
    async stop() {
      await localCalls.close();
      await webhooks?.close();
      await loop.stop(500);
      await health?.close();
      await cos.close({ promptly: true });
      release();
      cos.logger.info({ pid: process.pid }, 'worker stopped');
    },
  };
}
