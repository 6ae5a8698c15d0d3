/**
 * The embedded adapter's `MemoryStore`: one SQLite connection and every repository over it. Tools receive it as the
 * `memory` service; the worker and the CLI open their own in the same data dir.
 */
import { createSystemClock, systemTimeZone, type Clock, type Logger } from '@chief-of-staff/core';
import { openDatabase, type CosDatabase, type OpenDatabaseOptions } from '../db/open-database.js';
import { createAccessTokensRepository } from '../auth/access-tokens-repository.js';
import { createUsersRepository } from '../auth/users-repository.js';
import { createPrincipalUsageRepository } from '../auth/principal-usage.js';
import { createAlertRulesRepository } from '../lifecycle/alert-rules-repository.js';
import { createDecisionsRepository } from '../lifecycle/decisions-repository.js';
import { createDelegationsRepository } from '../lifecycle/delegations-repository.js';
import { createSqliteCalendarRepository } from '../personal-data/calendar-repository.js';
import { createSqliteMessagesRepository } from '../personal-data/messages-repository.js';
import { createSqliteRemindersRepository } from '../personal-data/reminders-repository.js';
import { createSqliteMailRepository } from '../personal-data/mail-repository.js';
import { createSuggestionStateRepository } from '../proactive/suggestion-state-repository.js';
import { createScheduledTasksRepository } from '../scheduling/scheduled-tasks-repository.js';
import { createTaskRunsRepository, createTaskRunWrites, createWorkerHeartbeatRepository } from '../scheduling/task-runs-repository.js';
import { createNotificationsRepository } from '../telemetry/notifications-repository.js';
import { createAgentRunsRepository, createFallbackEventsRepository, createModelCallsRepository } from '../telemetry/run-log-repositories.js';
import { createAgentRunStepsRepository } from '../telemetry/run-steps-repository.js';
import { createSkillSuggestionsRepository } from '../telemetry/skill-suggestions-repository.js';
import { createToolUsageRepository } from '../telemetry/tool-usage-repository.js';
import { createEventRulesRepository } from '../webhooks/event-rules-repository.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events-repository.js';
import { createAgentMemoryRepository } from './agent-memory-repository.js';
import { createFactsRepository } from './facts-repository.js';
import type { FactVectorIndex, MemoryStore } from '@chief-of-staff/stores';
import { createIdentitiesRepository } from './identities-repository.js';
import { createLocationsRepository } from './locations-repository.js';
import { createSharedMemoryRepository } from './shared-memory-repository.js';

/** The SQLite memory store, with its connection for what only the embedded adapter does (the documents catalogue, tests). */
export interface SqliteMemoryStore extends MemoryStore {
  /** The data directory's SQLite connection. Code above the data libraries goes through the repositories. */
  readonly database: CosDatabase;
}

export interface OpenMemoryStoreOptions extends OpenDatabaseOptions {
  /** An already open database to use instead of opening one; `close()` then still closes it. */
  database?: CosDatabase;
  clock?: Clock;
  logger?: Logger;
  factVectors?: FactVectorIndex;
}

export function openMemoryStore(options: OpenMemoryStoreOptions): SqliteMemoryStore {
  const database = options.database ?? openDatabase(options);
  const clock = options.clock ?? createSystemClock(systemTimeZone());
  let factVectors = options.factVectors;
  // One set of run writes for both repositories: a claim and its run row commit in one transaction.
  const runWrites = createTaskRunWrites(database, clock);
  return {
    database,
    clock,
    logger: options.logger,
    facts: createFactsRepository(database, clock),
    locations: createLocationsRepository(database, clock),
    identities: createIdentitiesRepository(database, clock),
    decisions: createDecisionsRepository(database, clock),
    delegations: createDelegationsRepository(database, clock),
    alertRules: createAlertRulesRepository(database, clock),
    agentMemory: createAgentMemoryRepository(database, clock),
    sharedMemory: createSharedMemoryRepository(database, clock),
    toolUsage: createToolUsageRepository(database, clock),
    skillSuggestions: createSkillSuggestionsRepository(database, clock),
    webhookEvents: createWebhookEventsRepository(database, clock),
    eventRules: createEventRulesRepository(database, clock),
    agentRuns: createAgentRunsRepository(database, clock),
    agentRunSteps: createAgentRunStepsRepository(database, clock),
    modelCalls: createModelCallsRepository(database, clock),
    fallbackEvents: createFallbackEventsRepository(database, clock),
    scheduledTasks: createScheduledTasksRepository(database, clock, runWrites),
    taskRuns: createTaskRunsRepository(database, clock, runWrites),
    workerHeartbeat: createWorkerHeartbeatRepository(database, clock),
    notifications: createNotificationsRepository(database, clock),
    suggestionState: createSuggestionStateRepository(database, clock),
    messages: createSqliteMessagesRepository(database, clock),
    reminders: createSqliteRemindersRepository(database, clock),
    calendar: createSqliteCalendarRepository(database, clock),
    mail: createSqliteMailRepository(database, clock),
    users: createUsersRepository(database, clock),
    accessTokens: createAccessTokensRepository(database, clock),
    principalUsage: createPrincipalUsageRepository(database),
    get factVectors() {
      return factVectors;
    },
    attachFactVectorIndex(index) {
      factVectors = index;
    },
    describeStorage: async () => ({ kind: 'sqlite', location: database.file, migrations: { known: database.migrations.known, applied: database.migrations.applied } }),
    close: async () => database.close(),
  };
}
