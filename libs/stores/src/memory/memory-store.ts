/**
 * The `MemoryStore` facade (docs/reference/architecture.md#data-layer): one database connection and every repository
 * over it. Tools receive it as the `memory` service; the worker and the CLI open their own in the same data dir.
 */
import { createSuggestionStateRepository, type SuggestionStateRepository } from '../proactive/suggestion-state-repository.js';
import { createSystemClock, systemTimeZone, type Clock, type Logger } from '@chief-of-staff/core';
import { openDatabase, type CosDatabase, type OpenDatabaseOptions } from '../db/open-database.js';
import { createAlertRulesRepository, type AlertRulesRepository } from '../lifecycle/alert-rules-repository.js';
import { createDecisionsRepository, type DecisionsRepository } from '../lifecycle/decisions-repository.js';
import { createDelegationsRepository, type DelegationsRepository } from '../lifecycle/delegations-repository.js';
import { createScheduledTasksRepository, type ScheduledTasksRepository } from '../scheduling/scheduled-tasks-repository.js';
import {
  createTaskRunsRepository,
  createTaskRunWrites,
  createWorkerHeartbeatRepository,
  type TaskRunsRepository,
  type WorkerHeartbeatRepository,
} from '../scheduling/task-runs-repository.js';
import { createNotificationsRepository, type NotificationsRepository } from '../telemetry/notifications-repository.js';
import {
  createAgentRunsRepository,
  createFallbackEventsRepository,
  createModelCallsRepository,
  type AgentRunsRepository,
  type FallbackEventsRepository,
  type ModelCallsRepository,
} from '../telemetry/run-log-repositories.js';
import { createAgentRunStepsRepository, type AgentRunStepsRepository } from '../telemetry/run-steps-repository.js';
import { createSkillSuggestionsRepository, type SkillSuggestionsRepository } from '../telemetry/skill-suggestions-repository.js';
import { createToolUsageRepository, type ToolUsageRepository } from '../telemetry/tool-usage-repository.js';
import { createEventRulesRepository, type EventRulesRepository } from '../webhooks/event-rules-repository.js';
import { createWebhookEventsRepository, type WebhookEventsRepository } from '../webhooks/webhook-events-repository.js';
import { createAgentMemoryRepository, type AgentMemoryRepository } from './agent-memory-repository.js';
import { createFactsRepository, type FactsRepository } from './facts-repository.js';
import type { FactVectorIndex } from './fact-vector-index.js';
import { createAccessTokensRepository } from '../auth/access-tokens-repository.js';
import type { AccessTokensRepository, UsersRepository } from '../auth/sign-in-rules.js';
import { createUsersRepository } from '../auth/users-repository.js';
import { createPrincipalUsageRepository, type PrincipalUsageRepository } from '../auth/principal-usage.js';
import { createIdentitiesRepository, type IdentitiesRepository } from './identities-repository.js';
import { createLocationsRepository, type LocationsRepository } from './locations-repository.js';
import { createSharedMemoryRepository, type SharedMemoryRepository } from './shared-memory-repository.js';
import { createSqliteMessagesRepository, type MessagesRepository } from '../personal-data/messages-repository.js';
import { createSqliteRemindersRepository, type RemindersRepository } from '../personal-data/reminders-repository.js';
import { createSqliteCalendarRepository, type CalendarRepository } from '../personal-data/calendar-repository.js';
import type { MailRepository } from '../personal-data/mail-repository.js';
import { createSqliteMailRepository } from '../personal-data/sqlite-mail-repository.js';

/** Where the store keeps its data, for health checks (`cos doctor`). */
export interface StorageDescription {
  /** `sqlite` for the embedded database, `postgres` for a PostgreSQL server (`storage.url`). */
  kind: 'sqlite' | 'postgres';
  /** Where the data lives: the database file, or the server's URL without its password. */
  location: string;
  /** Schema migrations this code knows (the schema version), and how many of them opening the store applied. */
  migrations: { known: number; applied: number };
}

/**
 * The storage port: every repository the tools, agents, the scheduler and the sdk use. Every read and write returns a
 * promise, so an adapter over a network database can implement the same interface; what must commit together is one
 * method (for example `scheduledTasks.claimDue`), never a transaction opened by the caller.
 */
export interface MemoryStore {
  /**
   * The SQLite connection of the embedded adapter (the data directory's database). Code above the data libraries
   * goes through the repositories; the embedded documents catalogue is the one reader of it outside this library.
   */
  readonly database: CosDatabase;
  /** Source of timestamps for every write. */
  readonly clock: Clock;
  readonly logger: Logger | undefined;
  readonly facts: FactsRepository;
  readonly locations: LocationsRepository;
  readonly identities: IdentitiesRepository;
  readonly decisions: DecisionsRepository;
  readonly delegations: DelegationsRepository;
  readonly alertRules: AlertRulesRepository;
  readonly agentMemory: AgentMemoryRepository;
  readonly sharedMemory: SharedMemoryRepository;
  readonly toolUsage: ToolUsageRepository;
  readonly skillSuggestions: SkillSuggestionsRepository;
  readonly webhookEvents: WebhookEventsRepository;
  readonly eventRules: EventRulesRepository;
  readonly agentRuns: AgentRunsRepository;
  readonly agentRunSteps: AgentRunStepsRepository;
  readonly modelCalls: ModelCallsRepository;
  readonly fallbackEvents: FallbackEventsRepository;
  readonly scheduledTasks: ScheduledTasksRepository;
  readonly taskRuns: TaskRunsRepository;
  readonly workerHeartbeat: WorkerHeartbeatRepository;
  readonly notifications: NotificationsRepository;
  readonly suggestionState: SuggestionStateRepository;
  /** Imported conversations and messages (the local messages provider). */
  readonly messages: MessagesRepository;
  /** The reminders provider's local store (reminder lists, to-dos, the CalDAV mirror's state). */
  readonly reminders: RemindersRepository;
  /** The local calendar's calendars and events. */
  readonly calendar: CalendarRepository;
  /** The local mail store: mailboxes, messages, the outbox and the IMAP sync state (ADR 0072). */
  readonly mail: MailRepository;
  /** The people who sign in over HTTP (ADR 0074). */
  readonly users: UsersRepository;
  /** Their personal access tokens, stored hashed (ADR 0074). */
  readonly accessTokens: AccessTokensRepository;
  /** Counts of each principal's rows and tool calls, for the administrator (ADR 0080). */
  readonly principalUsage: PrincipalUsageRepository;
  /** The fact vector port, when an embedder is attached (see `attachFactVectorIndex`). */
  readonly factVectors: FactVectorIndex | undefined;
  /** Attaches (or with undefined, detaches) the fact vector index once the embedder is ready. */
  attachFactVectorIndex(index: FactVectorIndex | undefined): void;
  /** What storage is in use and its schema version. */
  describeStorage(): Promise<StorageDescription>;
  /**
   * Calls `listener` whenever any process creates a task, enables one or moves one to be due sooner, with when it is
   * due, so an idle scheduler need not wait for its next tick. Only adapters shared by several machines have it
   * (PostgreSQL's `scheduler_wake`); on the embedded one the scheduler's tick is enough.
   */
  onSchedulerWake?(listener: (wake: { taskId: number; nextRunAt: string }) => void): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface OpenMemoryStoreOptions extends OpenDatabaseOptions {
  /** An already open database to use instead of opening one; `close()` then still closes it. */
  database?: CosDatabase;
  clock?: Clock;
  logger?: Logger;
  factVectors?: FactVectorIndex;
}

export function openMemoryStore(options: OpenMemoryStoreOptions): MemoryStore {
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
