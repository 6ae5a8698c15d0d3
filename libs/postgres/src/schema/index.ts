/**
 * The whole PostgreSQL schema, one module per domain as on the SQLite side. drizzle-kit reads this module to generate
 * the migrations in `drizzle/`; the adapter's repositories import the tables from here.
 */
export { agentMemory, agentRuns, agentRunSteps, modelCalls, sharedMemory } from './agents.js';
export {
  documentChunks,
  documents,
  EMBEDDING_DIMENSIONS,
  factVectors,
  HNSW_EF_CONSTRUCTION,
  HNSW_M,
  vectorSpaces,
} from './documents.js';
export { alertRules, decisions, delegations } from './lifecycle.js';
export { facts, identities, locations } from './memory.js';
export { notifications, suggestionState } from './proactive.js';
export {
  calendars,
  conversations,
  events,
  mailboxes,
  mailMessages,
  mailOutbox,
  mailSyncState,
  messages,
  reminderLists,
  reminders,
} from './providers.js';
export { scheduledTasks, taskRuns, workerHeartbeat } from './scheduler.js';
export { fallbackEvents, skillSuggestions, toolUsageLog } from './telemetry.js';
export { eventRules, webhookEvents } from './webhooks.js';
export { accessTokens, users } from './auth.js';
