/**
 * Scheduled tasks storage (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#scheduler,
 * docs/scheduler.md#exactly-once): definitions, next/last run state and the lease that makes a task run in exactly
 * one process at a time. Schedule maths and handler configs are validated by the scheduler library, which passes the
 * computed `nextRunAt` in.
 */
import type { DeliveryChannel, HandlerType, ScheduleType, TaskRunStatus } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import type { FinishTaskRunInput } from './task-runs-repository.js';

/**
 * A stored task and the principal it belongs to (`owner`, or `user:<id>` in team mode): the scheduler runs each
 * occurrence in that principal's scope (ADR 0080). The embedded store holds one person's data, so its tasks are all
 * the owner's.
 */
export interface ScheduledTaskRecord {
  id: number;
  name: string;
  description: string;
  scheduleType: ScheduleType;
  scheduleConfig: Record<string, unknown>;
  timezone: string | null;
  handlerType: HandlerType;
  handlerConfig: Record<string, unknown>;
  deliveryChannel: DeliveryChannel | null;
  deliveryConfig: Record<string, unknown> | null;
  enabled: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastStatus: TaskRunStatus | null;
  lastError: string | null;
  consecutiveFailures: number;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  principal: string;
}

export interface CreateScheduledTaskInput {
  name: string;
  description?: string;
  scheduleType: ScheduleType;
  scheduleConfig: Record<string, unknown>;
  timezone?: string | null;
  handlerType: HandlerType;
  handlerConfig?: Record<string, unknown>;
  deliveryChannel?: DeliveryChannel | null;
  deliveryConfig?: Record<string, unknown> | null;
  enabled?: boolean;
  nextRunAt: string | null;
  createdBy: string;
}

export interface UpdateScheduledTaskInput {
  name?: string;
  description?: string;
  scheduleType?: ScheduleType;
  scheduleConfig?: Record<string, unknown>;
  timezone?: string | null;
  handlerConfig?: Record<string, unknown>;
  deliveryChannel?: DeliveryChannel | null;
  deliveryConfig?: Record<string, unknown> | null;
  enabled?: boolean;
  nextRunAt?: string | null;
}

export interface RunOutcome {
  lastRunAt: string;
  lastStatus: TaskRunStatus;
  lastError?: string | null;
  /** When given, replaces next_run_at (manual runs leave it alone). */
  nextRunAt?: string | null;
}

export const SCHEDULED_TASK_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface ScheduledTasksRepository {
  /** Duplicate name → CONFLICT unless `upsert`. */
  create(input: CreateScheduledTaskInput, options?: { upsert?: boolean }): Promise<{ task: ScheduledTaskRecord; created: boolean }>;
  get(id: number): Promise<ScheduledTaskRecord | undefined>;
  getByName(name: string): Promise<ScheduledTaskRecord | undefined>;
  /** Ordered by next_run_at (nulls last), then name. */
  list(filters: { enabledOnly?: boolean; handlerType?: HandlerType }, page: PageRequest): Promise<Page<ScheduledTaskRecord>>;
  all(): Promise<ScheduledTaskRecord[]>;
  update(id: number, patch: UpdateScheduledTaskInput): Promise<ScheduledTaskRecord | undefined>;
  /** Deletes the task and (cascade) its runs. */
  delete(id: number): Promise<boolean>;
  /** Enabled tasks due at `now` whose lease is free or expired, soonest first. */
  listDue(now: string, limit: number): Promise<ScheduledTaskRecord[]>;
  /**
   * Claims the occurrence due at `dueAt` in one atomic UPDATE: takes the lease and advances next_run_at to `nextRunAt`,
   * only while the task is enabled, still due at exactly `dueAt`, and its lease is free or expired. Exactly one
   * process (or manual run) gets true for an occurrence.
   */
  claimOccurrence(id: number, owner: string, expiresAt: string, dueAt: string, nextRunAt: string | null, options?: { disable?: boolean }): Promise<boolean>;
  /**
   * Takes over a lease whose holder stopped before finishing (it expired without being released). The occurrence it
   * was running is run again by the new owner; next_run_at was already advanced and stays as it is.
   */
  reclaimOrphaned(id: number, owner: string, expiresAt: string): Promise<boolean>;
  /** Tasks whose lease expired without being released, oldest first. */
  listOrphaned(now: string, limit: number): Promise<ScheduledTaskRecord[]>;
  /** Disables a task whose schedule cannot be computed, recording why. */
  disableBroken(id: number, error: string): Promise<void>;
  /** Releases our lease without recording a run (shutdown before a claimed run started). */
  releaseLease(id: number, owner: string): Promise<boolean>;
  /** Takes the lease when free, expired or already ours; false when another owner holds it. */
  acquireLease(id: number, owner: string, expiresAt: string): Promise<boolean>;
  renewLease(id: number, owner: string, expiresAt: string): Promise<boolean>;
  /** Releases our lease and records the run outcome (failure counter included). */
  completeRun(id: number, owner: string, outcome: RunOutcome): Promise<ScheduledTaskRecord | undefined>;
  /**
   * `completeRun` without reading the row back (the engine's hot path); false when the lease was not ours. With `run`,
   * the run's outcome is recorded in the same transaction, so a run and its task never disagree.
   */
  finishRun(id: number, owner: string, outcome: RunOutcome, run?: { id: number } & FinishTaskRunInput): Promise<boolean>;
  /**
   * The scheduler's claim of the occurrence due at `dueAt` (see `claimOccurrence`), with what follows it in the same
   * transaction, so a claimed occurrence always has its run on record: a `running` run for `run`, a `skipped` run and
   * the lease released for `skip`, a `failed` run and the task disabled for `broken`. `lost` when another process (or
   * a manual run) got the occurrence first; nothing is written then.
   */
  claimDue(id: number, owner: string, expiresAt: string, dueAt: string, claim: DueClaim): Promise<DueClaimResult>;
}

/** What the scheduler does with a due occurrence it claims (see `ScheduledTasksRepository.claimDue`). */
export type DueClaim =
  /** Run it; `nextRunAt` is the following occurrence (null: this was the last, and the task is disabled). */
  | { kind: 'run'; nextRunAt: string | null }
  /** Missed while no worker ran and `scheduler.missedRuns` is `skip`: recorded as skipped, not run. */
  | { kind: 'skip'; nextRunAt: string | null; lastRunAt: string; reason: string }
  /** The schedule cannot be computed: a failed run (`runError`) is recorded and the task disabled (`taskError`). */
  | { kind: 'broken'; runError: string; taskError: string };

export type DueClaimResult = { outcome: 'claimed'; runId: number } | { outcome: 'skipped' | 'disabled' | 'lost' };
