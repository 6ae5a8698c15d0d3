/**
 * The SQLite adapter of `ScheduledTasksRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, eq, isNotNull, lte, or, isNull, lt, sql } from 'drizzle-orm';
import { OWNER_PRINCIPAL, ToolError, type Clock } from '@chief-of-staff/core';
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '../db/open-database.js';
import { scheduledTasks } from '../db/schema/scheduler.js';
import { closePage, DELIVERY_CHANNELS, openPage, SCHEDULED_TASK_LIST_LIMITS, type DueClaimResult, type RunOutcome, type ScheduledTaskRecord, type ScheduledTasksRepository } from '@chief-of-staff/stores';
import { assertEnum, assertMaxLength, assertText, HANDLER_TYPES, MAX_NAME_LENGTH, MAX_VALUE_LENGTH, nowIso, SCHEDULE_TYPES, TASK_RUN_STATUSES } from '@chief-of-staff/stores/adapter-kit';
import { createTaskRunWrites, type TaskRunWrites } from './task-runs-repository.js';

type TaskRow = typeof scheduledTasks.$inferSelect;

/** The embedded store is single-person: every task is the owner's. */
const ownersTask = (row: TaskRow): ScheduledTaskRecord => ({ ...row, principal: OWNER_PRINCIPAL });
const ownersTaskOrUndefined = (row: TaskRow | undefined): ScheduledTaskRecord | undefined => row && ownersTask(row);

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createScheduledTasksRepository(
  database: CosDatabase,
  clock: Clock,
  runs: TaskRunWrites = createTaskRunWrites(database, clock),
): ScheduledTasksRepository {
  const { db } = database;
  const get = (id: number) => db.select().from(scheduledTasks).where(eq(scheduledTasks.id, id)).get();
  const getByName = (name: string) => db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)).get();
  let claimStatement: Statement | undefined;
  // Prepared on first use (not when the store opens: a store opened on an older schema must not fail on a column a
  // later migration adds), then kept: every worker's tick asks.
  const prepareDue = () =>
    db
      .select()
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.enabled, true),
          isNotNull(scheduledTasks.nextRunAt),
          lte(scheduledTasks.nextRunAt, sql.placeholder('now')),
          or(isNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, sql.placeholder('now'))),
        ),
      )
      .orderBy(asc(scheduledTasks.nextRunAt), asc(scheduledTasks.id))
      .limit(sql.placeholder('limit'))
      .prepare();
  let dueStatement: ReturnType<typeof prepareDue> | undefined;

  const claimOccurrence = (id: number, owner: string, expiresAt: string, dueAt: string, nextRunAt: string | null, options: { disable?: boolean } = {}) => {
    // A prepared statement: this runs once per occurrence in every worker's tick, and building it with the query
    // builder each time cost more than executing it.
    claimStatement ??= database.sqlite.prepare(
      `UPDATE scheduled_tasks SET lease_owner = @owner, lease_expires_at = @expiresAt, next_run_at = @nextRunAt,
         enabled = CASE WHEN @disable = 1 THEN 0 ELSE enabled END
       WHERE id = @id AND enabled = 1 AND next_run_at = @dueAt AND (lease_owner IS NULL OR lease_expires_at < @now)`,
    );
    return claimStatement.run({ id, owner, expiresAt, dueAt, nextRunAt, disable: options.disable ? 1 : 0, now: nowIso(clock) }).changes > 0;
  };

  const disableBroken = (id: number, error: string) => {
    db.update(scheduledTasks)
      .set({ enabled: false, lastStatus: 'failed', lastError: error, leaseOwner: null, leaseExpiresAt: null, updatedAt: nowIso(clock) })
      .where(eq(scheduledTasks.id, id))
      .run();
  };

  let completeStatement: Statement | undefined;
  /** A run's end on its task: lease released, outcome recorded. Prepared once: every scheduled run ends with it. */
  const completeRunNow = (id: number, owner: string, outcome: RunOutcome): boolean => {
    const status = assertEnum('last_status', outcome.lastStatus, TASK_RUN_STATUSES);
    completeStatement ??= database.sqlite.prepare(
      `UPDATE scheduled_tasks SET lease_owner = NULL, lease_expires_at = NULL, last_run_at = @lastRunAt, last_status = @status,
         last_error = @lastError,
         consecutive_failures = CASE WHEN @status IN ('failed', 'timeout') THEN consecutive_failures + 1 WHEN @status = 'succeeded' THEN 0 ELSE consecutive_failures END,
         next_run_at = CASE WHEN @setNext = 1 THEN @nextRunAt ELSE next_run_at END,
         updated_at = @now
       WHERE id = @id AND (lease_owner = @owner OR lease_owner IS NULL)`,
    );
    return (
      completeStatement.run({
        id,
        owner,
        status,
        lastRunAt: outcome.lastRunAt,
        lastError: outcome.lastError ?? null,
        setNext: outcome.nextRunAt === undefined ? 0 : 1,
        nextRunAt: outcome.nextRunAt ?? null,
        now: nowIso(clock),
      }).changes > 0
    );
  };

  return {
    async create(input, options = {}) {
      const name = assertText('name', input.name, MAX_NAME_LENGTH);
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
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = getByName(name);
        if (existing) {
          if (!options.upsert) {
            throw new ToolError('CONFLICT', `A scheduled task named "${name}" already exists (id ${existing.id}).`, {
              hint: 'Choose another name, or pass upsert: true to replace it.',
              details: { entity: 'scheduled_task', id: existing.id, name },
            });
          }
          const task = db.update(scheduledTasks).set({ ...fields, updatedAt: now }).where(eq(scheduledTasks.id, existing.id)).returning().get();
          return { task: ownersTask(task as TaskRow), created: false };
        }
        const task = db.insert(scheduledTasks).values({ ...fields, name, createdAt: now, updatedAt: now }).returning().get();
        return { task: ownersTask(task), created: true };
      });
    },

    get: async (...args) => ownersTaskOrUndefined(get(...args)),
    getByName: async (...args) => ownersTaskOrUndefined(getByName(...args)),

    async list(filters, request) {
      const handlerType = filters.handlerType === undefined ? undefined : assertEnum('handler_type', filters.handlerType, HANDLER_TYPES);
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, SCHEDULED_TASK_LIST_LIMITS, 'scheduled_tasks', { enabledOnly, handlerType });
      const where = and(
        enabledOnly ? eq(scheduledTasks.enabled, true) : undefined,
        handlerType === undefined ? undefined : eq(scheduledTasks.handlerType, handlerType),
      );
      const rows = db
        .select()
        .from(scheduledTasks)
        .where(where)
        .orderBy(sql`${scheduledTasks.nextRunAt} IS NULL`, asc(scheduledTasks.nextRunAt), asc(scheduledTasks.name), asc(scheduledTasks.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(scheduledTasks).where(where).get()?.n ?? 0;
      return closePage(rows.map(ownersTask), window, { total });
    },

    all: async () => db.select().from(scheduledTasks).orderBy(asc(scheduledTasks.name), asc(scheduledTasks.id)).all().map(ownersTask),

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
      return database.writeTransaction(() => {
        if (set.name !== undefined) {
          const clash = getByName(set.name);
          if (clash && clash.id !== id) {
            throw new ToolError('CONFLICT', `A scheduled task named "${set.name}" already exists (id ${clash.id}).`, {
              hint: 'Choose another name.',
              details: { entity: 'scheduled_task', id: clash.id, name: set.name },
            });
          }
        }
        return ownersTaskOrUndefined(db.update(scheduledTasks).set({ ...set, updatedAt: nowIso(clock) }).where(eq(scheduledTasks.id, id)).returning().get());
      });
    },

    delete: async (id) => db.delete(scheduledTasks).where(eq(scheduledTasks.id, id)).run().changes > 0,

    listDue: async (now, limit) => (dueStatement ??= prepareDue()).all({ now, limit }).map(ownersTask),

    async acquireLease(id, owner, expiresAt) {
      const now = nowIso(clock);
      return (
        db
          .update(scheduledTasks)
          .set({ leaseOwner: owner, leaseExpiresAt: expiresAt })
          .where(
            and(
              eq(scheduledTasks.id, id),
              or(isNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now), eq(scheduledTasks.leaseOwner, owner)),
            ),
          )
          .run().changes > 0
      );
    },

    claimOccurrence: async (id, owner, expiresAt, dueAt, nextRunAt, options) => claimOccurrence(id, owner, expiresAt, dueAt, nextRunAt, options),

    async claimDue(id, owner, expiresAt, dueAt, claim) {
      return database.writeTransaction((): DueClaimResult => {
        if (claim.kind === 'broken') {
          // Only the process that would have claimed it records the failure: claim it first.
          if (!claimOccurrence(id, owner, expiresAt, dueAt, null, { disable: true })) return { outcome: 'lost' };
          runs.finish(runs.start({ taskId: id, trigger: 'scheduled' }).id, { status: 'failed', error: claim.runError });
          disableBroken(id, claim.taskError);
          return { outcome: 'disabled' };
        }
        if (!claimOccurrence(id, owner, expiresAt, dueAt, claim.nextRunAt, { disable: claim.nextRunAt === null })) return { outcome: 'lost' };
        const run = runs.start({ taskId: id, trigger: 'scheduled' });
        if (claim.kind === 'run') return { outcome: 'claimed', runId: run.id };
        runs.finish(run.id, { status: 'skipped', error: claim.reason });
        completeRunNow(id, owner, { lastRunAt: claim.lastRunAt, lastStatus: 'skipped' });
        return { outcome: 'skipped' };
      });
    },

    async reclaimOrphaned(id, owner, expiresAt) {
      const now = nowIso(clock);
      return (
        db
          .update(scheduledTasks)
          .set({ leaseOwner: owner, leaseExpiresAt: expiresAt })
          .where(and(eq(scheduledTasks.id, id), isNotNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now)))
          .run().changes > 0
      );
    },

    async listOrphaned(now, limit) {
      return db
        .select()
        .from(scheduledTasks)
        .where(and(isNotNull(scheduledTasks.leaseOwner), lt(scheduledTasks.leaseExpiresAt, now)))
        .orderBy(asc(scheduledTasks.leaseExpiresAt), asc(scheduledTasks.id))
        .limit(limit)
        .all()
        .map(ownersTask);
    },

    disableBroken: async (id, error) => disableBroken(id, error),

    releaseLease: async (id, owner) =>
      db
        .update(scheduledTasks)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(and(eq(scheduledTasks.id, id), eq(scheduledTasks.leaseOwner, owner)))
        .run().changes > 0,

    renewLease: async (id, owner, expiresAt) =>
      db
        .update(scheduledTasks)
        .set({ leaseExpiresAt: expiresAt })
        .where(and(eq(scheduledTasks.id, id), eq(scheduledTasks.leaseOwner, owner)))
        .run().changes > 0,

    completeRun: async (id, owner, outcome) => database.writeTransaction(() => (completeRunNow(id, owner, outcome) ? ownersTaskOrUndefined(get(id)) : undefined)),

    async finishRun(id, owner, outcome, run) {
      if (run === undefined) return completeRunNow(id, owner, outcome);
      return database.writeTransaction(() => {
        runs.finish(run.id, run);
        return completeRunNow(id, owner, outcome);
      });
    },
  };
}
