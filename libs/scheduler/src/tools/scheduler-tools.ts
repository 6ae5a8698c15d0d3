/**
 * The seven scheduler tools: list_scheduled_tasks, get_scheduler_status, list_task_runs (read, capability
 * scheduler_read) and create/update/delete/run_scheduled_task (write, restricted capability scheduler_write). Every
 * input is checked before anything is stored: a bad cron expression answers with the cron library's reason, an
 * unknown handler lists the ones available.
 */
import { z } from 'zod';
import { actsAsOwner, cursorSchema, defineTool, isPersonCaller, limitSchema, listOutputSchema, ToolError, type ToolAnnotations, type ToolContext } from '@chief-of-staff/core';
import { SCHEDULED_TASK_LIST_LIMITS, TASK_RUN_LIST_LIMITS, type ScheduledTaskRecord } from '@chief-of-staff/stores';
import type { DeliveryAuthor } from '../delivery/delivery-secrets.js';
import { createTaskDefinition, handlersFor, updateTaskDefinition, usableHandler, type TaskDefinitionDeps } from '../tasks/task-definitions.js';
import type { SchedulerServices } from './scheduler-services.js';
import { runOutput, runSchema, taskOutput, taskSchema } from './task-output.js';
import { LIST_SCHEDULED_TASKS_EXAMPLES, GET_SCHEDULER_STATUS_EXAMPLES, LIST_TASK_RUNS_EXAMPLES, CREATE_SCHEDULED_TASK_EXAMPLES, UPDATE_SCHEDULED_TASK_EXAMPLES, DELETE_SCHEDULED_TASK_EXAMPLES, RUN_SCHEDULED_TASK_EXAMPLES } from './scheduler-tools.examples.js';

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const CREATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const UPSERT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const DELETE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
const RUN: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

type Ctx = ToolContext<SchedulerServices>;

const taskIdSchema = z.number().int().min(1).describe('The task id (list_scheduled_tasks shows it).');
const nameSchema = z.string().trim().min(1).max(200);
const scheduleTypeSchema = z.enum(['interval', 'cron', 'once']).describe('interval ({"hours": 2}), cron ({"expression": "30 7 * * 1-5"}) or once ({"run_at": "2026-03-09T08:00:00Z"}).');
const objectSchema = z.record(z.string(), z.unknown());
const deliveryChannelSchema = z.enum(['notification', 'email', 'webhook']);

/** Who is writing: the owner or a signed-in user, in person or through an agent (ADR 0096). */
function authorOf(ctx: Ctx): DeliveryAuthor {
  return { owner: actsAsOwner(ctx.caller), inPerson: isPersonCaller(ctx.caller) };
}

function deps(ctx: Ctx): TaskDefinitionDeps {
  return {
    memory: ctx.services.memory,
    clock: ctx.clock,
    timezone: ctx.clock.timezone,
    handlers: ctx.services.scheduler.handlers,
    author: authorOf(ctx),
    deliverySecrets: ctx.services.config.scheduler.deliverySecrets,
  };
}

async function taskOrThrow(ctx: Ctx, id: number): Promise<ScheduledTaskRecord> {
  const task = await ctx.services.memory.scheduledTasks.get(id);
  if (!task) throw new ToolError('NOT_FOUND', `Scheduled task ${id} not found.`, { details: { entity: 'Scheduled task', id } });
  return task;
}

/**
 * A signed-in user may only touch tasks of the handlers that work on their own data; agents may only create or change
 * tasks that exercise capabilities they hold themselves.
 */
function assertMayManage(ctx: Ctx, handlerType: string): void {
  usableHandler(ctx.services.scheduler.handlers, handlerType, authorOf(ctx));
  if (ctx.caller.kind !== 'agent') return;
  if (['run_agent', 'morning_brief', 'digest'].includes(handlerType) && !ctx.caller.capabilities?.includes('agent_dispatch')) {
    throw new ToolError('PERMISSION_DENIED', `An agent needs the agent_dispatch capability to schedule ${handlerType} tasks.`, {
      hint: 'Ask the user to create this task.',
    });
  }
}

export const listScheduledTasksTool = defineTool({
  name: 'list_scheduled_tasks',
  examples: LIST_SCHEDULED_TASKS_EXAMPLES,
  title: 'List scheduled tasks',
  description: 'Lists the tasks the worker runs on its own (briefings, alert checks, maintenance), soonest next run first; task_id gives one task. Example: {"enabled_only": true}.',
  input: z
    .object({
      task_id: taskIdSchema.optional().describe('Only this task (NOT_FOUND when there is none): its settings, next run and last result.'),
      enabled_only: z.boolean().default(false).describe('Only tasks that are switched on.'),
      handler_type: z.string().trim().min(1).max(64).optional().describe('Only tasks of this handler type, e.g. alert_eval.'),
      limit: limitSchema(SCHEDULED_TASK_LIST_LIMITS.defaultLimit, SCHEDULED_TASK_LIST_LIMITS.maxLimit, 'tasks'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(taskSchema),
  annotations: READ,
  latency: 'fast',
  async handler(args, ctx: Ctx) {
    if (args.task_id !== undefined) {
      const task = await taskOrThrow(ctx, args.task_id);
      const matches = (!args.enabled_only || task.enabled) && (args.handler_type === undefined || task.handlerType === args.handler_type);
      return { items: matches ? [taskOutput(task, ctx.clock.now())] : [], next_cursor: null, total: matches ? 1 : 0 };
    }
    const page = await ctx.services.memory.scheduledTasks.list(
      { enabledOnly: args.enabled_only, handlerType: args.handler_type as never },
      { limit: args.limit, cursor: args.cursor },
    );
    const now = ctx.clock.now();
    return { items: page.items.map((task) => taskOutput(task, now)), next_cursor: page.next_cursor, total: page.total, ...(page.warnings?.length ? { warnings: page.warnings } : {}) };
  },
});

export const getSchedulerStatusTool = defineTool({
  name: 'get_scheduler_status',
  examples: GET_SCHEDULER_STATUS_EXAMPLES,
  title: 'Scheduler status',
  description: 'Whether a worker is running the schedule (its heartbeat), how many tasks are due or running, and tasks that are failing or were disabled with their errors. Example: {}.',
  input: z.object({}).strict(),
  output: z.object({
    worker: z.object({ running: z.boolean(), pid: z.number().int().nullable(), last_heartbeat_at: z.string().nullable() }),
    tasks: z.number().int(),
    enabled: z.number().int(),
    due_now: z.number().int(),
    running: z.number().int(),
    problems: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean(), last_status: z.string().nullable(), last_error: z.string().nullable(), consecutive_failures: z.number().int() })),
    handlers: z.array(z.string()),
  }),
  annotations: READ,
  latency: 'fast',
  async handler(_args, ctx: Ctx) {
    const { memory, config } = ctx.services;
    const now = ctx.clock.now();
    const all = await memory.scheduledTasks.all();
    const heartbeat = await memory.workerHeartbeat.latest();
    const live = heartbeat !== undefined && now.getTime() - Date.parse(heartbeat.lastHeartbeatAt) < 2 * config.scheduler.tickSeconds * 1_000 + 5_000;
    return {
      worker: { running: live, pid: live ? (heartbeat?.pid ?? null) : null, last_heartbeat_at: heartbeat?.lastHeartbeatAt ?? null },
      tasks: all.length,
      enabled: all.filter((task) => task.enabled).length,
      due_now: all.filter((task) => task.enabled && task.nextRunAt !== null && Date.parse(task.nextRunAt) <= now.getTime()).length,
      running: all.filter((task) => taskOutput(task, now).running).length,
      problems: all
        .filter((task) => task.lastStatus === 'failed' || task.lastStatus === 'timeout')
        .map((task) => ({ id: task.id, name: task.name, enabled: task.enabled, last_status: task.lastStatus, last_error: task.lastError, consecutive_failures: task.consecutiveFailures })),
      handlers: handlersFor(ctx.services.scheduler.handlers, authorOf(ctx)),
    };
  },
});

export const listTaskRunsTool = defineTool({
  name: 'list_task_runs',
  examples: LIST_TASK_RUNS_EXAMPLES,
  title: 'List task runs',
  description: 'The run history of scheduled tasks, newest first: status, duration, result, error and delivery. Example: {"task_id": 3, "status": "failed"}.',
  input: z
    .object({
      task_id: taskIdSchema.optional(),
      status: z.enum(['running', 'succeeded', 'failed', 'timeout', 'skipped']).optional(),
      limit: limitSchema(TASK_RUN_LIST_LIMITS.defaultLimit, TASK_RUN_LIST_LIMITS.maxLimit, 'runs'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(runSchema),
  annotations: READ,
  latency: 'fast',
  async handler(args, ctx: Ctx) {
    if (args.task_id !== undefined) await taskOrThrow(ctx, args.task_id);
    const page = await ctx.services.memory.taskRuns.list({ taskId: args.task_id, status: args.status }, { limit: args.limit, cursor: args.cursor });
    return { items: page.items.map(runOutput), next_cursor: page.next_cursor, total: page.total, ...(page.warnings?.length ? { warnings: page.warnings } : {}) };
  },
});

export const createScheduledTaskTool = defineTool({
  name: 'create_scheduled_task',
  examples: CREATE_SCHEDULED_TASK_EXAMPLES,
  title: 'Create scheduled task',
  description:
    'Schedules work the worker does on its own: an agent run, a briefing, an alert check, maintenance. The result can be delivered as a ' +
    'notification, an email or an https webhook. Example: {"name": "weekly_review", "schedule_type": "cron", "schedule_config": ' +
    '{"expression": "0 16 * * 5"}, "handler_type": "run_agent", "handler_config": {"agent": "weekly_planner", "instruction": "Plan next week."}, ' +
    '"delivery_channel": "notification"}.',
  input: z
    .object({
      name: nameSchema.describe('A unique name.'),
      description: z.string().trim().max(2_000).optional(),
      schedule_type: scheduleTypeSchema,
      schedule_config: objectSchema.describe('interval: {minutes?, hours?, days?, start_at?}; cron: {expression}; once: {run_at}.'),
      timezone: z.string().trim().min(1).max(64).optional().describe('IANA zone for cron and naive times (default: your zone).'),
      handler_type: z.string().trim().min(1).max(64).describe('alert_eval, run_agent, morning_brief, digest, skill_analysis or retention.'),
      handler_config: objectSchema.optional().describe('run_agent/digest: {agent, instruction}; morning_brief: {agent?, instruction?}; others: {}.'),
      delivery_channel: deliveryChannelSchema.optional(),
      delivery_config: objectSchema.optional().describe('notification: {title_template?, body_template?, urgency?}; email: {to?, subject_template?, body_template?}; webhook: {url, secret_env?, headers?}; credential headers take an env:NAME or ${NAME} reference to a variable the owner listed in scheduler.deliverySecrets, resolved by the worker when it sends.'),
      enabled: z.boolean().default(true),
      upsert: z.boolean().default(false).describe('Replace the task of the same name if there is one (its run history is kept) instead of failing with CONFLICT.'),
    })
    .strict(),
  output: z.object({ task: taskSchema }),
  annotations: CREATE,
  latency: 'fast',
  async handler(args, ctx: Ctx) {
    assertMayManage(ctx, args.handler_type);
    if (args.upsert && ctx.caller.kind === 'agent') {
      // An agent may replace only a task it created itself, never one of the user's.
      const existing = await ctx.services.memory.scheduledTasks.getByName(args.name);
      if (existing && existing.createdBy !== (ctx.caller.agentName ?? 'agent')) {
        throw new ToolError('PERMISSION_DENIED', `The task "${args.name}" was not created by this agent, so it cannot replace it.`, { hint: 'Choose another name, or ask the user.' });
      }
    }
    const { task } = await createTaskDefinition(deps(ctx), {
      name: args.name,
      description: args.description,
      scheduleType: args.schedule_type,
      scheduleConfig: args.schedule_config,
      timezone: args.timezone,
      handlerType: args.handler_type,
      handlerConfig: args.handler_config,
      deliveryChannel: args.delivery_channel,
      deliveryConfig: args.delivery_config,
      enabled: args.enabled,
      createdBy: ctx.caller.kind === 'agent' ? (ctx.caller.agentName ?? 'agent') : 'user',
    }, { upsert: args.upsert });
    return { task: taskOutput(task, ctx.clock.now()) };
  },
});

export const updateScheduledTaskTool = defineTool({
  name: 'update_scheduled_task',
  examples: UPDATE_SCHEDULED_TASK_EXAMPLES,
  title: 'Update scheduled task',
  description: 'Changes a scheduled task: its schedule, settings, delivery, or switches it on and off (a disabled broken task is repaired by fixing its schedule). Example: {"task_id": 4, "enabled": true}.',
  input: z
    .object({
      task_id: taskIdSchema,
      name: nameSchema.optional(),
      description: z.string().trim().max(2_000).optional(),
      schedule_type: scheduleTypeSchema.optional(),
      schedule_config: objectSchema.optional(),
      timezone: z.string().trim().min(1).max(64).nullable().optional(),
      handler_config: objectSchema.optional(),
      delivery_channel: deliveryChannelSchema.nullable().optional(),
      delivery_config: objectSchema.nullable().optional(),
      enabled: z.boolean().optional(),
    })
    .strict(),
  output: z.object({ task: taskSchema }),
  annotations: UPSERT,
  latency: 'fast',
  async handler(args, ctx: Ctx) {
    const current = await taskOrThrow(ctx, args.task_id);
    assertMayManage(ctx, current.handlerType);
    if (args.schedule_type !== undefined && args.schedule_config === undefined) {
      throw ToolError.invalidArgument('schedule_config', 'is needed when schedule_type changes.', 'Give both, e.g. {"schedule_type": "interval", "schedule_config": {"hours": 1}}.');
    }
    const task = await updateTaskDefinition(deps(ctx), args.task_id, {
      name: args.name,
      description: args.description,
      scheduleType: args.schedule_type,
      scheduleConfig: args.schedule_config,
      timezone: args.timezone,
      handlerConfig: args.handler_config,
      deliveryChannel: args.delivery_channel,
      deliveryConfig: args.delivery_config,
      enabled: args.enabled,
    });
    return { task: taskOutput(task, ctx.clock.now()) };
  },
});

export const deleteScheduledTaskTool = defineTool({
  name: 'delete_scheduled_task',
  examples: DELETE_SCHEDULED_TASK_EXAMPLES,
  title: 'Delete scheduled task',
  description: 'Deletes a scheduled task and its run history. Example: {"task_id": 4}.',
  input: z.object({ task_id: taskIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true), id: z.number().int() }),
  annotations: DELETE,
  latency: 'fast',
  async handler(args, ctx: Ctx) {
    const task = await taskOrThrow(ctx, args.task_id);
    assertMayManage(ctx, task.handlerType);
    await ctx.services.memory.scheduledTasks.delete(task.id);
    return { deleted: true as const, id: task.id };
  },
});

export const runScheduledTaskTool = defineTool({
  name: 'run_scheduled_task',
  examples: RUN_SCHEDULED_TASK_EXAMPLES,
  title: 'Run scheduled task now',
  description: 'Runs a scheduled task now, outside its schedule, and returns the run (its schedule is unchanged). It never overlaps a run of the same task in a worker. Example: {"task_id": 4}.',
  input: z.object({ task_id: taskIdSchema }).strict(),
  output: z.object({ run: runSchema }),
  annotations: RUN,
  latency: 'slow',
  async handler(args, ctx: Ctx) {
    const task = await taskOrThrow(ctx, args.task_id);
    assertMayManage(ctx, task.handlerType);
    return { run: runOutput(await ctx.services.scheduler.runNow(task.id)) };
  },
});

export const schedulerTools = [
  listScheduledTasksTool,
  getSchedulerStatusTool,
  listTaskRunsTool,
  createScheduledTaskTool,
  updateScheduledTaskTool,
  deleteScheduledTaskTool,
  runScheduledTaskTool,
] as const;
