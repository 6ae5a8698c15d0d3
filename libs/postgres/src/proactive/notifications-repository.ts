/**
 * The notification log on PostgreSQL: the same `NotificationsRepository` port, records and errors as the SQLite
 * adapter of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065).
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, NOTIFICATION_LIST_LIMITS, NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, openPage, type NotificationRecord, type NotificationsRepository } from '@chief-of-staff/stores';
import { assertEnum, notificationValues, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { notifications } from '../schema/proactive.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresNotificationsRepository(database: PostgresDatabase, clock: Clock): NotificationsRepository {
  const { db } = database;
  return {
    async record(input) {
      const [row] = await db.insert(notifications).values(refuseNulCharacters(notificationValues(input, nowIso(clock)))).returning(rowColumns(notifications));
      return row as NotificationRecord;
    },

    async countForRun(runId) {
      if (holdsNul(runId)) return 0;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.runId, runId));
      return count?.n ?? 0;
    },

    async list(filters, request) {
      const origin = filters.origin === undefined ? undefined : assertEnum('origin', filters.origin, NOTIFICATION_ORIGINS);
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, NOTIFICATION_STATUSES);
      const window = openPage(request, NOTIFICATION_LIST_LIMITS, 'notifications', { since: filters.since, origin, status });
      const where = and(
        filters.since === undefined ? undefined : gte(notifications.createdAt, filters.since),
        origin === undefined ? undefined : eq(notifications.origin, origin),
        status === undefined ? undefined : eq(notifications.status, status),
      );
      const rows = await db
        .select(rowColumns(notifications))
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where);
      return closePage(rows as NotificationRecord[], window, { total: count?.n ?? 0 });
    },

    async purgeOlderThan(cutoff) {
      return (await db.delete(notifications).where(lt(notifications.createdAt, cutoff)).returning({ id: notifications.id })).length;
    },
  };
}
