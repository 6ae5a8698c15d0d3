/**
 * The scheduler's storage on PostgreSQL in one place: the three repositories of the scheduler port
 * (`ScheduledTasksRepository`, `TaskRunsRepository`, `WorkerHeartbeatRepository`) sharing one set of run writes, and
 * `onWake` for idle workers (ADR 0062).
 */
import type { Clock } from '@chief-of-staff/core';
import type { ScheduledTasksRepository, TaskRunsRepository, WorkerHeartbeatRepository } from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';
import { createPostgresScheduledTasksRepository } from './scheduled-tasks-repository.js';
import { listenForSchedulerWake, type SchedulerWakeListener, type SchedulerWakeSubscription } from './scheduler-wake.js';
import { createPostgresTaskRunsRepository, createPostgresTaskRunWrites, createPostgresWorkerHeartbeatRepository } from './task-runs-repository.js';

export interface PostgresSchedulerStorage {
  readonly scheduledTasks: ScheduledTasksRepository;
  readonly taskRuns: TaskRunsRepository;
  readonly workerHeartbeat: WorkerHeartbeatRepository;
  /**
   * Calls `listener` whenever a task is created, enabled or moved to be due sooner (in any process), through a
   * connection of the pool held in `LISTEN scheduler_wake` until the subscription is closed.
   */
  onWake(listener: SchedulerWakeListener): Promise<SchedulerWakeSubscription>;
}

export function createPostgresSchedulerStorage(database: PostgresDatabase, clock: Clock): PostgresSchedulerStorage {
  const writes = createPostgresTaskRunWrites(clock);
  return {
    scheduledTasks: createPostgresScheduledTasksRepository(database, clock, writes),
    taskRuns: createPostgresTaskRunsRepository(database, clock, writes),
    workerHeartbeat: createPostgresWorkerHeartbeatRepository(database, clock),
    onWake: (listener) => listenForSchedulerWake(database.pool, listener),
  };
}
