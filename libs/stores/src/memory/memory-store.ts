/**
 * The `MemoryStore` facade (docs/reference/architecture.md#data-layer): every repository of one storage
 * adapter. Tools receive it as the `memory` service; the worker and the CLI open their own in the same data dir.
 */

import type { Clock, Logger } from '@chief-of-staff/core';
import type { AccessTokensRepository, UsersRepository } from '../auth/sign-in-rules.js';
import type { PrincipalUsageRepository } from '../auth/principal-usage.js';
import type { AlertRulesRepository } from '../lifecycle/alert-rules-repository.js';
import type { DecisionsRepository } from '../lifecycle/decisions-repository.js';
import type { DelegationsRepository } from '../lifecycle/delegations-repository.js';
import type { CalendarRepository } from '../personal-data/calendar-repository.js';
import type { MailRepository } from '../personal-data/mail-repository.js';
import type { MessagesRepository } from '../personal-data/messages-repository.js';
import type { RemindersRepository } from '../personal-data/reminders-repository.js';
import type { SuggestionStateRepository } from '../proactive/suggestion-state-repository.js';
import type { ScheduledTasksRepository } from '../scheduling/scheduled-tasks-repository.js';
import type { TaskRunsRepository, WorkerHeartbeatRepository } from '../scheduling/task-runs-repository.js';
import type { NotificationsRepository } from '../telemetry/notifications-repository.js';
import type { AgentRunsRepository, FallbackEventsRepository, ModelCallsRepository } from '../telemetry/run-log-repositories.js';
import type { AgentRunStepsRepository } from '../telemetry/run-steps-repository.js';
import type { SkillSuggestionsRepository } from '../telemetry/skill-suggestions-repository.js';
import type { ToolUsageRepository } from '../telemetry/tool-usage-repository.js';
import type { EventRulesRepository } from '../webhooks/event-rules-repository.js';
import type { WebhookEventsRepository } from '../webhooks/webhook-events-repository.js';
import type { AgentMemoryRepository } from './agent-memory-repository.js';
import type { FactsRepository } from './facts-repository.js';
import type { FactVectorIndex } from './fact-vector-index.js';
import type { IdentitiesRepository } from './identities-repository.js';
import type { LocationsRepository } from './locations-repository.js';
import type { SharedMemoryRepository } from './shared-memory-repository.js';

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
