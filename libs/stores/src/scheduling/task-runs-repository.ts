/**
 * Task runs and the worker heartbeat (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#scheduler, docs/scheduler.md#exactly-once): one row per scheduled-task execution,
 * and the liveness row each worker refreshes.
 */
import type { TaskRunStatus, TaskRunTrigger } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';

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
