/**
 * @chief-of-staff/scheduler — the chief of staff acting on its own: schedule maths, the engine that claims due
 * occurrences with leases (exactly once across processes), the handlers, result delivery, and the scheduler tools.
 */

// The engine a worker (or the MCP server) runs.
export { SchedulerEngine } from './engine/scheduler-engine.js';

// Handler contract and the ports the sdk implements.

export type { SchedulerPorts } from './handlers/task-handler.js';

// Schedules and task definitions.

export { seedDefaultTasks } from './tasks/task-definitions.js';

// Delivery.

// Tools (capabilities scheduler_read / scheduler_write).
export { schedulerTools } from './tools/scheduler-tools.js';

