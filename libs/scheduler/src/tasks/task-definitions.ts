/**
 * Creating, editing and seeding scheduled tasks with everything checked up front: the schedule (the cron library's
 * own reason for a bad expression), the handler type and its strict config, the delivery channel and its config,
 * and the time zone. The first run is computed here, so a stored task is always runnable. Who writes the task
 * matters: a signed-in user may use only the handlers that work on their own data, and only the owner in person may
 * write secret references into a delivery (ADR 0096).
 */
import { isValidTimeZone, ToolError, type Clock } from '@chief-of-staff/core';
import type { DeliveryChannel, HandlerType, MemoryStore, ScheduledTaskRecord, ScheduleType } from '@chief-of-staff/stores';
import { parseDeliveryConfig } from '../delivery/deliver-result.js';
import { checkDeliverySecrets, type DeliveryAuthor } from '../delivery/delivery-secrets.js';
import type { AnyTaskHandler } from '../handlers/task-handler.js';
import { firstRunAt, parseSchedule } from '../schedules/next-run.js';

export interface TaskDefinitionInput {
  name: string;
  description?: string;
  scheduleType: string;
  scheduleConfig: Record<string, unknown>;
  timezone?: string | null;
  handlerType: string;
  handlerConfig?: Record<string, unknown>;
  deliveryChannel?: string | null;
  deliveryConfig?: Record<string, unknown> | null;
  enabled?: boolean;
  createdBy: string;
}

export interface TaskDefinitionDeps {
  memory: MemoryStore;
  clock: Clock;
  /** The user's zone, for tasks that name none. */
  timezone: string;
  handlers: ReadonlyMap<string, AnyTaskHandler>;
  /** Who writes the task (default: the owner in person, as for code that calls this library directly). */
  author?: DeliveryAuthor;
  /** `scheduler.deliverySecrets`: the environment variables a delivery may refer to (default none). */
  deliverySecrets?: readonly string[];
}

const OWNER_IN_PERSON: DeliveryAuthor = { owner: true, inPerson: true };

/** The handlers `author` may schedule: all of them for the owner, the personal ones for a signed-in user. */
export function handlersFor(handlers: ReadonlyMap<string, AnyTaskHandler>, author: Pick<DeliveryAuthor, 'owner'>): string[] {
  return [...handlers.values()].filter((handler) => author.owner || handler.personal === true).map((handler) => handler.type);
}

function checkZone(zone: string | null | undefined): void {
  if (zone && !isValidTimeZone(zone)) throw ToolError.invalidArgument('timezone', `"${zone}" is not an IANA time zone.`, 'For example Europe/London or America/New_York.');
}

/** The handler of `type` if `author` may schedule it; a user is told the same as for one that does not exist. */
export function usableHandler(handlers: ReadonlyMap<string, AnyTaskHandler>, type: string, author: Pick<DeliveryAuthor, 'owner'>): AnyTaskHandler {
  const handler = handlers.get(type);
  if (!handler || (!author.owner && handler.personal !== true)) {
    throw ToolError.invalidArgument('handler_type', `"${type}" is not a handler you can schedule.`, `Use one of: ${handlersFor(handlers, author).join(', ')}.`);
  }
  return handler;
}

function checkHandler(handlers: ReadonlyMap<string, AnyTaskHandler>, type: string, config: unknown, author: DeliveryAuthor): Record<string, unknown> {
  const handler = usableHandler(handlers, type, author);
  const parsed = handler.config.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
    throw ToolError.invalidArgument(`handler_config${where}`, issue?.message ?? 'is not valid.', `${type}: ${handler.description}`);
  }
  return (config ?? {}) as Record<string, unknown>;
}

function nextRunFor(deps: TaskDefinitionDeps, type: string, config: unknown, zone: string, requireFuture: boolean): string | null {
  const schedule = parseSchedule(type, config);
  const now = deps.clock.now();
  const first = firstRunAt(schedule, now, zone);
  if (schedule.type === 'once' && requireFuture && first && first.getTime() <= now.getTime()) {
    throw ToolError.invalidArgument('schedule_config.run_at', 'is in the past.', 'Give a future time, or use run_scheduled_task to run it now.');
  }
  return first?.toISOString() ?? null;
}

export async function createTaskDefinition(deps: TaskDefinitionDeps, input: TaskDefinitionInput, options: { upsert?: boolean } = {}): Promise<{ task: ScheduledTaskRecord; created: boolean }> {
  checkZone(input.timezone);
  const author = deps.author ?? OWNER_IN_PERSON;
  const handlerConfig = checkHandler(deps.handlers, input.handlerType, input.handlerConfig, author);
  const deliveryConfig = parseDeliveryConfig(input.deliveryChannel, input.deliveryConfig);
  checkDeliverySecrets(deliveryConfig, author, deps.deliverySecrets ?? []);
  const nextRunAt = nextRunFor(deps, input.scheduleType, input.scheduleConfig, input.timezone ?? deps.timezone, true);
  return await deps.memory.scheduledTasks.create(
    {
      name: input.name,
      description: input.description ?? '',
      scheduleType: input.scheduleType as ScheduleType,
      scheduleConfig: input.scheduleConfig,
      timezone: input.timezone ?? null,
      handlerType: input.handlerType as HandlerType,
      handlerConfig,
      deliveryChannel: (input.deliveryChannel ?? null) as DeliveryChannel | null,
      deliveryConfig,
      enabled: input.enabled ?? true,
      nextRunAt,
      createdBy: input.createdBy,
    },
    options,
  );
}

export type TaskDefinitionPatch = Partial<Omit<TaskDefinitionInput, 'createdBy' | 'handlerType'>>;

export async function updateTaskDefinition(deps: TaskDefinitionDeps, id: number, patch: TaskDefinitionPatch): Promise<ScheduledTaskRecord> {
  const current = await deps.memory.scheduledTasks.get(id);
  if (!current) throw new ToolError('NOT_FOUND', `Scheduled task ${id} not found.`, { details: { entity: 'Scheduled task', id } });
  checkZone(patch.timezone);
  const author = deps.author ?? OWNER_IN_PERSON;
  // Any change to a task runs its handler again: a user may not change one of the owner's handlers' tasks either.
  usableHandler(deps.handlers, current.handlerType, author);
  const handlerConfig = patch.handlerConfig === undefined ? undefined : checkHandler(deps.handlers, current.handlerType, patch.handlerConfig, author);
  const channel = patch.deliveryChannel === undefined ? current.deliveryChannel : patch.deliveryChannel;
  const deliveryConfig =
    patch.deliveryChannel === undefined && patch.deliveryConfig === undefined ? undefined : parseDeliveryConfig(channel, patch.deliveryConfig ?? current.deliveryConfig);
  // A kept reference would go to wherever the new settings say: whoever changes the delivery must be allowed to write it.
  if (deliveryConfig !== undefined) checkDeliverySecrets(deliveryConfig, author, deps.deliverySecrets ?? []);
  const scheduleChanged = patch.scheduleType !== undefined || patch.scheduleConfig !== undefined || patch.timezone !== undefined;
  const enabling = patch.enabled === true && !current.enabled;
  const type = patch.scheduleType ?? current.scheduleType;
  const config = patch.scheduleConfig ?? current.scheduleConfig;
  const zone = (patch.timezone === undefined ? current.timezone : patch.timezone) ?? deps.timezone;
  // An edited schedule, or a task switched back on, starts again from now (a broken task is repaired this way).
  const nextRunAt = scheduleChanged || enabling ? nextRunFor(deps, type, config, zone, scheduleChanged) : undefined;
  const updated = await deps.memory.scheduledTasks.update(id, {
    name: patch.name,
    description: patch.description,
    scheduleType: patch.scheduleType as ScheduleType | undefined,
    scheduleConfig: patch.scheduleConfig,
    timezone: patch.timezone,
    handlerConfig,
    deliveryChannel: patch.deliveryChannel as DeliveryChannel | null | undefined,
    deliveryConfig,
    enabled: patch.enabled,
    ...(nextRunAt === undefined ? {} : { nextRunAt }),
  });
  return updated as ScheduledTaskRecord;
}

/** The tasks a first start creates (only when no task of that name exists; the morning briefing starts disabled). */
export const SEEDED_TASKS: readonly Omit<TaskDefinitionInput, 'createdBy'>[] = [
  { name: 'alert_eval', description: 'Checks alert rules and notifies you.', scheduleType: 'interval', scheduleConfig: { hours: 2 }, handlerType: 'alert_eval' },
  { name: 'skill_analysis', description: 'Finds repeated work worth an agent.', scheduleType: 'cron', scheduleConfig: { expression: '15 3 * * *' }, handlerType: 'skill_analysis' },
  { name: 'retention', description: 'Prunes old logs and keeps the vector index tidy.', scheduleType: 'cron', scheduleConfig: { expression: '30 3 * * *' }, handlerType: 'retention' },
  { name: 'webhook_dispatch', description: 'Routes waiting webhook events to their agents and retries failed ones.', scheduleType: 'interval', scheduleConfig: { minutes: 1 }, handlerType: 'webhook_dispatch' },
  { name: 'webhook_inbox', description: 'Imports webhook events dropped into the inbox folder.', scheduleType: 'interval', scheduleConfig: { minutes: 1 }, handlerType: 'webhook_inbox' },
  { name: 'calendar_sync', description: 'Refreshes subscribed calendar feeds that are due.', scheduleType: 'interval', scheduleConfig: { minutes: 15 }, handlerType: 'calendar_sync' },
  { name: 'proactive_push', description: 'Tells you once about new overdue delegations, deadlines and triggered alerts.', scheduleType: 'interval', scheduleConfig: { hours: 1 }, handlerType: 'proactive_push', deliveryChannel: 'notification' },
  {
    name: 'morning_brief',
    description: 'Your morning briefing on weekdays (enable it with update_scheduled_task).',
    scheduleType: 'cron',
    scheduleConfig: { expression: '30 7 * * 1-5' },
    handlerType: 'morning_brief',
    deliveryChannel: 'notification',
    enabled: false,
  },
];

/** Creates the seeded tasks that are missing; idempotent, and safe when two processes start at once. */
export async function seedDefaultTasks(deps: TaskDefinitionDeps): Promise<string[]> {
  const created: string[] = [];
  for (const seed of SEEDED_TASKS) {
    if (!deps.handlers.has(seed.handlerType) || await deps.memory.scheduledTasks.getByName(seed.name)) continue;
    try {
      await createTaskDefinition(deps, { ...seed, createdBy: 'system' });
      created.push(seed.name);
    } catch (error) {
      // Another process seeded it between the check and the insert.
      if (!(error instanceof ToolError && error.code === 'CONFLICT')) throw error;
    }
  }
  return created;
}
