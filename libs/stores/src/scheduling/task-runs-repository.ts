/**
 * Task runs and the worker heartbeat (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#scheduler, docs/scheduler.md#exactly-once): one row per scheduled-task execution,
 * and the liveness row each worker refreshes.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '../db/open-database.js';
import { taskRuns, workerHeartbeat } from '../db/schema/scheduler.js';
import { TASK_RUN_STATUSES, TASK_RUN_TRIGGERS, type TaskRunStatus, type TaskRunTrigger } from '../db/schema/enums.js';
import { closePage, openPage, type Page, type PageRequest } from '../db/pagination.js';
import { assertEnum, nowIso } from '../db/validation.js';

export interface TaskRunRecord {
  id: number;
  taskId: number;
  trigger: TaskRunTrigger;
  startedAt: string;
  endedAt: string | null;
  status: TaskRunStatus;
  result: unknown;
  error: string | null;
  delivery: unknown;
  createdAt: string;
}
export interface WorkerHeartbeatRecord {
  id: string;
  pid: number;
  version: string;
  startedAt: string;
  lastHeartbeatAt: string;
  createdAt: string;
}

export const TASK_RUN_LIST_LIMITS = { defaultLimit: 25, maxLimit: 200 };

export interface FinishTaskRunInput {
  status: Exclude<TaskRunStatus, 'running'>;
  result?: unknown;
  error?: string | null;
  delivery?: unknown;
}

export interface TaskRunsRepository {
  start(input: { taskId: number; trigger: TaskRunTrigger }): Promise<TaskRunRecord>;
  /** Records the outcome; false when the run does not exist. */
  finish(id: number, input: FinishTaskRunInput): Promise<boolean>;
  get(id: number): Promise<TaskRunRecord | undefined>;
  /** Newest first. */
  list(filters: { taskId?: number; status?: TaskRunStatus }, page: PageRequest): Promise<Page<TaskRunRecord>>;
  purgeOlderThan(cutoff: string): Promise<number>;
  /** Deletes runs started before `cutoff`, keeping the newest `keep` runs of every task whatever their age. */
  purgeOlderThanKeepingLatest(cutoff: string, keep: number): Promise<number>;
  /** Marks the task's runs still `running` as failed (their worker stopped before finishing); returns how many. */
  failRunning(taskId: number, error: string): Promise<number>;
}

export interface WorkerHeartbeatRepository {
  /** Inserts or refreshes the heartbeat of worker `id`. */
  beat(input: { id: string; pid: number; version: string; startedAt: string }): Promise<WorkerHeartbeatRecord>;
  /** The most recently refreshed heartbeat, if any. */
  latest(): Promise<WorkerHeartbeatRecord | undefined>;
  remove(id: string): Promise<void>;
}

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
  return {
    start(input) {
      const now = nowIso(clock);
      return db
        .insert(taskRuns)
        .values({ taskId: input.taskId, trigger: assertEnum('trigger', input.trigger, TASK_RUN_TRIGGERS), startedAt: now, status: 'running', createdAt: now })
        .returning()
        .get();
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
