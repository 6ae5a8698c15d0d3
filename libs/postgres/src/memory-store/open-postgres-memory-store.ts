/**
 * The storage port (`MemoryStore`) on PostgreSQL: every repository over one connection pool, and the documents'
 * stores and fact vectors on the same database, chosen by `createChiefOfStaff()` when `storage.url` (or
 * `COS_DATABASE_URL`) names a PostgreSQL database. The providers' local stores (the local calendar, reminders,
 * imported mail and messages, the CalDAV and IMAP caches) are repositories of the port too (ADRs 0070–0073).
 */
import { createSystemClock, systemTimeZone, type Clock, type Logger } from '@chief-of-staff/core';
import type { FactVectorIndex, MemoryStore } from '@chief-of-staff/stores';
import type { Embedder, QueryEmbeddingCache } from '@chief-of-staff/documents';
import { createPostgresAccessTokensRepository } from '../auth/access-tokens-repository.js';
import { createPostgresUsersRepository } from '../auth/users-repository.js';
import { createPostgresPrincipalUsageRepository } from '../auth/principal-usage-repository.js';
import { redactConnectionUrl } from '../connection-url.js';
import { PostgresChunkStore } from '../documents/chunk-store.js';
import { PostgresDocumentCatalog } from '../documents/document-catalog.js';
import { PostgresFactVectorIndex } from '../documents/fact-vector-index.js';
import { createPostgresAlertRulesRepository } from '../lifecycle/alert-rules-repository.js';
import { createPostgresDecisionsRepository } from '../lifecycle/decisions-repository.js';
import { createPostgresDelegationsRepository } from '../lifecycle/delegations-repository.js';
import { createPostgresAgentMemoryRepository } from '../memory/agent-memory-repository.js';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { createPostgresIdentitiesRepository } from '../memory/identities-repository.js';
import { createPostgresLocationsRepository } from '../memory/locations-repository.js';
import { createPostgresSharedMemoryRepository } from '../memory/shared-memory-repository.js';
import { createPostgresMailRepository } from '../personal-data/mail-repository.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createPostgresMessagesRepository } from '../personal-data/messages-repository.js';
import { createPostgresNotificationsRepository } from '../proactive/notifications-repository.js';
import { createPostgresSuggestionStateRepository } from '../proactive/suggestion-state-repository.js';
import { createPostgresRemindersRepository } from '../personal-data/reminders-repository.js';
import { createPostgresCalendarRepository } from '../personal-data/calendar-repository.js';
import { createPostgresSchedulerStorage, type PostgresSchedulerStorage } from '../scheduling/scheduler-storage.js';
import {
  createPostgresAgentRunsRepository,
  createPostgresFallbackEventsRepository,
  createPostgresModelCallsRepository,
} from '../telemetry/run-log-repositories.js';
import { createPostgresAgentRunStepsRepository } from '../telemetry/run-steps-repository.js';
import { createPostgresSkillSuggestionsRepository } from '../telemetry/skill-suggestions-repository.js';
import { createPostgresToolUsageRepository } from '../telemetry/tool-usage-repository.js';
import { createPostgresEventRulesRepository } from '../webhooks/event-rules-repository.js';
import { createPostgresWebhookEventsRepository } from '../webhooks/webhook-events-repository.js';

export interface OpenPostgresMemoryStoreOptions {
  url: string;
  poolSize?: number;
  clock?: Clock;
  logger?: Logger;
  factVectors?: FactVectorIndex;
  /** Something of the caller's that closes with the store, after it stops taking work and before its pool ends. */
  closeWith?: { close(): void };
}

/** Documents and fact vectors in the same database as the rest, for one embedder. */
export interface PostgresDocumentStores {
  catalog: PostgresDocumentCatalog;
  chunks: PostgresChunkStore;
  factVectors: PostgresFactVectorIndex;
}

/** The PostgreSQL memory store, with the pool and the scheduler's wake-ups for the composition root. */
export interface PostgresMemoryStore extends MemoryStore {
  readonly postgres: PostgresDatabase;
  readonly scheduler: PostgresSchedulerStorage;
  /** The documents' catalogue and chunk store and the fact vector index on this database, for `embedder`. */
  documentStores(embedder: Embedder, options?: { queries?: QueryEmbeddingCache }): PostgresDocumentStores;
}

export async function openPostgresMemoryStore(options: OpenPostgresMemoryStoreOptions): Promise<PostgresMemoryStore> {
  const clock = options.clock ?? createSystemClock(systemTimeZone());
  const postgres = await openPostgres({ url: options.url, ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }) });
  const scheduler = createPostgresSchedulerStorage(postgres, clock);
  let factVectors = options.factVectors;
  return {
    postgres,
    scheduler,
    clock,
    logger: options.logger,
    facts: createPostgresFactsRepository(postgres, clock),
    locations: createPostgresLocationsRepository(postgres, clock),
    identities: createPostgresIdentitiesRepository(postgres, clock),
    decisions: createPostgresDecisionsRepository(postgres, clock),
    delegations: createPostgresDelegationsRepository(postgres, clock),
    alertRules: createPostgresAlertRulesRepository(postgres, clock),
    agentMemory: createPostgresAgentMemoryRepository(postgres, clock),
    sharedMemory: createPostgresSharedMemoryRepository(postgres, clock),
    toolUsage: createPostgresToolUsageRepository(postgres, clock),
    skillSuggestions: createPostgresSkillSuggestionsRepository(postgres, clock),
    webhookEvents: createPostgresWebhookEventsRepository(postgres, clock),
    eventRules: createPostgresEventRulesRepository(postgres, clock),
    agentRuns: createPostgresAgentRunsRepository(postgres, clock),
    agentRunSteps: createPostgresAgentRunStepsRepository(postgres, clock),
    modelCalls: createPostgresModelCallsRepository(postgres, clock),
    fallbackEvents: createPostgresFallbackEventsRepository(postgres, clock),
    scheduledTasks: scheduler.scheduledTasks,
    taskRuns: scheduler.taskRuns,
    workerHeartbeat: scheduler.workerHeartbeat,
    notifications: createPostgresNotificationsRepository(postgres, clock),
    suggestionState: createPostgresSuggestionStateRepository(postgres, clock),
    messages: createPostgresMessagesRepository(postgres, clock),
    reminders: createPostgresRemindersRepository(postgres, clock),
    calendar: createPostgresCalendarRepository(postgres, clock),
    mail: createPostgresMailRepository(postgres, clock),
    users: createPostgresUsersRepository(postgres, clock),
    accessTokens: createPostgresAccessTokensRepository(postgres, clock),
    principalUsage: createPostgresPrincipalUsageRepository(postgres),
    get factVectors() {
      return factVectors;
    },
    attachFactVectorIndex(index) {
      factVectors = index;
    },
    describeStorage: async () => ({
      kind: 'postgres',
      location: redactConnectionUrl(options.url),
      migrations: { known: postgres.migrations.known, applied: postgres.migrations.applied },
    }),
    onSchedulerWake: (listener) => scheduler.onWake(listener),
    documentStores: (embedder, stores = {}) => ({
      catalog: new PostgresDocumentCatalog(postgres),
      chunks: new PostgresChunkStore(postgres, { embedder }),
      factVectors: new PostgresFactVectorIndex(postgres, { embedder, ...(stores.queries ? { queries: stores.queries } : {}) }),
    }),
    close: async () => {
      options.closeWith?.close();
      await postgres.close();
    },
  };
}
