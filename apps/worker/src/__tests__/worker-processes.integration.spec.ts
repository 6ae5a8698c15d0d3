/**
 * The built worker as real processes on one data directory: two workers share 1,000 due tasks and every
 * occurrence runs exactly once; a worker killed mid-run is taken over and the occurrence runs again exactly once;
 * SIGTERM during a run leaves nothing stuck; an overdue delegation raises one notification and not a second within
 * the rule's cooldown; the morning briefing runs against the fake Messages API and its text is delivered; a second
 * worker on the same data directory is refused; a task whose stored schedule is poisoned is disabled while a healthy
 * one beside it runs; a worker that cannot bind its ports exits without leaving a claimed run behind; several allowed
 * workers do not fight over the health port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { bulkLoad } from '@chief-of-staff/sqlite/testing';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { callLocalServer } from '@chief-of-staff/sdk/local-calls';

const workerMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Worker {
  child: ChildProcess;
  stderr(): string;
  exited: Promise<{ code: number | null; at: number }>;
}

function startWorker(dataDir: string, env: Record<string, string> = {}): Worker {
  const child = spawn(process.execPath, [workerMain], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dataDir,
      COS_DATA_DIR: dataDir,
      COS_TIMEZONE: 'UTC',
      COS_LOG_LEVEL: 'info',
      COS_SCHEDULER_TICK_SECONDS: '1',
      COS_SCHEDULER_HEALTH_PORT: '0',
      COS_PROVIDERS_NOTIFICATIONS: 'log',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolvePromise) => child.on('exit', (code) => resolvePromise({ code, at: performance.now() })));
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  return { child, stderr: () => stderr, exited };
}

function dataDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cos-worker-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function openStore(dataDir: string): SqliteMemoryStore {
  const store = openMemoryStore({ dataDir, clock: new FakeClock(new Date(), 'UTC') });
  cleanups.push(async () => await store.close());
  return store;
}

async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function dueTask(store: SqliteMemoryStore, name: string, handlerType: 'alert_eval' | 'run_agent' | 'morning_brief', extra: Record<string, unknown> = {}) {
  return (await store.scheduledTasks.create({
    name,
    scheduleType: 'once',
    scheduleConfig: { run_at: new Date().toISOString() },
    handlerType,
    nextRunAt: new Date(Date.now() - 1_000).toISOString(),
    createdBy: 'test',
    ...extra,
  })).task;
}

async function slowModel(delayMs: number): Promise<FakeMessagesServer> {
  const model = await startFakeMessagesServer({ responder: () => textTurn('Briefing: three meetings, one overdue delegation.', { delayMs }) });
  cleanups.push(() => model.close());
  return model;
}

describe('worker processes', () => {
  it('two workers share 1,000 due tasks and run every occurrence exactly once', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    await bulkLoad(store, async () => {
      for (let i = 0; i < 1_000; i += 1) await dueTask(store, `task_${i}`, 'alert_eval');
    });
    const env = { COS_SCHEDULER_ALLOW_MULTIPLE_WORKERS: 'true' };
    startWorker(dataDir, env);
    startWorker(dataDir, env);
    // The seeded default tasks are not due; only the test's own tasks are counted.
    const waiting = store.database.sqlite.prepare("SELECT COUNT(*) AS n FROM scheduled_tasks WHERE created_by = 'test' AND last_run_at IS NULL");
    await waitFor('all tasks to run', () => (waiting.get() as { n: number }).n === 0, 90_000);
    const perTask = store.database.sqlite.prepare('SELECT task_id, COUNT(*) AS runs FROM task_runs GROUP BY task_id').all() as Array<{ task_id: number; runs: number }>;
    expect(perTask).toHaveLength(1_000);
    expect(perTask.filter((row) => row.runs !== 1)).toEqual([]);
    expect(store.database.sqlite.prepare("SELECT COUNT(*) AS n FROM task_runs WHERE status != 'succeeded'").get()).toEqual({ n: 0 });
  }, 120_000);

  it('a worker killed mid-run is taken over once its lease expires, and the occurrence runs again exactly once', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    const model = await slowModel(3_000);
    const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, COS_SCHEDULER_HANDLER_TIMEOUT_SECONDS: '6', COS_SCHEDULER_LEASE_GRACE_SECONDS: '1' };
    const task = await dueTask(store, 'brief', 'run_agent', { handlerConfig: { agent: 'daily_briefing', instruction: 'Brief me.' } });
    const first = startWorker(dataDir, env);
    await waitFor('the run to start', async () => (await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items.some((run) => run.status === 'running'), 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    startWorker(dataDir, env);
    const runs = await waitFor('the occurrence to run again', async () => {
      const items = (await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items;
      return items.some((run) => run.status === 'succeeded') ? items : undefined;
    }, 60_000);
    expect(runs.map((run) => run.status).sort()).toEqual(['failed', 'succeeded']);
    expect(runs.find((run) => run.status === 'failed')?.error).toContain('stopped before it finished');
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items).toHaveLength(2);
  }, 120_000);

  it('SIGTERM during a run stops within a second or two and leaves nothing stuck', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    const model = await slowModel(20_000);
    const task = await dueTask(store, 'brief', 'run_agent', { handlerConfig: { agent: 'daily_briefing', instruction: 'Brief me.' } });
    const worker = startWorker(dataDir, { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url });
    await waitFor('the run to start', async () => (await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items.some((run) => run.status === 'running'), 30_000);
    const sent = performance.now();
    worker.child.kill('SIGTERM');
    const { code, at } = await worker.exited;
    expect(code).toBe(0);
    expect(at - sent).toBeLessThan(2_500);
    const [run] = (await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items;
    expect(run?.status).toBe('failed');
    expect(await store.scheduledTasks.get(task.id)).toMatchObject({ leaseOwner: null, leaseExpiresAt: null });
  }, 60_000);

  it('notifies an overdue delegation once, and not again within the cooldown', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    await store.delegations.create({ task: 'Budget deck', delegatedTo: 'Dana', dueDate: '2026-01-05', source: 'user' });
    await store.alertRules.create({ name: 'late work', alertType: 'overdue_delegation', condition: {} });
    const first = await dueTask(store, 'alerts_now', 'alert_eval');
    const worker = startWorker(dataDir);
    await waitFor('the alert run', async () => (await store.scheduledTasks.get(first.id))?.lastStatus === 'succeeded', 30_000);
    // A second evaluation inside the 4-hour cooldown finds the same delegation and stays quiet.
    const again = await dueTask(store, 'alerts_again', 'alert_eval');
    await waitFor('the second alert run', async () => (await store.scheduledTasks.get(again.id))?.lastStatus === 'succeeded', 30_000);
    const sent = store.database.sqlite.prepare("SELECT title, body, origin FROM notifications").all();
    expect(sent).toEqual([{ title: 'Alert: late work', body: expect.stringMatching(/^Delegation to Dana overdue by \d+ days: Budget deck \(due 5 Jan( 2026)?\)$/), origin: 'alert' }]);
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);

  it('runs the morning briefing against the model and delivers its text', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    const model = await slowModel(0);
    const task = await dueTask(store, 'morning', 'morning_brief', { deliveryChannel: 'notification' });
    const worker = startWorker(dataDir, { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url });
    await waitFor('the briefing run', async () => (await store.scheduledTasks.get(task.id))?.lastStatus === 'succeeded', 30_000);
    expect(String(model.messageRequests()[0]?.messages?.[0]?.content)).toContain('Prepare my briefing for');
    const [note] = store.database.sqlite.prepare('SELECT title, body, origin FROM notifications').all() as Array<{ title: string; body: string; origin: string }>;
    expect(note).toEqual({ title: 'Task: morning', body: 'Briefing: three meetings, one overdue delegation.', origin: 'scheduler' });
    const [run] = (await store.taskRuns.list({ taskId: task.id }, { limit: 1 })).items;
    expect(run?.delivery).toEqual({ channel: 'notification', delivered: true });
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);

  it('refuses a second worker on the same data directory, naming the running one; the first answers /healthz and cos searches', async () => {
    const dataDir = dataDirectory();
    const first = startWorker(dataDir);
    await waitFor('the first worker', () => first.stderr().includes('worker started'), 30_000);
    const health = /"health":"([^"]+)"/.exec(first.stderr())?.[1] as string;
    const answer = (await (await fetch(health)).json()) as { status: string; pid: number };
    expect(answer).toMatchObject({ status: 'ok', pid: first.child.pid });
    const second = startWorker(dataDir);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.stderr()).toContain(`Another worker (pid ${first.child.pid})`);
    // It answers cos's searches for its data directory (ADR 0025), and takes its socket away when it stops.
    const search = await callLocalServer(dataDir, 'query_memory', { query: 'anything' });
    expect(search).toMatchObject({ ok: true, value: { items: [] } });
    first.child.kill('SIGTERM');
    await first.exited;
    expect(existsSync(join(dataDir, 'cos.sock'))).toBe(false);
  }, 60_000);

  it('disables a task whose stored schedule is poisoned and still runs the healthy task beside it', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    const healthy = await dueTask(store, 'healthy', 'alert_eval');
    const poisoned = (await store.scheduledTasks.create({
      name: 'poisoned',
      scheduleType: 'interval',
      scheduleConfig: { hours: 1 },
      handlerType: 'alert_eval',
      nextRunAt: new Date(Date.now() - 2_000).toISOString(),
      createdBy: 'test',
    })).task;
    // Written straight into the table, as no tool would accept it.
    store.database.sqlite.prepare('UPDATE scheduled_tasks SET schedule_config = ? WHERE id = ?').run(JSON.stringify({ days: 1e12 }), poisoned.id);
    const worker = startWorker(dataDir);
    await waitFor('the healthy task to run', async () => (await store.scheduledTasks.get(healthy.id))?.lastStatus === 'succeeded', 30_000);
    expect(await store.scheduledTasks.get(poisoned.id)).toMatchObject({ enabled: false, lastStatus: 'failed', lastError: expect.stringContaining('at most 366 days') });
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);

  it('a worker whose webhook port is taken exits with the reason and leaves no claimed run behind', async () => {
    const dataDir = dataDirectory();
    const store = openStore(dataDir);
    const blocker = await listeningServer(0);
    const port = (blocker.address() as { port: number }).port;
    writeFileSync(join(dataDir, 'cos.config.yaml'), ['webhooks:', '  http:', `    port: ${port}`, '  sources:', '    github:', '      secret: whsec-test-0123456789', ''].join('\n'));
    const model = await slowModel(20_000);
    const task = await dueTask(store, 'brief', 'run_agent', { handlerConfig: { agent: 'daily_briefing', instruction: 'Brief me.' } });
    const worker = startWorker(dataDir, { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url });
    const { code } = await worker.exited;
    expect(code).not.toBe(0);
    expect(worker.stderr()).toContain(`webhook port 127.0.0.1:${port} (webhooks.http.port) is already in use`);
    expect((await store.taskRuns.list({ taskId: task.id }, { limit: 10 })).items.filter((run) => run.status === 'running')).toEqual([]);
    expect(await store.scheduledTasks.get(task.id)).toMatchObject({ leaseOwner: null, leaseExpiresAt: null });
    expect(existsSync(join(dataDir, 'worker.lock'))).toBe(false);
  }, 60_000);

  it('several allowed workers with the same health port all start: a later one takes a free port and says so', async () => {
    const dataDir = dataDirectory();
    const probe = await listeningServer(0);
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((done) => probe.close(() => done()));
    const env = { COS_SCHEDULER_ALLOW_MULTIPLE_WORKERS: 'true', COS_SCHEDULER_HEALTH_PORT: String(port) };
    const first = startWorker(dataDir, env);
    await waitFor('the first worker', () => first.stderr().includes('worker started'), 30_000);
    const second = startWorker(dataDir, env);
    await waitFor('the second worker', () => second.stderr().includes('worker started'), 30_000);
    expect(second.stderr()).toContain(`health port ${port} is taken`);
    const url = /"health":"([^"]+)"/.exec(second.stderr().split('\n').find((line) => line.includes('worker started')) ?? '')?.[1] as string;
    expect(url).not.toContain(`:${port}/`);
    expect(await (await fetch(url)).json()).toMatchObject({ status: 'ok', pid: second.child.pid });
    for (const worker of [first, second]) {
      worker.child.kill('SIGTERM');
      expect((await worker.exited).code).toBe(0);
    }
  }, 60_000);
});

async function listeningServer(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
  return server;
}
