/**
 * @chief-of-staff/scheduler — the chief of staff acting on its own: schedule maths, the engine that claims due
 * occurrences with leases (exactly once across processes), the handlers, result delivery, and the scheduler tools.
 */

// The engine a worker (or the MCP server) runs.
export { SchedulerEngine } from './engine/scheduler-engine.js';
export type { SchedulerEngineOptions, TickSummary } from './engine/scheduler-engine.js';

// Handler contract and the ports the sdk implements.
export { BUILT_IN_HANDLERS } from './handlers/built-in-handlers.js';
export type {
  AgentRunPort,
  AnyTaskHandler,
  HandlerContext,
  HandlerResult,
  MaintenancePort,
  NotificationPort,
  ProactivePort,
  SchedulerPorts,
  SkillAnalysisPort,
  TaskHandler,
  WebhookPort,
} from './handlers/task-handler.js';

// Schedules and task definitions.
export { firstRunAt, nextRunAfter, parseSchedule, ScheduleError } from './schedules/next-run.js';
export type { Schedule } from './schedules/schedule-configs.js';
export { createTaskDefinition, SEEDED_TASKS, seedDefaultTasks, updateTaskDefinition } from './tasks/task-definitions.js';
export type { TaskDefinitionDeps, TaskDefinitionInput, TaskDefinitionPatch } from './tasks/task-definitions.js';

// Delivery.
export { deliverResult, parseDeliveryConfig } from './delivery/deliver-result.js';
export type { DeliveryRecord } from './delivery/deliver-result.js';

// Tools (capabilities scheduler_read / scheduler_write).
export {
  createScheduledTaskTool,
  deleteScheduledTaskTool,
  getSchedulerStatusTool,
  listScheduledTasksTool,
  listTaskRunsTool,
  runScheduledTaskTool,
  schedulerTools,
} from './tools/scheduler-tools.js';
export type { SchedulerServices } from './tools/scheduler-services.js';
