/**
 * The scheduler's PostgreSQL repositories against a real PostgreSQL 15 (one throw-away cluster for the file, a fresh
 * database per test): the cases of the SQLite scheduling tests of `@chief-of-staff/stores`, the same occurrence
 * claimed by many connections at once, and the `scheduler_wake` notifications.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { testDatabases } from '../../__tests__/test-databases.js';
import type { PostgresDatabase } from '../../open-postgres.js';
import { createPostgresSchedulerStorage, type PostgresSchedulerStorage } from '../scheduler-storage.js';
import type { SchedulerWake } from '../scheduler-wake.js';
import { describeWithPostgres } from '../../testing/index.js';

const databases = testDatabases('scheduling');

describeWithPostgres('scheduled tasks, runs and heartbeat on PostgreSQL', () => {
  let clock: FakeClock;
  let database: PostgresDatabase;
  let store: PostgresSchedulerStorage;

  beforeEach(async () => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    database = await databases.open(10);
    store = createPostgresSchedulerStorage(database, clock);
  });

  afterEach(async () => {
    await database?.close();
  });

  const task = async (name: string, nextRunAt: string | null, enabled = true) =>
    (
      await store.scheduledTasks.create({
        name,
        scheduleType: 'interval',
        scheduleConfig: { minutes: 5 },
        handlerType: 'alert_eval',
        nextRunAt,
        enabled,
        createdBy: 'user',
      })
    ).task;

  it('lists by next run (nulls last) and hands a due task to one lease owner at a time', async () => {
    const due = await task('due', '2026-04-01T07:59:00.000Z');
    await task('later', '2026-04-01T09:00:00.000Z');
    await task('unscheduled', null);
    expect((await store.scheduledTasks.list({}, {})).items.map((t) => t.name)).toEqual(['due', 'later', 'unscheduled']);
    const now = clock.now().toISOString();
    expect((await store.scheduledTasks.listDue(now, 10)).map((t) => t.id)).toEqual([due.id]);
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-a', '2026-04-01T08:05:00.000Z')).toBe(true);
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:05:00.000Z')).toBe(false);
    expect(await store.scheduledTasks.listDue(now, 10)).toEqual([]);
    clock.set('2026-04-01T08:06:00.000Z');
    // An expired lease can be taken over.
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:11:00.000Z')).toBe(true);
    const run = await store.taskRuns.start({ taskId: due.id, trigger: 'scheduled' });
    expect(run).toMatchObject({ status: 'running', startedAt: '2026-04-01T08:06:00.000Z', endedAt: null });
    await store.taskRuns.finish(run.id, { status: 'failed', error: 'boom' });
    const after = await store.scheduledTasks.completeRun(due.id, 'worker-b', {
      lastRunAt: clock.now().toISOString(),
      lastStatus: 'failed',
      lastError: 'boom',
      nextRunAt: '2026-04-01T08:11:00.000Z',
    });
    expect(after).toMatchObject({ leaseOwner: null, consecutiveFailures: 1, lastStatus: 'failed', nextRunAt: '2026-04-01T08:11:00.000Z' });
    expect((await store.taskRuns.list({ taskId: due.id }, {})).items.map((r) => r.status)).toEqual(['failed']);
    expect(await store.scheduledTasks.delete(due.id)).toBe(true);
    // Runs are deleted with their task.
    expect(await store.taskRuns.get(run.id)).toBeUndefined();
  });

  it('refuses a duplicate name unless upserting, and a rename onto another task', async () => {
    const first = await task('daily', '2026-04-01T09:00:00.000Z');
    const error = await task('daily', null).catch((caught: unknown) => caught);
    expect(isToolError(error) && error.code).toBe('CONFLICT');
    const upserted = await store.scheduledTasks.create(
      { name: 'daily', scheduleType: 'cron', scheduleConfig: { expression: '0 9 * * *' }, handlerType: 'alert_eval', nextRunAt: null, createdBy: 'user' },
      { upsert: true },
    );
    expect(upserted).toMatchObject({ created: false, task: { id: first.id, scheduleType: 'cron', nextRunAt: null } });
    const other = await task('other', null);
    await expect(store.scheduledTasks.update(other.id, { name: 'daily' })).rejects.toThrow(/already exists/);
    expect(await store.scheduledTasks.update(other.id, { description: '  weekly  ', enabled: false })).toMatchObject({ description: 'weekly', enabled: false });
    expect(await store.scheduledTasks.update(9999, { enabled: true })).toBeUndefined();
    expect((await store.scheduledTasks.all()).map((t) => t.name)).toEqual(['daily', 'other']);
    expect((await store.scheduledTasks.list({ enabledOnly: true }, {})).items.map((t) => t.name)).toEqual(['daily']);
  });

  it('reports two connections creating one name at once as CONFLICT for the loser, and upserts both', async () => {
    // Connections opened beforehand, so the creates really overlap instead of queueing for new connections.
    await Promise.all(Array.from({ length: 5 }, () => database.pool.query('SELECT pg_sleep(0.05)')));
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => task('race', '2026-04-01T09:00:00.000Z')));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts) if (attempt.status === 'rejected') expect(isToolError(attempt.reason) && attempt.reason.code).toBe('CONFLICT');
    const input = { name: 'upserted', scheduleType: 'interval' as const, scheduleConfig: { minutes: 1 }, handlerType: 'alert_eval' as const, nextRunAt: null, createdBy: 'user' };
    await Promise.all(Array.from({ length: 5 }, () => database.pool.query('SELECT pg_sleep(0.05)')));
    const upserts = await Promise.all(Array.from({ length: 5 }, () => store.scheduledTasks.create(input, { upsert: true })));
    expect(upserts.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(upserts.map((result) => result.task.id)).size).toBe(1);
  });

  it('refreshes the worker heartbeat in place', async () => {
    await store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    clock.advance(30_000);
    const beat = await store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    expect(beat.lastHeartbeatAt).toBe('2026-04-01T08:00:30.000Z');
    expect((await store.workerHeartbeat.latest())?.id).toBe('w1');
    await store.workerHeartbeat.remove('w1');
    expect(await store.workerHeartbeat.latest()).toBeUndefined();
  });

  it('claims a due occurrence and records its run in one call: run, skip, broken schedule, or lost to another owner', async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const lease = '2026-04-01T08:05:00.000Z';
    const run = await task('run', dueAt);
    const claimed = await store.scheduledTasks.claimDue(run.id, 'worker-a', lease, dueAt, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' });
    expect(claimed).toEqual({ outcome: 'claimed', runId: expect.any(Number) });
    expect(await store.taskRuns.get((claimed as { runId: number }).runId)).toMatchObject({ taskId: run.id, status: 'running', trigger: 'scheduled' });
    expect(await store.scheduledTasks.get(run.id)).toMatchObject({ leaseOwner: 'worker-a', nextRunAt: '2026-04-01T08:04:00.000Z', enabled: true });
    // The same occurrence again (another worker, a stale copy): lost, and nothing is written.
    expect(await store.scheduledTasks.claimDue(run.id, 'worker-b', lease, dueAt, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' })).toEqual({ outcome: 'lost' });
    expect((await store.taskRuns.list({ taskId: run.id }, {})).total).toBe(1);

    const skip = await task('skip', dueAt);
    const reason = 'missed while no worker was running';
    expect(await store.scheduledTasks.claimDue(skip.id, 'worker-a', lease, dueAt, { kind: 'skip', nextRunAt: null, lastRunAt: '2026-04-01T08:00:00.000Z', reason })).toEqual({
      outcome: 'skipped',
    });
    expect((await store.taskRuns.list({ taskId: skip.id }, {})).items).toMatchObject([{ status: 'skipped', error: reason }]);
    // The last occurrence: disabled, its lease released at once.
    expect(await store.scheduledTasks.get(skip.id)).toMatchObject({ enabled: false, nextRunAt: null, leaseOwner: null, lastStatus: 'skipped', lastRunAt: '2026-04-01T08:00:00.000Z' });

    const broken = await task('broken', dueAt);
    expect(await store.scheduledTasks.claimDue(broken.id, 'worker-a', lease, dueAt, { kind: 'broken', runError: 'bad maths', taskError: 'Fix it.' })).toEqual({
      outcome: 'disabled',
    });
    expect((await store.taskRuns.list({ taskId: broken.id }, {})).items).toMatchObject([{ status: 'failed', error: 'bad maths' }]);
    expect(await store.scheduledTasks.get(broken.id)).toMatchObject({ enabled: false, leaseOwner: null, lastStatus: 'failed', lastError: 'Fix it.' });
  });

  it("records a run's outcome and its task's state together, and neither when the run row is refused", async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const due = await task('due', dueAt);
    const claimed = (await store.scheduledTasks.claimDue(due.id, 'worker-a', '2026-04-01T08:05:00.000Z', dueAt, { kind: 'run', nextRunAt: null })) as { runId: number };
    const outcome = { lastRunAt: clock.now().toISOString(), lastStatus: 'succeeded' as const, lastError: null };
    expect(await store.scheduledTasks.finishRun(due.id, 'worker-a', outcome, { id: claimed.runId, status: 'succeeded', result: { ok: 1 } })).toBe(true);
    expect(await store.taskRuns.get(claimed.runId)).toMatchObject({ status: 'succeeded', result: { ok: 1 }, endedAt: '2026-04-01T08:00:00.000Z' });
    expect(await store.scheduledTasks.get(due.id)).toMatchObject({ leaseOwner: null, lastStatus: 'succeeded' });
    // An invalid run status rolls the task's update back too.
    await store.scheduledTasks.acquireLease(due.id, 'worker-a', '2026-04-01T08:10:00.000Z');
    await expect(
      store.scheduledTasks.finishRun(due.id, 'worker-a', { ...outcome, lastStatus: 'failed' }, { id: claimed.runId, status: 'exploded' as 'failed' }),
    ).rejects.toThrow(/status/);
    expect(await store.scheduledTasks.get(due.id)).toMatchObject({ leaseOwner: 'worker-a', lastStatus: 'succeeded' });
    // Another owner's lease is not released by our finish.
    expect(await store.scheduledTasks.finishRun(due.id, 'worker-b', outcome)).toBe(false);
  });

  it('takes over an orphaned lease once, fails its abandoned run, and purges old runs keeping the newest', async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const due = await task('due', dueAt);
    const claimed = (await store.scheduledTasks.claimDue(due.id, 'worker-a', '2026-04-01T08:01:00.000Z', dueAt, { kind: 'run', nextRunAt: '2026-04-01T09:00:00.000Z' })) as { runId: number };
    expect(await store.scheduledTasks.listOrphaned(clock.now().toISOString(), 10)).toEqual([]);
    expect(await store.scheduledTasks.reclaimOrphaned(due.id, 'worker-b', '2026-04-01T08:10:00.000Z')).toBe(false);
    clock.set('2026-04-01T08:02:00.000Z');
    expect((await store.scheduledTasks.listOrphaned(clock.now().toISOString(), 10)).map((t) => t.id)).toEqual([due.id]);
    expect(await store.scheduledTasks.reclaimOrphaned(due.id, 'worker-b', '2026-04-01T08:10:00.000Z')).toBe(true);
    expect(await store.scheduledTasks.reclaimOrphaned(due.id, 'worker-c', '2026-04-01T08:10:00.000Z')).toBe(false);
    expect(await store.taskRuns.failRunning(due.id, 'the worker stopped')).toBe(1);
    expect(await store.taskRuns.get(claimed.runId)).toMatchObject({ status: 'failed', error: 'the worker stopped' });
    expect(await store.scheduledTasks.renewLease(due.id, 'worker-b', '2026-04-01T08:20:00.000Z')).toBe(true);
    expect(await store.scheduledTasks.releaseLease(due.id, 'worker-a')).toBe(false);
    expect(await store.scheduledTasks.releaseLease(due.id, 'worker-b')).toBe(true);

    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      await store.taskRuns.start({ taskId: due.id, trigger: 'manual' });
    }
    expect(await store.taskRuns.purgeOlderThanKeepingLatest('2026-04-01T09:00:00.000Z', 2)).toBe(2);
    expect((await store.taskRuns.list({ taskId: due.id }, {})).total).toBe(2);
    expect(await store.taskRuns.purgeOlderThan('2026-04-01T09:00:00.000Z')).toBe(2);
  });

  it('disables a broken task and leaves disabled and leased tasks out of the due list', async () => {
    const now = clock.now().toISOString();
    const broken = await task('broken', '2026-04-01T07:00:00.000Z');
    await task('off', '2026-04-01T07:00:00.000Z', false);
    await store.scheduledTasks.disableBroken(broken.id, 'cannot compute');
    expect(await store.scheduledTasks.get(broken.id)).toMatchObject({ enabled: false, lastStatus: 'failed', lastError: 'cannot compute' });
    expect(await store.scheduledTasks.listDue(now, 10)).toEqual([]);
    const claimable = await task('claimable', '2026-04-01T07:30:00.000Z');
    expect(await store.scheduledTasks.claimOccurrence(claimable.id, 'worker-a', '2026-04-01T08:05:00.000Z', '2026-04-01T07:29:00.000Z', null)).toBe(false);
    expect(await store.scheduledTasks.claimOccurrence(claimable.id, 'worker-a', '2026-04-01T08:05:00.000Z', '2026-04-01T07:30:00.000Z', null, { disable: true })).toBe(true);
    expect(await store.scheduledTasks.get(claimable.id)).toMatchObject({ enabled: false, nextRunAt: null, leaseOwner: 'worker-a' });
  });

  it('gives an occurrence claimed by ten connections at once to exactly one of them', async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const tasks = await Promise.all(Array.from({ length: 20 }, (_, i) => task(`t${i}`, dueAt)));
    for (const target of tasks) {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, worker) =>
          store.scheduledTasks.claimDue(target.id, `worker-${worker}`, '2026-04-01T08:05:00.000Z', dueAt, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.outcome === 'claimed')).toHaveLength(1);
      expect((await store.taskRuns.list({ taskId: target.id }, {})).total).toBe(1);
    }
  });

  it('notifies scheduler_wake when a task is created, enabled or moved to be due sooner, and not otherwise', async () => {
    const other = createPostgresSchedulerStorage(database, clock);
    const wakes: SchedulerWake[] = [];
    let arrived: () => void = () => undefined;
    const subscription = await other.onWake((wake) => {
      wakes.push(wake);
      arrived();
    });
    const nextWake = () => new Promise<void>((resolve) => (arrived = resolve));
    try {
      let woken = nextWake();
      const created = await task('soon', '2026-04-01T08:30:00.000Z');
      await woken;
      expect(wakes).toEqual([{ taskId: created.id, nextRunAt: '2026-04-01T08:30:00.000Z' }]);

      // Later, unscheduled or disabled: nothing to wake for. Then sooner: one wake-up, with the new time.
      await store.scheduledTasks.update(created.id, { nextRunAt: '2026-04-01T09:30:00.000Z' });
      await store.scheduledTasks.update(created.id, { enabled: false });
      await task('unscheduled', null);
      woken = nextWake();
      await store.scheduledTasks.update(created.id, { enabled: true, nextRunAt: '2026-04-01T08:10:00.000Z' });
      await woken;
      expect(wakes.map((wake) => wake.nextRunAt)).toEqual(['2026-04-01T08:30:00.000Z', '2026-04-01T08:10:00.000Z']);
      woken = nextWake();
      await store.scheduledTasks.update(created.id, { nextRunAt: '2026-04-01T08:05:00.000Z' });
      await woken;
      expect(wakes).toHaveLength(3);
    } finally {
      await subscription.close();
    }
    // Closed: the connection is back in the pool and no longer listening.
    await task('after-close', '2026-04-01T08:01:00.000Z');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(wakes).toHaveLength(3);
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
  });
});
