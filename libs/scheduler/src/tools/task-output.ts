/** The shapes scheduled tasks and their runs take in tool results. */
import { z } from 'zod';
import type { ScheduledTaskRecord, TaskRunRecord } from '@chief-of-staff/stores';
import { redactDeliveryConfig } from '../delivery/deliver-result.js';

export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  schedule_type: z.string(),
  schedule_config: z.record(z.string(), z.unknown()),
  timezone: z.string().nullable(),
  handler_type: z.string(),
  handler_config: z.record(z.string(), z.unknown()),
  delivery_channel: z.string().nullable(),
  delivery_config: z.record(z.string(), z.unknown()).nullable(),
  enabled: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_status: z.string().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number().int(),
  running: z.boolean(),
  created_by: z.string(),
});

export function taskOutput(task: ScheduledTaskRecord, now: Date): z.infer<typeof taskSchema> {
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    schedule_type: task.scheduleType,
    schedule_config: task.scheduleConfig,
    timezone: task.timezone,
    handler_type: task.handlerType,
    handler_config: task.handlerConfig ?? {},
    delivery_channel: task.deliveryChannel,
    // A literal credential stored before references were required is never shown.
    delivery_config: redactDeliveryConfig(task.deliveryConfig ?? null),
    enabled: task.enabled,
    next_run_at: task.nextRunAt,
    last_run_at: task.lastRunAt,
    last_status: task.lastStatus,
    last_error: task.lastError,
    consecutive_failures: task.consecutiveFailures,
    running: task.leaseOwner !== null && task.leaseExpiresAt !== null && Date.parse(task.leaseExpiresAt) > now.getTime(),
    created_by: task.createdBy,
  };
}

export const runSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  trigger: z.string(),
  status: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  result: z.unknown().optional(),
  error: z.string().nullable(),
  delivery: z.unknown().optional(),
});

export function runOutput(run: TaskRunRecord): z.infer<typeof runSchema> {
  return {
    id: run.id,
    task_id: run.taskId,
    trigger: run.trigger,
    status: run.status,
    started_at: run.startedAt,
    ended_at: run.endedAt,
    duration_ms: run.endedAt ? Date.parse(run.endedAt) - Date.parse(run.startedAt) : null,
    ...(run.result === null || run.result === undefined ? {} : { result: run.result }),
    error: run.error,
    ...(run.delivery === null || run.delivery === undefined ? {} : { delivery: run.delivery }),
  };
}
