/**
 * Scheduler tables (docs/reference/data-model.md#tables, docs/scheduler.md#exactly-once): scheduled tasks with their
 * lease columns, task runs, and the worker heartbeat used for liveness.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, storedJsonColumn, updatedAtColumn } from './columns.js';
import { DELIVERY_CHANNELS } from '@chief-of-staff/stores';
import { HANDLER_TYPES, SCHEDULE_TYPES, TASK_RUN_STATUSES, TASK_RUN_TRIGGERS } from '@chief-of-staff/stores/adapter-kit';

export const scheduledTasks = sqliteTable(
  'scheduled_tasks',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scheduleType: text('schedule_type', { enum: SCHEDULE_TYPES }).notNull(),
    scheduleConfig: storedJsonColumn<Record<string, unknown>>('schedule_config').notNull(),
    timezone: text('timezone'),
    handlerType: text('handler_type', { enum: HANDLER_TYPES }).notNull(),
    handlerConfig: storedJsonColumn<Record<string, unknown>>('handler_config').notNull().default({}),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: storedJsonColumn<Record<string, unknown>>('delivery_config'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    nextRunAt: text('next_run_at'),
    lastRunAt: text('last_run_at'),
    lastStatus: text('last_status', { enum: TASK_RUN_STATUSES }),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: text('lease_expires_at'),
    createdBy: text('created_by').notNull().default('user'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_name_uq').on(t.name),
    index('scheduled_tasks_enabled_next_run_at_idx').on(t.enabled, t.nextRunAt),
  ],
);

export const taskRuns = sqliteTable(
  'task_runs',
  {
    id: idColumn(),
    taskId: integer('task_id')
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: TASK_RUN_TRIGGERS }).notNull(),
    startedAt: text('started_at').notNull(),
    endedAt: text('ended_at'),
    status: text('status', { enum: TASK_RUN_STATUSES }).notNull().default('running'),
    result: text('result', { mode: 'json' }).$type<unknown>(),
    error: text('error'),
    delivery: text('delivery', { mode: 'json' }).$type<unknown>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('task_runs_task_id_idx').on(t.taskId), index('task_runs_started_at_idx').on(t.startedAt)],
);

export const workerHeartbeat = sqliteTable('worker_heartbeat', {
  id: text('id').primaryKey(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: text('started_at').notNull(),
  lastHeartbeatAt: text('last_heartbeat_at').notNull(),
  createdAt: createdAtColumn(),
});
