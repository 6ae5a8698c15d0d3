/**
 * The scheduler's run history and worker heartbeats on SQLite; the run writes are shared with the scheduled tasks
 * repository, so a claim and its run row commit in one transaction.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '../db/open-database.js';
import { taskRuns, workerHeartbeat } from '../db/schema/scheduler.js';
import { closePage, openPage, TASK_RUN_LIST_LIMITS, type FinishTaskRunInput, type TaskRunRecord, type TaskRunsRepository, type TaskRunTrigger, type WorkerHeartbeatRepository } from '@chief-of-staff/stores';
import { assertEnum, nowIso, TASK_RUN_STATUSES, TASK_RUN_TRIGGERS } from '@chief-of-staff/stores/adapter-kit';

/**
 * The synchronous writes of a run's start and end, shared with the scheduled tasks repository so that a claim and its
 * run row, or a run's outcome and its task's state, commit in one SQLite transaction.
 */
export interface TaskRunWrites {
  start(input: { taskId: number; trigger: TaskRunTrigger }): TaskRunRecord;
  finish(id: number, input: FinishTaskRunInput): boolean;
}

export function createTaskRunWrites(database: CosDatabase, clock: Clock): TaskRunWrites {
  const { db } = database;
  let finishStatement: Statement | undefined;
  // Prepared once on first use, like `finish`: building the insert with the query builder on each run cost more than
  // running it.
  const prepareStart = () =>
    db
      .insert(taskRuns)
      .values({ taskId: sql.placeholder('taskId'), trigger: sql.placeholder('trigger'), startedAt: sql.placeholder('now'), status: 'running', createdAt: sql.placeholder('now') })
      .returning()
      .prepare();
  let startStatement: ReturnType<typeof prepareStart> | undefined;
  return {
    start(input) {
      const row = (startStatement ??= prepareStart()).get({ taskId: input.taskId, trigger: assertEnum('trigger', input.trigger, TASK_RUN_TRIGGERS), now: nowIso(clock) });
      if (!row) throw new Error('task_runs insert returned no row');
      return row;
    },
    finish(id, input) {
      // Prepared once: every scheduled run ends here.
      finishStatement ??= database.sqlite.prepare(
        'UPDATE task_runs SET status = @status, ended_at = @endedAt, result = @result, error = @error, delivery = @delivery WHERE id = @id',
      );
      const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
      return (
        finishStatement.run({
          id,
          status: assertEnum('status', input.status, TASK_RUN_STATUSES),
          endedAt: nowIso(clock),
          result: json(input.result),
          error: input.error ?? null,
          delivery: json(input.delivery),
        }).changes > 0
      );
    },
  };
}

export function createTaskRunsRepository(database: CosDatabase, clock: Clock, writes = createTaskRunWrites(database, clock)): TaskRunsRepository {
  const { db } = database;
  return {
    start: async (input) => writes.start(input),
    finish: async (id, input) => writes.finish(id, input),
    get: async (id) => db.select().from(taskRuns).where(eq(taskRuns.id, id)).get(),
    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, TASK_RUN_STATUSES);
      const window = openPage(request, TASK_RUN_LIST_LIMITS, 'task_runs', { taskId: filters.taskId, status });
      const where = and(
        filters.taskId === undefined ? undefined : eq(taskRuns.taskId, filters.taskId),
        status === undefined ? undefined : eq(taskRuns.status, status),
      );
      const rows = db
        .select()
        .from(taskRuns)
        .where(where)
        .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(taskRuns).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },
    purgeOlderThan: async (cutoff) => db.delete(taskRuns).where(lt(taskRuns.startedAt, cutoff)).run().changes,
    purgeOlderThanKeepingLatest: async (cutoff, keep) =>
      database.sqlite
        .prepare(
          `DELETE FROM task_runs WHERE started_at < ? AND id NOT IN (
             SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY started_at DESC, id DESC) AS n FROM task_runs) WHERE n <= ?)`,
        )
        .run(cutoff, keep).changes,
    failRunning: async (taskId, error) =>
      db
        .update(taskRuns)
        .set({ status: 'failed', endedAt: nowIso(clock), error })
        .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'running')))
        .run().changes,
  };
}

export function createWorkerHeartbeatRepository(database: CosDatabase, clock: Clock): WorkerHeartbeatRepository {
  const { db } = database;
  return {
    async beat(input) {
      const now = nowIso(clock);
      return db
        .insert(workerHeartbeat)
        .values({ ...input, lastHeartbeatAt: now, createdAt: now })
        .onConflictDoUpdate({ target: workerHeartbeat.id, set: { pid: input.pid, version: input.version, startedAt: input.startedAt, lastHeartbeatAt: now } })
        .returning()
        .get();
    },
    latest: async () => db.select().from(workerHeartbeat).orderBy(desc(workerHeartbeat.lastHeartbeatAt)).limit(1).get(),
    async remove(id) {
      db.delete(workerHeartbeat).where(eq(workerHeartbeat.id, id)).run();
    },
  };
}
