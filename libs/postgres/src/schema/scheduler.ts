/**
 * Scheduler tables on PostgreSQL: scheduled tasks with their lease columns, task runs and the worker heartbeat,
 * column for column as on SQLite. Claiming due tasks (`FOR UPDATE SKIP LOCKED`) is the adapter's business; the
 * partial index below serves its "enabled and due" scan.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DELIVERY_CHANNELS, type HandlerType, type ScheduleType } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, updatedAtColumn } from './columns.js';

export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scheduleType: text('schedule_type').$type<ScheduleType>().notNull(),
    scheduleConfig: jsonb('schedule_config').$type<Record<string, unknown>>().notNull(),
    timezone: text('timezone'),
    handlerType: text('handler_type').$type<HandlerType>().notNull(),
    handlerConfig: jsonb('handler_config').$type<Record<string, unknown>>().notNull().default({}),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: jsonb('delivery_config').$type<Record<string, unknown>>(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: isoTimestamp('next_run_at'),
    lastRunAt: isoTimestamp('last_run_at'),
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: isoTimestamp('lease_expires_at'),
    createdBy: text('created_by').notNull().default('user'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_name_uq').on(t.name, t.principalId),
    index('scheduled_tasks_enabled_next_run_at_idx').on(t.enabled, t.nextRunAt),
    // The due scan reads only enabled tasks; a partial index keeps disabled ones out of it.
    index('scheduled_tasks_due_idx').on(t.nextRunAt).where(sql`enabled`),
  ],
);

export const taskRuns = pgTable(
  'task_runs',
  {
    principalId: principalColumn(),
    id: idColumn(),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    startedAt: isoTimestamp('started_at').notNull(),
    endedAt: isoTimestamp('ended_at'),
    status: text('status').notNull().default('running'),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    delivery: jsonb('delivery').$type<unknown>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('task_runs_task_id_idx').on(t.taskId), index('task_runs_started_at_idx').on(t.startedAt)],
);

export const workerHeartbeat = pgTable('worker_heartbeat', {
  id: text('id').primaryKey(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: isoTimestamp('started_at').notNull(),
  lastHeartbeatAt: isoTimestamp('last_heartbeat_at').notNull(),
  createdAt: createdAtColumn(),
});
