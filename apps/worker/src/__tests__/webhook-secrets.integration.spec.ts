/**
 * Webhook secrets written as references, against the built worker over real HTTP: `env:NAME` and `${NAME}` are
 * resolved, so a delivery signed with the real secret is accepted and one signed with the reference's own text is
 * refused; a reference to an unset variable stops the worker from starting, naming the variable.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signPayload } from '@chief-of-staff/capabilities';

const workerMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');
const MON_SECRET = 'mon-real-secret-0123456789';
const GITHUB_SECRET = 'gh-real-secret-9876543210';
const CONFIG = ['webhooks:', '  http:', '    port: 0', '  autoDispatch: false', '  sources:', '    monitoring:', '      secret: env:MON_SECRET', '    github:', '      secret: ${GITHUB_WEBHOOK_SECRET}', ''].join('\n');

function startWorker(dataDir: string, extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, [workerMain], {
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'info', COS_SCHEDULER_HEALTH_PORT: '0', ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, stderr: () => stderr, exited };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('webhook source secrets are resolved references', () => {
  let dataDir: string;
  let worker: ReturnType<typeof startWorker>;
  let url: string;
  let id = 0;

  const deliver = (source: string, secret: string) => {
    const body = JSON.stringify({ alert: 'disk full' });
    id += 1;
    return fetch(`${url}/${source}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(secret, body), 'x-event-type': 'alert', 'x-delivery-id': `d-${id}` },
    });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-webhook-secrets-'));
    writeFileSync(join(dataDir, 'cos.config.yaml'), CONFIG);
    worker = startWorker(dataDir, { MON_SECRET, GITHUB_WEBHOOK_SECRET: GITHUB_SECRET });
    url = await waitFor('the worker to start', () => /"webhooks":"([^"]+)"/.exec(worker.stderr())?.[1]);
  }, 60_000);

  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a delivery signed with the secret env:MON_SECRET names, and refuses one signed with the text "env:MON_SECRET"', async () => {
    expect((await deliver('monitoring', MON_SECRET)).status).toBe(202);
    expect((await deliver('monitoring', 'env:MON_SECRET')).status).toBe(401);
  });

  it('accepts a delivery signed with the secret ${GITHUB_WEBHOOK_SECRET} names, and refuses one signed with the reference text', async () => {
    expect((await deliver('github', GITHUB_SECRET)).status).toBe(202);
    expect((await deliver('github', '${GITHUB_WEBHOOK_SECRET}')).status).toBe(401);
  });

  it('refuses to start when a source\'s secret names an unset variable, naming it', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'cos-webhook-secrets-unset-'));
    try {
      writeFileSync(join(otherDir, 'cos.config.yaml'), CONFIG);
      const unset = startWorker(otherDir, { GITHUB_WEBHOOK_SECRET: GITHUB_SECRET });
      const code = await Promise.race([unset.exited, new Promise<'running'>((done) => setTimeout(() => done('running'), 20_000))]);
      if (code === 'running') unset.child.kill('SIGTERM');
      expect(code).toBe(1);
      expect(unset.stderr()).toMatch(/webhooks\.sources\.monitoring\.secret refers to the environment variable MON_SECRET, which is not set/);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 30_000);
});
