/**
 * Scheduled tasks on PostgreSQL: the same records and the same exactly-once rules as the SQLite repository of
 * `@chief-of-staff/stores` (docs/scheduler.md#exactly-once, ADR 0062). An occurrence is claimed by one conditional
 * UPDATE (enabled, still due at exactly `dueAt`, lease free or expired) in a transaction with its run row; under READ
 * COMMITTED a concurrent claim of the same row waits for the first to commit, re-reads the row, no longer matches, and
 * loses. A task created or moved to be due sooner notifies `scheduler_wake` so idle workers can wake.
 */
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { currentPrincipalKey, currentPrincipalScope, SYSTEM_SCOPE, ToolError, type Clock } from '@chief-of-staff/core';
import { closePage, DELIVERY_CHANNELS, openPage, SCHEDULED_TASK_LIST_LIMITS, type DueClaimResult, type RunOutcome, type ScheduledTaskRecord, type ScheduledTasksRepository } from '@chief-of-staff/stores';
import { assertEnum, assertMaxLength, assertText, HANDLER_TYPES, MAX_NAME_LENGTH, MAX_VALUE_LENGTH, nowIso, SCHEDULE_TYPES, TASK_RUN_STATUSES } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { scheduledTasks } from '../schema/scheduler.js';
import { createPostgresTaskRunWrites, type PostgresExecutor, type PostgresTaskRunWrites } from './task-runs-repository.js';
import { SCHEDULER_WAKE_CHANNEL, type SchedulerWake } from './scheduler-wake.js';
import { rowColumns } from '../row-columns.js';

/**
 * A task is read with its principal: the scheduler claims due occurrences of every principal in the system scope and
 * runs each in its owner's scope (ADR 0080).
 */
const taskColumns = { ...rowColumns(scheduledTasks), principal: scheduledTasks.principalId };

type TaskRow = Omit<typeof scheduledTasks.$inferSelect, 'principalId'> & { principal: string };

/** The record the port promises; the PostgreSQL row has the same fields and values. */
const asRecord = (row: TaskRow): ScheduledTaskRecord => row as ScheduledTaskRecord;

/**
 * The rows the work in progress may see, said in the query as well as by row-level security: a principal's own tasks,
 * or every principal's in the system scope (the engine's claims). A single-person database, which row-level security
 * does not bind, is held to the same rule.
 */
function inScope() {
  const scope = currentPrincipalScope();
  return scope === SYSTEM_SCOPE ? undefined : eq(scheduledTasks.principalId, scope);
}

/**
 * Whether `after` can be due sooner than `before` was: newly enabled, newly scheduled, or moved earlier. Only then
 * is a sleeping worker worth waking; a later time is found on its next regular tick anyway.
 */
function dueSooner(before: TaskRow | undefined, after: TaskRow): boolean {
  if (!after.enabled || after.nextRunAt === null) return false;
  if (before === undefined || !before.enabled || before.nextRunAt === null) return true;
  return Date.parse(after.nextRunAt) < Date.parse(before.nextRunAt);
}

async function notifyWake(executor: PostgresExecutor, task: TaskRow): Promise<void> {
  const payload: SchedulerWake = { taskId: task.id, nextRunAt: task.nextRunAt as string };
  // Inside the writing transaction: NOTIFY is delivered on commit, so a woken worker always sees the row.
  await executor.execute(sql`SELECT pg_notify(${SCHEDULER_WAKE_CHANNEL}, ${JSON.stringify(payload)})`);
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresScheduledTasksRepository(
  database: PostgresDatabase,
  clock: Clock,
  runs: PostgresTaskRunWrites = createPostgresTaskRunWrites(clock),
): ScheduledTasksRepository {
  const { db } = database;
  const getWith = async (executor: PostgresExecutor, id: number, lock = false) => {
    const query = executor.select(taskColumns).from(scheduledTasks).where(and(eq(scheduledTasks.id, id), inScope()));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };
  const getByNameWith = async (executor: PostgresExecutor, name: string, lock = false) => {
    const query = executor.select(taskColumns).from(scheduledTasks).where(and(eq(scheduledTasks.name, name), inScope()));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };

  const claimOccurrence = async (
    executor: PostgresExecutor,
    id: number,
    owner: string,
    expiresAt: string,
    dueAt: string,
    nextRunAt: string | null,
    options: { disable?: boolean } = {},
  ): Promise<boolean> => {
    const claimed = await executor
      .update(scheduledTasks)
      .set({ leaseOwner: owner, leaseExpiresAt: expiresAt, nextRunAt, ...(options.disable ? { enabled: false } : {}) })
      .where(
        and(
          eq(scheduledTasks.id, id),
          eq(scheduledTasks.enabled, true),
          eq(scheduledTasks.nextRunAt, dueAt),
          or(isNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, nowIso(clock))),
        ),
      )
      .returning({ id: scheduledTasks.id });
    return claimed.length > 0;
  };

  const disableBroken = async (executor: PostgresExecutor, id: number, error: string) => {
    await executor
      .update(scheduledTasks)
      .set({ enabled: false, lastStatus: 'failed', lastError: error, leaseOwner: null, leaseExpiresAt: null, updatedAt: nowIso(clock) })
      .where(eq(scheduledTasks.id, id));
  };

  const completeRunUpdate = (executor: PostgresExecutor, id: number, owner: string, outcome: RunOutcome) => {
    const status = assertEnum('last_status', outcome.lastStatus, TASK_RUN_STATUSES);
    const failed = status === 'failed' || status === 'timeout';
    return executor
      .update(scheduledTasks)
      .set({
        leaseOwner: null,
        leaseExpiresAt: null,
        lastRunAt: outcome.lastRunAt,
        lastStatus: status,
        lastError: outcome.lastError ?? null,
        consecutiveFailures: failed ? sql`${scheduledTasks.consecutiveFailures} + 1` : status === 'succeeded' ? 0 : sql`${scheduledTasks.consecutiveFailures}`,
        ...(outcome.nextRunAt === undefined ? {} : { nextRunAt: outcome.nextRunAt }),
        updatedAt: nowIso(clock),
      })
      .where(and(eq(scheduledTasks.id, id), or(eq(scheduledTasks.leaseOwner, owner), isNull(scheduledTasks.leaseOwner))));
  };

  const nameConflict = (name: string, id: number, hint: string) =>
    new ToolError('CONFLICT', `A scheduled task named "${name}" already exists (id ${id}).`, {
      hint,
      details: { entity: 'scheduled_task', id, name },
    });

  /** The unique name index refused a row: two writers raced for one name (drizzle wraps the driver's error). */
  const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505' || (error as { cause?: { code?: string } } | null)?.cause?.code === '23505';

  const repository: ScheduledTasksRepository = {
    async create(input, options = {}) {
      const name = assertText('name', input.name, MAX_NAME_LENGTH);
      // Named, never left to the column default: in the system scope that default would be `*`, a row nobody owns.
      const principalId = currentPrincipalKey();
      const fields = {
        description: assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH),
        scheduleType: assertEnum('schedule_type', input.scheduleType, SCHEDULE_TYPES),
        scheduleConfig: input.scheduleConfig,
        timezone: input.timezone ?? null,
        handlerType: assertEnum('handler_type', input.handlerType, HANDLER_TYPES),
        handlerConfig: input.handlerConfig ?? {},
        deliveryChannel: input.deliveryChannel == null ? null : assertEnum('delivery_channel', input.deliveryChannel, DELIVERY_CHANNELS),
        deliveryConfig: input.deliveryConfig ?? null,
        enabled: input.enabled ?? true,
        nextRunAt: input.nextRunAt,
        createdBy: assertText('created_by', input.createdBy, MAX_NAME_LENGTH),
      };
      try {
        return await db.transaction(async (tx) => {
          const now = nowIso(clock);
          const existing = await getByNameWith(tx, name, true);
          if (existing) {
            if (!options.upsert) throw nameConflict(name, existing.id, 'Choose another name, or pass upsert: true to replace it.');
            const [task] = await tx.update(scheduledTasks).set({ ...fields, updatedAt: now }).where(eq(scheduledTasks.id, existing.id)).returning(taskColumns);
            if (task && dueSooner(existing, task)) await notifyWake(tx, task);
            return { task: asRecord(task as TaskRow), created: false };
          }
          const [task] = await tx.insert(scheduledTasks).values({ ...fields, name, principalId, createdAt: now, updatedAt: now }).returning(taskColumns);
          if (task && dueSooner(undefined, task)) await notifyWake(tx, task);
          return { task: asRecord(task as TaskRow), created: true };
        });
      } catch (error) {
        // Two processes creating the same name at once: the loser sees the unique index, reported as the usual CONFLICT.
        if (!isUniqueViolation(error)) throw error;
        const existing = await getByNameWith(db, name);
        if (existing === undefined) throw error;
        if (options.upsert) return repository.create(input, options);
        throw nameConflict(name, existing.id, 'Choose another name, or pass upsert: true to replace it.');
      }
    },

    async get(id) {
      const row = await getWith(db, id);
      return row && asRecord(row);
    },

    async getByName(name) {
      const row = await getByNameWith(db, name);
      return row && asRecord(row);
    },

    async list(filters, request) {
      const handlerType = filters.handlerType === undefined ? undefined : assertEnum('handler_type', filters.handlerType, HANDLER_TYPES);
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, SCHEDULED_TASK_LIST_LIMITS, 'scheduled_tasks', { enabledOnly, handlerType });
      const where = and(
        inScope(),
        enabledOnly ? eq(scheduledTasks.enabled, true) : undefined,
        handlerType === undefined ? undefined : eq(scheduledTasks.handlerType, handlerType),
      );
      const rows = await db
        .select(taskColumns)
        .from(scheduledTasks)
        .where(where)
        // `NULLS LAST` is PostgreSQL's default for ascending order; spelled out to match the SQLite order exactly.
        .orderBy(sql`${scheduledTasks.nextRunAt} ASC NULLS LAST`, sql`${scheduledTasks.name} COLLATE "C"`, asc(scheduledTasks.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(scheduledTasks).where(where);
      return closePage(rows.map(asRecord), window, { total: count?.n ?? 0 });
    },

    async all() {
      // Byte order, as SQLite's default BINARY collation sorts names.
      const rows = await db.select(taskColumns).from(scheduledTasks).where(inScope()).orderBy(sql`${scheduledTasks.name} COLLATE "C"`, asc(scheduledTasks.id));
      return rows.map(asRecord);
    },

    async update(id, patch) {
      const set: Partial<typeof scheduledTasks.$inferInsert> = {};
      if (patch.name !== undefined) set.name = assertText('name', patch.name, MAX_NAME_LENGTH);
      if (patch.description !== undefined) set.description = assertMaxLength('description', patch.description.trim(), MAX_VALUE_LENGTH);
      if (patch.scheduleType !== undefined) set.scheduleType = assertEnum('schedule_type', patch.scheduleType, SCHEDULE_TYPES);
      if (patch.scheduleConfig !== undefined) set.scheduleConfig = patch.scheduleConfig;
      if (patch.timezone !== undefined) set.timezone = patch.timezone;
      if (patch.handlerConfig !== undefined) set.handlerConfig = patch.handlerConfig;
      if (patch.deliveryChannel !== undefined) {
        set.deliveryChannel = patch.deliveryChannel === null ? null : assertEnum('delivery_channel', patch.deliveryChannel, DELIVERY_CHANNELS);
      }
      if (patch.deliveryConfig !== undefined) set.deliveryConfig = patch.deliveryConfig;
      if (patch.enabled !== undefined) set.enabled = patch.enabled;
      if (patch.nextRunAt !== undefined) set.nextRunAt = patch.nextRunAt;
      try {
        return await db.transaction(async (tx) => {
          if (set.name !== undefined) {
            const clash = await getByNameWith(tx, set.name);
            if (clash && clash.id !== id) throw nameConflict(set.name, clash.id, 'Choose another name.');
          }
          // Locked so the "due sooner" comparison is against the row this update replaces.
          const before = await getWith(tx, id, true);
          if (before === undefined) return undefined;
          const [task] = await tx.update(scheduledTasks).set({ ...set, updatedAt: nowIso(clock) }).where(and(eq(scheduledTasks.id, id), inScope())).returning(taskColumns);
          if (task && dueSooner(before, task)) await notifyWake(tx, task);
          return task && asRecord(task);
        });
      } catch (error) {
        if (!isUniqueViolation(error) || set.name === undefined) throw error;
        const clash = await getByNameWith(db, set.name);
        if (clash === undefined) throw error;
        throw nameConflict(set.name, clash.id, 'Choose another name.');
      }
    },

    async delete(id) {
      return (await db.delete(scheduledTasks).where(and(eq(scheduledTasks.id, id), inScope())).returning({ id: scheduledTasks.id })).length > 0;
    },

    async listDue(now, limit) {
      const rows = await db
        .select(taskColumns)
        .from(scheduledTasks)
        .where(
          and(
            inScope(),
            eq(scheduledTasks.enabled, true),
            isNotNull(scheduledTasks.nextRunAt),
            lte(scheduledTasks.nextRunAt, now),
            or(isNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now)),
          ),
        )
        .orderBy(asc(scheduledTasks.nextRunAt), asc(scheduledTasks.id))
        .limit(limit)
        // Rows another worker is claiming at this instant (its claim transaction holds them) are left out instead of
        // waited for: that worker is about to take them, and this one's batch goes to the rows nobody holds.
        .for('update', { skipLocked: true });
      return rows.map(asRecord);
    },

    async acquireLease(id, owner, expiresAt) {
      const now = nowIso(clock);
      const taken = await db
        .update(scheduledTasks)
        .set({ leaseOwner: owner, leaseExpiresAt: expiresAt })
        .where(
          and(
            eq(scheduledTasks.id, id),
            or(isNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now), eq(scheduledTasks.leaseOwner, owner)),
          ),
        )
        .returning({ id: scheduledTasks.id });
      return taken.length > 0;
    },

    claimOccurrence: (id, owner, expiresAt, dueAt, nextRunAt, options) => claimOccurrence(db, id, owner, expiresAt, dueAt, nextRunAt, options),

    async claimDue(id, owner, expiresAt, dueAt, claim) {
      return db.transaction(async (tx): Promise<DueClaimResult> => {
        if (claim.kind === 'broken') {
          // Only the process that would have claimed it records the failure: claim it first.
          if (!(await claimOccurrence(tx, id, owner, expiresAt, dueAt, null, { disable: true }))) return { outcome: 'lost' };
          const failed = await runs.start(tx, { taskId: id, trigger: 'scheduled' });
          await runs.finish(tx, failed.id, { status: 'failed', error: claim.runError });
          await disableBroken(tx, id, claim.taskError);
          return { outcome: 'disabled' };
        }
        if (!(await claimOccurrence(tx, id, owner, expiresAt, dueAt, claim.nextRunAt, { disable: claim.nextRunAt === null }))) return { outcome: 'lost' };
        const run = await runs.start(tx, { taskId: id, trigger: 'scheduled' });
        if (claim.kind === 'run') return { outcome: 'claimed', runId: run.id };
        await runs.finish(tx, run.id, { status: 'skipped', error: claim.reason });
        await completeRunUpdate(tx, id, owner, { lastRunAt: claim.lastRunAt, lastStatus: 'skipped' });
        return { outcome: 'skipped' };
      });
    },

    async reclaimOrphaned(id, owner, expiresAt) {
      const now = nowIso(clock);
      const taken = await db
        .update(scheduledTasks)
        .set({ leaseOwner: owner, leaseExpiresAt: expiresAt })
        .where(and(eq(scheduledTasks.id, id), isNotNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now)))
        .returning({ id: scheduledTasks.id });
      return taken.length > 0;
    },

    async listOrphaned(now, limit) {
      const rows = await db
        .select(taskColumns)
        .from(scheduledTasks)
        .where(and(inScope(), isNotNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now)))
        .orderBy(asc(scheduledTasks.leaseExpiresAt), asc(scheduledTasks.id))
        .limit(limit);
      return rows.map(asRecord);
    },

    disableBroken: (id, error) => disableBroken(db, id, error),

    async releaseLease(id, owner) {
      const released = await db
        .update(scheduledTasks)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(and(eq(scheduledTasks.id, id), eq(scheduledTasks.leaseOwner, owner)))
        .returning({ id: scheduledTasks.id });
      return released.length > 0;
    },

    async renewLease(id, owner, expiresAt) {
      const renewed = await db
        .update(scheduledTasks)
        .set({ leaseExpiresAt: expiresAt })
        .where(and(eq(scheduledTasks.id, id), eq(scheduledTasks.leaseOwner, owner)))
        .returning({ id: scheduledTasks.id });
      return renewed.length > 0;
    },

    async completeRun(id, owner, outcome) {
      const [task] = await completeRunUpdate(db, id, owner, outcome).returning(taskColumns);
      return task && asRecord(task);
    },

    async finishRun(id, owner, outcome, run) {
      if (run === undefined) return (await completeRunUpdate(db, id, owner, outcome).returning({ id: scheduledTasks.id })).length > 0;
      return db.transaction(async (tx) => {
        await runs.finish(tx, run.id, run);
        return (await completeRunUpdate(tx, id, owner, outcome).returning({ id: scheduledTasks.id })).length > 0;
      });
    },
  };
  return repository;
}
