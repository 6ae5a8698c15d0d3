/**
 * The SQLite adapter of `WebhookEventsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { webhookEvents } from '../db/schema/webhooks.js';
import { closePage, openPage, WEBHOOK_EVENT_LIST_LIMITS, WEBHOOK_STATUSES, type WebhookEventsRepository } from '@chief-of-staff/stores';
import { assertEnum, newWebhookEventValues, nowIso, webhookEventChanges } from '@chief-of-staff/stores/adapter-kit';

export function createWebhookEventsRepository(database: CosDatabase, clock: Clock): WebhookEventsRepository {
  const { db } = database;
  const get = (id: number) => db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).get();

  return {
    async insert(input) {
      const values = newWebhookEventValues(input, nowIso(clock));
      const { source, deliveryId, contentDigest } = values;
      return database.writeTransaction(() => {
        const existing = db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.source, source), eq(webhookEvents.deliveryId, deliveryId)))
          .get();
        if (existing) return { event: existing, duplicate: true };
        if (contentDigest !== null) {
          const replayed = db
            .select()
            .from(webhookEvents)
            .where(and(eq(webhookEvents.source, source), eq(webhookEvents.contentDigest, contentDigest)))
            .get();
          if (replayed) return { event: replayed, duplicate: true };
        }
        const event = db.insert(webhookEvents).values(values).returning().get();
        return { event, duplicate: false };
      });
    },

    get: async (...args) => get(...args),

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, WEBHOOK_STATUSES);
      const window = openPage(request, WEBHOOK_EVENT_LIST_LIMITS, 'webhook_events', { ...filters, status });
      const where = and(
        status === undefined ? undefined : eq(webhookEvents.status, status),
        filters.source === undefined ? undefined : eq(webhookEvents.source, filters.source),
        filters.eventType === undefined ? undefined : eq(webhookEvents.eventType, filters.eventType),
        filters.since === undefined ? undefined : gte(webhookEvents.receivedAt, filters.since),
      );
      const rows = db
        .select()
        .from(webhookEvents)
        .where(where)
        .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(webhookEvents).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    listByStatus: async (status, limit) =>
      db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.status, assertEnum('status', status, WEBHOOK_STATUSES)))
        .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id))
        .limit(limit)
        .all(),

    async update(id, changes) {
      return db.update(webhookEvents).set(webhookEventChanges(changes, nowIso(clock))).where(eq(webhookEvents.id, id)).returning().get();
    },

    purgeOlderThan: async (cutoff, statuses) =>
      statuses.length === 0
        ? 0
        : db
            .delete(webhookEvents)
            .where(and(lt(webhookEvents.receivedAt, cutoff), inArray(webhookEvents.status, [...statuses])))
            .run().changes,
  };
}
