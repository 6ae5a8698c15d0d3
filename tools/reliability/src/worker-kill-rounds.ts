/**
 * Crash safety of the scheduler worker: it is killed with SIGKILL while senders deliver signed webhooks to it, round
 * after round on one data directory. Every delivery the worker answered 202 before it died must be stored, the
 * database must pass `integrity_check`, and the next worker must start on the same directory (a dead worker's lock
 * never blocks its successor).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORKER_MAIN } from './app-mains.js';
import type { KillReport } from './kill-rounds.js';
import { registerSecret, scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';
import { raceTimeout, readStoredRows, sleep } from './stored-rows.js';

const SENDERS = 4;
export const SECRET = 'whsec-reliability-0123456789';
const START_TIMEOUT_MS = 60_000;
const FIRST_DELIVERY_WAIT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 5_000;

/** Signs like GitHub does (`X-Hub-Signature-256`): the suite is a sender outside the product. */
export const githubSignature = (body: string): string => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** Starts the built worker on `dataDir` and resolves once its webhook receiver listens. */
export function startWorker(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; log(): string }> {
  const child = spawn(process.execPath, [WORKER_MAIN], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dataDir,
      COS_DATA_DIR: dataDir,
      COS_TIMEZONE: 'UTC',
      COS_LOG_LEVEL: 'info',
      COS_SCHEDULER_HEALTH_PORT: '0',
      ANTHROPIC_API_KEY: SUITE_MODEL_KEY,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${text}`)), START_TIMEOUT_MS);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      text += chunk;
      const match = /"webhooks":"([^"]+)"/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], log: () => text });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code}): ${text}`));
    });
  });
}

export async function runWorkerKillRounds(options: { rounds: number }): Promise<KillReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-worker-kill-'));
  writeFileSync(join(dataDir, 'cos.config.yaml'), ['webhooks:', '  http:', '    port: 0', '  sources:', '    github:', `      secret: ${SECRET}`, ''].join('\n'));
  registerSecret(SECRET);
  const acknowledged: string[] = [];
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const { child, url, log } = await startWorker(dataDir);
      const exited = new Promise((done) => child.once('exit', done));
      let stop = false;
      let firstAcknowledged: () => void = () => undefined;
      const roundStarted = new Promise<void>((done) => (firstAcknowledged = done));
      const senders = Array.from({ length: SENDERS }, async (_, sender) => {
        for (let n = 0; !stop; n += 1) {
          const delivery = `kill-${round}-${sender}-${n}`;
          const body = JSON.stringify({ action: 'opened', issue: { number: n, title: `Round ${round}, sender ${sender}` } });
          try {
            const response = await fetch(`${url}/github`, {
              method: 'POST',
              body,
              headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': delivery, 'x-hub-signature-256': githubSignature(body) },
              signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
            });
            if (response.status === 202) {
              acknowledged.push(delivery);
              firstAcknowledged();
            } else if (response.status === 429) {
              // Over the per-source rate limit: a refusal the sender retries later, not an acknowledgement.
              await sleep(50);
            }
          } catch {
            // The worker died mid-delivery: never acknowledged, and the sender would retry against the next worker.
            if (stop) return;
            await sleep(20);
          }
        }
      });
      await raceTimeout(roundStarted, FIRST_DELIVERY_WAIT_MS);
      await sleep(150 + Math.floor(Math.random() * 450));
      child.kill('SIGKILL');
      stop = true;
      await exited;
      await Promise.all(senders);
      scanLog(`worker kill round ${round}`, log());
    }
    scanDataDir('worker kill rounds', dataDir);
    const stored = readStoredRows(dataDir, `SELECT delivery_id FROM webhook_events WHERE source = 'github'`);
    return {
      rounds: options.rounds,
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.filter((delivery) => !stored.keys.has(delivery)).length,
      integrity: stored.integrity,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
