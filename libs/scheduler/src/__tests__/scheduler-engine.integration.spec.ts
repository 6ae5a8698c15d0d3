/**
 * The engine on a real SQLite store with a fake clock: due occurrences run once and their next run is computed from
 * the schedule; a broken schedule disables its task with the error visible in get_scheduler_status; alert_eval
 * notifies once per cooldown; a failed delivery makes the run fail; a second engine (another process's) never runs
 * an occurrence the first claimed; an abandoned lease is taken over and the occurrence runs again once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createSilentLogger, createToolContext, FakeClock, loadConfig, runTool, type AnyToolDefinition, type ConfigInput, type ToolCaller } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { SchedulerEngine } from '../engine/scheduler-engine.js';
import type { NotificationPort } from '../handlers/task-handler.js';
import { createTaskDefinition } from '../tasks/task-definitions.js';
import { schedulerTools } from '../tools/scheduler-tools.js';

let store: TestMemoryStore | undefined;
afterEach(async () => await store?.cleanup());

function setup(overrides: ConfigInput = {}) {
  const clock = new FakeClock('2026-03-02T08:00:00.000Z', 'Europe/London');
  store = createTestMemoryStore({ clock });
  const config = loadConfig({ env: { COS_DATA_DIR: store.dataDir, COS_TIMEZONE: 'Europe/London' }, overrides });
  const sent: Array<{ title: string; body: string }> = [];
  const notifications: NotificationPort = {
    async notify(request) {
      sent.push({ title: request.title, body: request.body });
      return { delivered: true, channels: ['log'] };
    },
  };
  const engine = (owner: string) => new SchedulerEngine({ memory: store as TestMemoryStore, config, clock, logger: createSilentLogger(), notifications, owner });
  const first = engine('worker-a');
  const deps = { memory: store, clock, timezone: 'Europe/London', handlers: first.handlers };
  const call = async (name: string, args: Record<string, unknown>, caller?: ToolCaller) => {
    const tool = schedulerTools.find((candidate) => candidate.name === name) as unknown as AnyToolDefinition;
    return runTool(tool, args, createToolContext({ services: { memory: store, config, scheduler: first }, clock, ...(caller ? { caller } : {}) }));
  };
  return { clock, config, store, sent, first, engine, deps, call };
}

async function runsOf(store: TestMemoryStore, taskId: number) {
  return (await store.taskRuns.list({ taskId }, { limit: 100 })).items;
}

describe('scheduler engine', () => {
  it('runs a due occurrence once and schedules the next one from the schedule, not from the tick', async () => {
    const { clock, store, first, deps } = setup();
    const { task } = await createTaskDefinition(deps, { name: 'alerts', scheduleType: 'interval', scheduleConfig: { minutes: 30 }, handlerType: 'alert_eval', createdBy: 'user' });
    expect(task.nextRunAt).toBe('2026-03-02T08:30:00.000Z');
    expect((await first.tick()).claimed).toBe(0);
    clock.set('2026-03-02T08:31:10.000Z');
    expect((await first.tick()).claimed).toBe(1);
    await first.idle();
    expect((await runsOf(store, task.id)).map((run) => run.status)).toEqual(['succeeded']);
    expect(await store.scheduledTasks.get(task.id)).toMatchObject({ nextRunAt: '2026-03-02T09:00:00.000Z', lastStatus: 'succeeded', leaseOwner: null });
    expect((await first.tick()).claimed).toBe(0);
  });

  it('never lets two engines run the same occurrence', async () => {
    const { clock, store, first, engine, deps } = setup();
    for (let i = 0; i < 40; i += 1) {
      await createTaskDefinition(deps, { name: `t${i}`, scheduleType: 'once', scheduleConfig: { run_at: '2026-03-02T08:00:30Z' }, handlerType: 'alert_eval', createdBy: 'user' });
    }
    clock.set('2026-03-02T08:01:00.000Z');
    const second = engine('worker-b');
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    await Promise.all([first.idle(), second.idle()]);
    const counts = await Promise.all((await store.scheduledTasks.all()).map(async (task) => (await runsOf(store, task.id)).length));
    expect(counts).toEqual(Array.from({ length: 40 }, () => 1));
    expect((await store.scheduledTasks.all()).every((task) => !task.enabled && task.nextRunAt === null)).toBe(true);
  });

  it('takes over an abandoned lease and runs the occurrence again exactly once', async () => {
    const { clock, store, engine, deps } = setup({ scheduler: { handlerTimeoutSeconds: 10, leaseGraceSeconds: 5 } });
    const { task } = await createTaskDefinition(deps, { name: 'once', scheduleType: 'once', scheduleConfig: { run_at: '2026-03-02T08:00:30Z' }, handlerType: 'alert_eval', createdBy: 'user' });
    clock.set('2026-03-02T08:01:00.000Z');
    // A worker claimed it and died before finishing: its lease and a running run row are left behind.
    expect(await store.scheduledTasks.claimOccurrence(task.id, 'dead-worker', '2026-03-02T08:01:15.000Z', '2026-03-02T08:00:30.000Z', null, { disable: true })).toBe(true);
    await store.taskRuns.start({ taskId: task.id, trigger: 'scheduled' });
    const survivor = engine('worker-b');
    expect((await survivor.tick()).recovered).toBe(0);
    clock.set('2026-03-02T08:01:16.000Z');
    expect((await survivor.tick()).recovered).toBe(1);
    await survivor.idle();
    expect((await runsOf(store, task.id)).map((run) => run.status).sort()).toEqual(['failed', 'succeeded']);
    expect((await survivor.tick()).recovered).toBe(0);
  });

  it('disables a task whose stored schedule cannot be computed, visibly', async () => {
    const { clock, store, first, call } = setup();
    const { task } = await store.scheduledTasks.create({ name: 'broken', scheduleType: 'cron', scheduleConfig: { expression: 'every tuesday' }, handlerType: 'alert_eval', nextRunAt: '2026-03-02T07:00:00.000Z', createdBy: 'user' });
    expect((await first.tick()).disabled).toBe(1);
    expect((await store.scheduledTasks.get(task.id))?.enabled).toBe(false);
    clock.advance(3_600_000);
    expect((await first.tick()).disabled).toBe(0);
    const status = await call('get_scheduler_status', {});
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value['problems']).toEqual([expect.objectContaining({ name: 'broken', enabled: false, last_error: expect.stringContaining('cannot be computed') })]);
  });

  it('disables poisoned rows written straight into the table while the healthy tasks beside them run', async () => {
    const { clock, store, first, call, deps } = setup();
    const insert = store.database.sqlite.prepare(
      `INSERT INTO scheduled_tasks (name, schedule_type, schedule_config, timezone, handler_type, next_run_at, created_by, created_at, updated_at)
       VALUES (@name, @type, @config, @zone, 'alert_eval', @next, 'user', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')`,
    );
    insert.run({ name: 'huge_interval', type: 'interval', config: JSON.stringify({ days: 1e12 }), zone: null, next: '2026-03-02T07:00:00.000Z' });
    insert.run({ name: 'bad_next_run', type: 'interval', config: JSON.stringify({ hours: 1 }), zone: null, next: '0000-not-a-date' });
    insert.run({ name: 'bad_zone', type: 'cron', config: JSON.stringify({ expression: '0 7 * * *' }), zone: 'Mars/Olympus', next: '2026-03-02T07:00:00.000Z' });
    insert.run({ name: 'not_json', type: 'interval', config: '{"hours": 1', zone: null, next: '2026-03-02T07:00:00.000Z' });
    const healthy = await Promise.all(
      [1, 2].map(async (i) => (await createTaskDefinition(deps, { name: `healthy_${i}`, scheduleType: 'interval', scheduleConfig: { minutes: 30 }, handlerType: 'alert_eval', createdBy: 'user' })).task),
    );
    clock.set('2026-03-02T08:31:00.000Z');
    const summary = await first.tick();
    await first.idle();
    expect(summary).toMatchObject({ claimed: 2, disabled: 4 });
    for (const task of healthy) expect(await store.scheduledTasks.get(task.id)).toMatchObject({ lastStatus: 'succeeded', nextRunAt: '2026-03-02T09:00:00.000Z' });
    // The next tick runs the healthy tasks again; the poisoned ones stay off.
    clock.set('2026-03-02T09:01:00.000Z');
    expect(await first.tick()).toMatchObject({ claimed: 2, disabled: 0 });
    await first.idle();
    const status = await call('get_scheduler_status', {});
    if (!status.ok) throw new Error(status.error.message);
    const problems = status.value['problems'] as Array<{ name: string; enabled: boolean; last_error: string }>;
    expect(problems.map((problem) => problem.name).sort()).toEqual(['bad_next_run', 'bad_zone', 'huge_interval', 'not_json']);
    expect(problems.every((problem) => !problem.enabled && problem.last_error.includes('cannot be computed'))).toBe(true);
    expect(problems.find((problem) => problem.name === 'huge_interval')?.last_error).toContain('at most 366 days');
    expect(problems.find((problem) => problem.name === 'not_json')?.last_error).toContain('not valid JSON');
  });

  it('alert_eval notifies an overdue delegation once, then not again within the cooldown', async () => {
    const { clock, store, first, sent, deps } = setup();
    await store.delegations.create({ task: 'Budget deck', delegatedTo: 'Dana', dueDate: '2026-02-20', source: 'user' });
    await store.alertRules.create({ name: 'late work', alertType: 'overdue_delegation', condition: {} });
    const { task } = await createTaskDefinition(deps, { name: 'alerts', scheduleType: 'interval', scheduleConfig: { minutes: 30 }, handlerType: 'alert_eval', createdBy: 'user' });
    await first.runNow(task.id);
    await first.runNow(task.id);
    expect(sent).toEqual([{ title: 'Alert: late work', body: 'Delegation to Dana overdue by 10 days: Budget deck (due 20 Feb)' }]);
    clock.advance(5 * 3_600_000);
    const run = await first.runNow(task.id);
    expect(run.result).toMatchObject({ rules_evaluated: 1, rules_triggered: 1, notified: 1 });
    expect(sent).toHaveLength(2);
  });

  it('records a failed delivery as a failed run, never as success', async () => {
    const { store, first, deps } = setup();
    const { task } = await createTaskDefinition(deps, {
      name: 'hook',
      scheduleType: 'interval',
      scheduleConfig: { hours: 1 },
      handlerType: 'alert_eval',
      deliveryChannel: 'webhook',
      deliveryConfig: { url: 'http://127.0.0.1:9/unreachable' },
      createdBy: 'user',
    });
    const run = await first.runNow(task.id);
    expect(run.status).toBe('failed');
    expect(run.delivery).toMatchObject({ channel: 'webhook', delivered: false });
    expect((await store.scheduledTasks.get(task.id))?.lastError).toContain('delivery by webhook failed');
  });
});

describe('webhook delivery headers are secret references', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    delete process.env['COS_TEST_HOOK_TOKEN'];
  });

  async function receiver(): Promise<{ url: string; received: Array<Record<string, string | string[] | undefined>> }> {
    const received: Array<Record<string, string | string[] | undefined>> = [];
    server = createServer((request, response) => {
      received.push(request.headers);
      request.resume().on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
  }

  const hookTask = (url: string, headers: Record<string, string>) => ({
    name: 'hook',
    schedule_type: 'interval',
    schedule_config: { hours: 1 },
    handler_type: 'alert_eval',
    delivery_channel: 'webhook',
    delivery_config: { url, headers },
  });

  it('sends the value the reference names, and stores and shows only the reference', async () => {
    const { store, first, call } = setup({ scheduler: { deliverySecrets: ['COS_TEST_HOOK_TOKEN'] } });
    const hook = await receiver();
    process.env['COS_TEST_HOOK_TOKEN'] = 'tok-real-123';
    const created = await call('create_scheduled_task', hookTask(hook.url, { Authorization: 'Bearer ${COS_TEST_HOOK_TOKEN}', 'X-Api-Key': 'env:COS_TEST_HOOK_TOKEN', 'X-Trace': 'plain' }));
    expect(created.ok).toBe(true);
    const taskId = (created.ok ? (created.value as { task: { id: number } }) : undefined)?.task.id ?? -1;
    const run = await first.runNow(taskId);
    expect(run.delivery).toMatchObject({ channel: 'webhook', delivered: true });
    expect(hook.received[0]).toMatchObject({ authorization: 'Bearer tok-real-123', 'x-api-key': 'tok-real-123', 'x-trace': 'plain' });
    expect(JSON.stringify((await store.scheduledTasks.get(taskId))?.deliveryConfig)).not.toContain('tok-real-123');
    const listed = await call('list_scheduled_tasks', {});
    expect(JSON.stringify(listed)).toContain('Bearer ${COS_TEST_HOOK_TOKEN}');
    expect(JSON.stringify(listed)).not.toContain('tok-real-123');
  });

  it('refuses a credential written as text, and redacts one stored before that rule', async () => {
    const { store, call, deps } = setup();
    const refused = await call('create_scheduled_task', hookTask('https://hooks.example.com/x', { Authorization: 'Bearer tok-literal-456' }));
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('delivery_config.headers.Authorization');
    const legacy = await store.scheduledTasks.create({
      name: 'legacy', description: '', scheduleType: 'interval', scheduleConfig: { hours: 1 }, timezone: null, handlerType: 'alert_eval', handlerConfig: {},
      deliveryChannel: 'webhook', deliveryConfig: { url: 'https://hooks.example.com/x', headers: { Authorization: 'Bearer tok-literal-456' } },
      enabled: true, nextRunAt: deps.clock.now().toISOString(), createdBy: 'user',
    });
    const got = await call('list_scheduled_tasks', {});
    expect(JSON.stringify(got)).not.toContain('tok-literal-456');
    expect(legacy.task.id).toBeGreaterThan(0);
  });

  it('list_scheduled_tasks with task_id answers that one task, or NOT_FOUND', async () => {
    const { call, deps } = setup();
    await createTaskDefinition(deps, { name: 'first', scheduleType: 'interval', scheduleConfig: { hours: 1 }, handlerType: 'alert_eval', createdBy: 'user' });
    const { task } = await createTaskDefinition(deps, { name: 'second', scheduleType: 'interval', scheduleConfig: { hours: 2 }, handlerType: 'alert_eval', enabled: false, createdBy: 'user' });
    const one = await call('list_scheduled_tasks', { task_id: task.id });
    expect(one).toMatchObject({ ok: true, value: { items: [{ id: task.id, name: 'second', enabled: false }], next_cursor: null, total: 1 } });
    // The other filters still apply: a disabled task is not among the enabled ones.
    expect(await call('list_scheduled_tasks', { task_id: task.id, enabled_only: true })).toMatchObject({ ok: true, value: { items: [], total: 0 } });
    expect(await call('list_scheduled_tasks', { task_id: 999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'Scheduled task 999 not found.' } });
  });

  it('refuses references an agent writes, even the owner\'s agent, and names the list a reference must be in', async () => {
    const { call } = setup({ scheduler: { deliverySecrets: ['COS_TEST_HOOK_TOKEN'] } });
    const agent: ToolCaller = { kind: 'agent', agentName: 'planner', capabilities: ['scheduler_write'] };
    const byAgent = await call('create_scheduled_task', hookTask('https://hooks.example.com/x', { Authorization: 'env:COS_TEST_HOOK_TOKEN' }), agent);
    expect(byAgent).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: expect.stringContaining('only the owner of this server, in person') } });
    const unlisted = await call('create_scheduled_task', hookTask('https://hooks.example.com/x', { Authorization: 'env:COS_DATABASE_URL' }));
    expect(unlisted).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('COS_DATABASE_URL, which scheduler.deliverySecrets does not list') } });
    const signed = await call('create_scheduled_task', { ...hookTask('https://hooks.example.com/x', {}), delivery_config: { url: 'https://hooks.example.com/x', secret_env: 'ANTHROPIC_API_KEY' } });
    expect(signed).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    // A signed-in user's call: refused before anything is stored.
    const user: ToolCaller = { kind: 'host', principal: { kind: 'user', userId: 3, email: 'alice@example.com', via: 'access_token' } };
    expect(await call('create_scheduled_task', hookTask('https://hooks.example.com/x', { Authorization: 'env:COS_TEST_HOOK_TOKEN' }), user)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(await call('create_scheduled_task', { ...hookTask('https://hooks.example.com/x', {}), handler_type: 'webhook_inbox' }, user)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"webhook_inbox" is not a handler you can schedule') },
    });
  });

  it('does not let a changed delivery carry the owner\'s reference somewhere else unless the owner makes the change', async () => {
    const { call } = setup({ scheduler: { deliverySecrets: ['COS_TEST_HOOK_TOKEN'] } });
    const created = await call('create_scheduled_task', hookTask('https://hooks.example.com/x', { Authorization: 'env:COS_TEST_HOOK_TOKEN' }));
    const taskId = (created.ok ? (created.value as { task: { id: number } }) : undefined)?.task.id ?? -1;
    const user: ToolCaller = { kind: 'host', principal: { kind: 'user', userId: 3, email: 'alice@example.com', via: 'access_token' } };
    // Switching the channel keeps the stored config: refused for a user, allowed for the owner.
    expect(await call('update_scheduled_task', { task_id: taskId, delivery_channel: 'webhook', delivery_config: { url: 'https://attacker.example/x', headers: { Authorization: 'env:COS_TEST_HOOK_TOKEN' } } }, user)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(await call('update_scheduled_task', { task_id: taskId, delivery_channel: 'webhook' }, user)).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(await call('update_scheduled_task', { task_id: taskId, delivery_channel: 'webhook', delivery_config: { url: 'https://hooks.example.com/y', headers: { Authorization: 'env:COS_TEST_HOOK_TOKEN' } } })).toMatchObject({ ok: true });
  });

  it('fails the delivery, naming the variable, when the reference is unset', async () => {
    const { first, call } = setup({ scheduler: { deliverySecrets: ['COS_TEST_HOOK_TOKEN'] } });
    const hook = await receiver();
    const created = await call('create_scheduled_task', hookTask(hook.url, { Authorization: 'env:COS_TEST_HOOK_TOKEN' }));
    const run = await first.runNow((created.ok ? (created.value as { task: { id: number } }) : undefined)?.task.id ?? -1);
    expect(run.status).toBe('failed');
    expect(run.delivery).toMatchObject({ delivered: false, error: expect.stringContaining('delivery_config.headers.Authorization refers to the environment variable COS_TEST_HOOK_TOKEN, which is not set') });
    expect(hook.received).toEqual([]);
  });
});

describe('missed runs and maintenance', () => {
  it('records an occurrence missed during downtime as skipped when scheduler.missedRuns is skip, and keeps the grid', async () => {
    const { clock, store, first, deps } = setup({ scheduler: { missedRuns: 'skip' } });
    const { task } = await createTaskDefinition(deps, { name: 'hourly', scheduleType: 'interval', scheduleConfig: { hours: 1 }, handlerType: 'alert_eval', createdBy: 'user' });
    clock.set('2026-03-02T12:20:00.000Z');
    expect((await first.tick()).skipped).toBe(1);
    await first.idle();
    expect((await runsOf(store, task.id)).map((run) => run.status)).toEqual(['skipped']);
    expect((await store.scheduledTasks.get(task.id))?.nextRunAt).toBe('2026-03-02T13:00:00.000Z');
  });

  it('retention prunes old logs and runs but keeps the newest 20 runs of every task', async () => {
    const { clock, store, first, deps } = setup({ retention: { usageDays: 30, taskRunsDays: 30, notificationsDays: 30 } });
    const { task } = await createTaskDefinition(deps, { name: 'cleanup', scheduleType: 'interval', scheduleConfig: { days: 1 }, handlerType: 'retention', createdBy: 'user' });
    clock.set('2025-12-01T00:00:00.000Z');
    for (let i = 0; i < 25; i += 1) await store.taskRuns.finish((await store.taskRuns.start({ taskId: task.id, trigger: 'manual' })).id, { status: 'succeeded' });
    await store.toolUsage.record({ toolName: 'query_memory', callerKind: 'host', queryPattern: 'old', success: true, durationMs: 3, truncated: false });
    await store.notifications.record({ title: 'old', body: 'old', urgency: 'normal', channels: ['log'], status: 'logged', origin: 'tool' });
    clock.set('2026-03-02T08:00:00.000Z');
    const run = await first.runNow(task.id);
    expect(run.status).toBe('succeeded');
    // The newest 20 runs stay (this one among them): 6 of the 25 old ones go.
    expect(run.result).toMatchObject({ deleted: { tool_usage_log: 1, notifications: 1, task_runs: 6 } });
    expect(await runsOf(store, task.id)).toHaveLength(20);
  });
});

describe('scheduler tools', () => {
  it('validate schedules and handlers before storing anything', async () => {
    const { call, store } = setup();
    const badCron = await call('create_scheduled_task', { name: 'x', schedule_type: 'cron', schedule_config: { expression: '61 * * * *' }, handler_type: 'alert_eval' });
    expect(badCron.ok ? null : badCron.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('Invalid value for minute') });
    const badHandler = await call('create_scheduled_task', { name: 'x', schedule_type: 'interval', schedule_config: { hours: 1 }, handler_type: 'run_shell' });
    expect(badHandler.ok ? null : badHandler.error).toMatchObject({ code: 'INVALID_ARGUMENT', hint: expect.stringContaining('alert_eval') });
    const past = await call('create_scheduled_task', { name: 'x', schedule_type: 'once', schedule_config: { run_at: '2020-01-01T00:00:00Z' }, handler_type: 'alert_eval' });
    expect(past.ok ? null : past.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('in the past') });
    const badAgent = await call('create_scheduled_task', { name: 'x', schedule_type: 'interval', schedule_config: { hours: 1 }, handler_type: 'run_agent', handler_config: { agent: 'daily_briefing' } });
    expect(badAgent.ok ? null : badAgent.error.message).toContain('handler_config.instruction');
    const huge = await call('create_scheduled_task', { name: 'x', schedule_type: 'interval', schedule_config: { days: 1e12 }, handler_type: 'alert_eval' });
    expect(huge.ok ? null : huge.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('at most 366 days') });
    const farAway = await call('create_scheduled_task', { name: 'x', schedule_type: 'once', schedule_config: { run_at: '+099999-01-01T00:00:00Z' }, handler_type: 'alert_eval' });
    expect(farAway.ok ? null : farAway.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('between the years 2000 and 2199') });
    expect(await store.scheduledTasks.all()).toEqual([]);
  });

  it('replaces a task of the same name only with upsert, and an agent only its own', async () => {
    const { call, store } = setup();
    const create = (minutes: number, extra: Record<string, unknown> = {}, caller?: ToolCaller) =>
      call('create_scheduled_task', { name: 'checks', schedule_type: 'interval', schedule_config: { minutes }, handler_type: 'alert_eval', ...extra }, caller);
    const first = await create(30);
    if (!first.ok) throw new Error(first.error.message);
    const clash = await create(45);
    expect(clash.ok ? null : clash.error).toMatchObject({ code: 'CONFLICT', hint: expect.stringContaining('upsert: true') });
    const agent: ToolCaller = { kind: 'agent', agentName: 'planner', capabilities: ['scheduler_write'] };
    const byAgent = await create(45, { upsert: true }, agent);
    expect(byAgent.ok ? null : byAgent.error).toMatchObject({ code: 'PERMISSION_DENIED' });
    const replaced = await create(45, { upsert: true });
    expect(replaced.ok ? replaced.value['task'] : null).toMatchObject({ id: (first.value['task'] as { id: number }).id, schedule_config: { minutes: 45 } });
    expect(await store.scheduledTasks.all()).toHaveLength(1);
  });

  it('create, list, run, update and delete a task', async () => {
    const { call } = setup();
    const created = await call('create_scheduled_task', { name: 'alerts', schedule_type: 'cron', schedule_config: { expression: '0 9 * * 1-5' }, handler_type: 'alert_eval' });
    if (!created.ok) throw new Error(created.error.message);
    const task = created.value['task'] as { id: number; next_run_at: string };
    expect(task.next_run_at).toBe('2026-03-02T09:00:00.000Z');
    const ran = await call('run_scheduled_task', { task_id: task.id });
    expect(ran.ok && (ran.value['run'] as { status: string; trigger: string })).toMatchObject({ status: 'succeeded', trigger: 'manual' });
    const runs = await call('list_task_runs', { task_id: task.id });
    expect(runs.ok && (runs.value['items'] as unknown[]).length).toBe(1);
    const updated = await call('update_scheduled_task', { task_id: task.id, enabled: false });
    expect(updated.ok && (updated.value['task'] as { enabled: boolean }).enabled).toBe(false);
    const listed = await call('list_scheduled_tasks', { enabled_only: true });
    expect(listed.ok && listed.value['items']).toEqual([]);
    expect((await call('delete_scheduled_task', { task_id: task.id })).ok).toBe(true);
    const gone = await call('run_scheduled_task', { task_id: task.id });
    expect(gone.ok ? null : gone.error).toMatchObject({ code: 'NOT_FOUND', message: `Scheduled task ${task.id} not found.` });
  });
});

describe('calendar_sync', () => {
  it('skips quickly without feeds, and records each feed\'s outcome in the run', async () => {
    const clock = new FakeClock('2026-03-02T08:00:00.000Z', 'Europe/London');
    store = createTestMemoryStore({ clock });
    const feeds = [{ name: 'Holidays', url: 'https://example.org/holidays.ics' }];
    const calls: boolean[] = [];
    const engineFor = (overrides: ConfigInput) =>
      new SchedulerEngine({
        memory: store as TestMemoryStore,
        config: loadConfig({ env: { COS_DATA_DIR: (store as TestMemoryStore).dataDir }, overrides }),
        clock,
        logger: createSilentLogger(),
        owner: 'worker-a',
        calendarFeeds: {
          async sync({ force }) {
            calls.push(force);
            return [{ name: 'Holidays', status: 'failed', error: 'The feed at example.org answered HTTP 500.' }];
          },
        },
      });
    const none = engineFor({});
    const deps = { memory: store, clock, timezone: 'Europe/London', handlers: none.handlers };
    const { task } = await createTaskDefinition(deps, { name: 'feeds', scheduleType: 'interval', scheduleConfig: { minutes: 15 }, handlerType: 'calendar_sync', createdBy: 'user' });
    expect((await none.runNow(task.id)).result).toEqual({ feeds: 0 });
    expect(calls).toEqual([]);

    const run = await engineFor({ calendar: { feeds } }).runNow(task.id);
    expect(calls).toEqual([false]);
    expect(run.result).toMatchObject({ feeds: [{ name: 'Holidays', status: 'failed', error: 'The feed at example.org answered HTTP 500.' }] });
  });
});

