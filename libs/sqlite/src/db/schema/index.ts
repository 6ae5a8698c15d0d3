/**
 * The whole SQLite schema (docs/reference/data-model.md#tables), one module per domain. drizzle-kit reads this folder
 * to generate migrations; repositories import the tables from here.
 */
export { agentMemory, agentRuns, agentRunSteps, modelCalls, sharedMemory } from './agents.js';
export { calendars, events } from './calendar.js';
export { documents } from './documents.js';
export { alertRules, decisions, delegations } from './lifecycle.js';
export { mailboxes, mailMessages, mailOutbox, mailSyncState } from './mail.js';
export { facts, identities, locations } from './memory.js';
export { conversations, messages } from './messages.js';
export { notifications, suggestionState } from './proactive.js';
export { reminderLists, reminders } from './reminders.js';
export { scheduledTasks, taskRuns, workerHeartbeat } from './scheduler.js';
export { fallbackEvents, skillSuggestions, toolUsageLog } from './telemetry.js';
export { webhookEvents, eventRules } from './webhooks.js';
export { accessTokens, users } from './auth.js';
