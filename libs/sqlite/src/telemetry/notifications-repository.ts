/**
 * The SQLite adapter of `NotificationsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { notifications } from '../db/schema/proactive.js';
import { closePage, NOTIFICATION_LIST_LIMITS, NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, openPage, type NotificationsRepository } from '@chief-of-staff/stores';
import { assertEnum, notificationValues, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createNotificationsRepository(database: CosDatabase, clock: Clock): NotificationsRepository {
  const { db } = database;
  return {
    record: async (input) => db.insert(notifications).values(notificationValues(input, nowIso(clock))).returning().get(),
    countForRun: async (runId) => db.select({ n: sql<number>`count(*)` }).from(notifications).where(eq(notifications.runId, runId)).get()?.n ?? 0,
    async list(filters, request) {
      const origin = filters.origin === undefined ? undefined : assertEnum('origin', filters.origin, NOTIFICATION_ORIGINS);
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, NOTIFICATION_STATUSES);
      const window = openPage(request, NOTIFICATION_LIST_LIMITS, 'notifications', { since: filters.since, origin, status });
      const where = and(
        filters.since === undefined ? undefined : gte(notifications.createdAt, filters.since),
        origin === undefined ? undefined : eq(notifications.origin, origin),
        status === undefined ? undefined : eq(notifications.status, status),
      );
      const rows = db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(notifications).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },
    purgeOlderThan: async (cutoff) => db.delete(notifications).where(lt(notifications.createdAt, cutoff)).run().changes,
  };
}
