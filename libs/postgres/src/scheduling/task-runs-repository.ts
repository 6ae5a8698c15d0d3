/**
 * Task runs and the worker heartbeat on PostgreSQL: the same records and behaviour as the SQLite repositories of
 * `@chief-of-staff/stores` (docs/scheduler.md#exactly-once). The run writes take an executor, so the scheduled tasks
 * repository can put a claim and its run row, or a run's outcome and its task's state, in one transaction.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, TASK_RUN_LIST_LIMITS, type FinishTaskRunInput, type TaskRunRecord, type TaskRunsRepository, type TaskRunTrigger, type WorkerHeartbeatRecord, type WorkerHeartbeatRepository } from '@chief-of-staff/stores';
import { assertEnum, nowIso, TASK_RUN_STATUSES, TASK_RUN_TRIGGERS } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase, PostgresDrizzle } from '../open-postgres.js';
import { scheduledTasks, taskRuns, workerHeartbeat } from '../schema/scheduler.js';
import { rowColumns } from '../row-columns.js';

/** The pool's handle or an open transaction's: both run the same queries. */
export type PostgresExecutor = Pick<PostgresDrizzle, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A run's start and end, written through whichever executor (pool or transaction) the caller holds. */
export interface PostgresTaskRunWrites {
  start(executor: PostgresExecutor, input: { taskId: number; trigger: TaskRunTrigger }): Promise<TaskRunRecord>;
  finish(executor: PostgresExecutor, id: number, input: FinishTaskRunInput): Promise<boolean>;
}

export function createPostgresTaskRunWrites(clock: Clock): PostgresTaskRunWrites {
  return {
    async start(executor, input) {
      const now = nowIso(clock);
      const [run] = await executor
        .insert(taskRuns)
        .values({
          taskId: input.taskId,
          trigger: assertEnum('trigger', input.trigger, TASK_RUN_TRIGGERS),
          startedAt: now,
          status: 'running',
          createdAt: now,
          // A run is its task's principal's, whichever scope starts it: the engine claims in the system scope, where
          // the column default would be `*` (ADR 0080).
          principalId: sql`(SELECT ${scheduledTasks.principalId} FROM ${scheduledTasks} WHERE ${scheduledTasks.id} = ${input.taskId})`,
        })
        .returning(rowColumns(taskRuns));
      return run as TaskRunRecord;
    },
    async finish(executor, id, input) {
      const updated = await executor
        .update(taskRuns)
        .set({
          status: assertEnum('status', input.status, TASK_RUN_STATUSES),
          endedAt: nowIso(clock),
          // jsonb keeps JSON null apart from SQL NULL; SQLite stores neither, so both become SQL NULL here too.
          result: input.result ?? null,
          error: input.error ?? null,
          delivery: input.delivery ?? null,
        })
        .where(eq(taskRuns.id, id))
        .returning({ id: taskRuns.id });
      return updated.length > 0;
    },
  };
}

export function createPostgresTaskRunsRepository(
  database: PostgresDatabase,
  clock: Clock,
  writes: PostgresTaskRunWrites = createPostgresTaskRunWrites(clock),
): TaskRunsRepository {
  const { db, pool } = database;
  return {
    start: (input) => writes.start(db, input),
    finish: (id, input) => writes.finish(db, id, input),
    async get(id) {
      const [run] = await db.select(rowColumns(taskRuns)).from(taskRuns).where(eq(taskRuns.id, id));
      return run as TaskRunRecord | undefined;
    },
    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, TASK_RUN_STATUSES);
      const window = openPage(request, TASK_RUN_LIST_LIMITS, 'task_runs', { taskId: filters.taskId, status });
      const where = and(
        filters.taskId === undefined ? undefined : eq(taskRuns.taskId, filters.taskId),
        status === undefined ? undefined : eq(taskRuns.status, status),
      );
      const rows = await db
        .select(rowColumns(taskRuns))
        .from(taskRuns)
        .where(where)
        .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(taskRuns).where(where);
      return closePage(rows as TaskRunRecord[], window, { total: count?.n ?? 0 });
    },
    async purgeOlderThan(cutoff) {
      return (await db.delete(taskRuns).where(lt(taskRuns.startedAt, cutoff)).returning({ id: taskRuns.id })).length;
    },
    async purgeOlderThanKeepingLatest(cutoff, keep) {
      const result = await pool.query(
        `DELETE FROM task_runs WHERE started_at < $1::timestamptz AND id NOT IN (
           SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY started_at DESC, id DESC) AS n FROM task_runs) ranked
           WHERE n <= $2)`,
        [cutoff, keep],
      );
      return result.rowCount ?? 0;
    },
    async failRunning(taskId, error) {
      const failed = await db
        .update(taskRuns)
        .set({ status: 'failed', endedAt: nowIso(clock), error })
        .where(and(eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'running')))
        .returning({ id: taskRuns.id });
      return failed.length;
    },
  };
}

export function createPostgresWorkerHeartbeatRepository(database: PostgresDatabase, clock: Clock): WorkerHeartbeatRepository {
  const { db } = database;
  return {
    async beat(input) {
      const now = nowIso(clock);
      const [beat] = await db
        .insert(workerHeartbeat)
        .values({ ...input, lastHeartbeatAt: now, createdAt: now })
        .onConflictDoUpdate({ target: workerHeartbeat.id, set: { pid: input.pid, version: input.version, startedAt: input.startedAt, lastHeartbeatAt: now } })
        .returning(rowColumns(workerHeartbeat));
      return beat as WorkerHeartbeatRecord;
    },
    async latest() {
      const [beat] = await db.select(rowColumns(workerHeartbeat)).from(workerHeartbeat).orderBy(desc(workerHeartbeat.lastHeartbeatAt)).limit(1);
      return beat as WorkerHeartbeatRecord | undefined;
    },
    async remove(id) {
      await db.delete(workerHeartbeat).where(eq(workerHeartbeat.id, id));
    },
  };
}
