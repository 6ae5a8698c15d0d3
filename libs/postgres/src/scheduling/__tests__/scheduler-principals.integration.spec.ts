/**
 * Scheduled tasks of several principals on PostgreSQL (ADR 0080): each task is read with its principal, the system
 * scope sees and claims every principal's due tasks, and no row written there is left to the column default (`*`, a
 * row nobody owns): a run names its task's principal, and a task cannot be created without a principal.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { FakeClock, runInPrincipalScope, runInSystemScope } from '@chief-of-staff/core';
import { testDatabases } from '../../__tests__/test-databases.js';
import { openPostgres, type PostgresDatabase } from '../../open-postgres.js';
import { createPostgresSchedulerStorage, type PostgresSchedulerStorage } from '../scheduler-storage.js';
import { describeWithPostgres } from '../../testing/index.js';

const databases = testDatabases('scheduling_principals');

describeWithPostgres('scheduled tasks of several principals on PostgreSQL', () => {
  let clock: FakeClock;
  let database: PostgresDatabase;
  let store: PostgresSchedulerStorage;

  beforeEach(async () => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    // Team mode: the database has a user, so the pool binds every session by row-level security.
    const url = await databases.freshUrl();
    const first = await openPostgres({ url, poolSize: 1 });
    await first.pool.query("INSERT INTO users (email) VALUES ('noa@example.com')");
    await first.close();
    database = await openPostgres({ url, poolSize: 4 });
    store = createPostgresSchedulerStorage(database, clock);
  });

  afterEach(async () => {
    await database?.close();
  });

  const task = (name: string) =>
    store.scheduledTasks.create({ name, scheduleType: 'interval', scheduleConfig: { minutes: 5 }, handlerType: 'retention', nextRunAt: '2026-04-01T07:59:00.000Z', createdBy: 'user' });

  it('is in team mode', () => {
    expect(database.rowSecurity).toBe('scoped-role');
  });

  it('reads each task with its principal, claims every principal\'s in the system scope, and writes runs as the task\'s', async () => {
    const mine = (await task('daily')).task;
    const theirs = (await runInPrincipalScope('user:7', () => task('daily'))).task;
    expect([mine.principal, theirs.principal]).toEqual(['owner', 'user:7']);

    const now = clock.now().toISOString();
    // A principal's own scope lists and finds only its tasks.
    expect((await store.scheduledTasks.listDue(now, 10)).map((t) => t.id)).toEqual([mine.id]);
    expect(await store.scheduledTasks.get(theirs.id)).toBeUndefined();
    expect((await runInPrincipalScope('user:7', () => store.scheduledTasks.list({}, {}))).items.map((t) => t.id)).toEqual([theirs.id]);

    const due = await runInSystemScope(() => store.scheduledTasks.listDue(now, 10));
    expect(due.map((t) => [t.id, t.principal])).toEqual([[mine.id, 'owner'], [theirs.id, 'user:7']]);
    const claimed = await runInSystemScope(() =>
      store.scheduledTasks.claimDue(theirs.id, 'worker-a', '2026-04-01T08:05:00.000Z', theirs.nextRunAt as string, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' }),
    );
    expect(claimed.outcome).toBe('claimed');
    const runId = (claimed as { runId: number }).runId;
    const { rows } = await runInSystemScope(() => database.pool.query<{ principal_id: string }>('SELECT principal_id FROM task_runs WHERE id = $1', [runId]));
    expect(rows).toEqual([{ principal_id: 'user:7' }]);
    expect((await runInPrincipalScope('user:7', () => store.taskRuns.get(runId)))?.status).toBe('running');
  });

  it('refuses to create a task in the system scope, where it would belong to nobody', async () => {
    await expect(runInSystemScope(() => task('orphan'))).rejects.toThrow(/No principal in the system scope/);
    const { rows } = await runInSystemScope(() => database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM scheduled_tasks WHERE principal_id = '*'"));
    expect(rows).toEqual([{ n: 0 }]);
  });
});
