/**
 * Webhook events on PostgreSQL: the same `WebhookEventsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065). A delivery is stored exactly once however
 * many receivers write it at the same moment: the unique indexes on (source, delivery id) and (source, content
 * digest) decide, in the insert itself.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, WEBHOOK_EVENT_LIST_LIMITS, WEBHOOK_STATUSES, type WebhookEventRecord, type WebhookEventsRepository } from '@chief-of-staff/stores';
import { assertEnum, newWebhookEventValues, nowIso, webhookEventChanges } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { webhookEvents } from '../schema/webhooks.js';
import { rowColumns } from '../row-columns.js';

type Row = Omit<typeof webhookEvents.$inferSelect, 'principalId'>;

/** `received_via` is plain text in the PostgreSQL schema; only the repository writes it, from the checked values. */
function toRecord(row: Row): WebhookEventRecord {
  return { ...row, receivedVia: row.receivedVia as WebhookEventRecord['receivedVia'] };
}

/** How many times an insert looks again when the event it collided with was purged before it could be read. */
const INSERT_ATTEMPTS = 3;

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresWebhookEventsRepository(database: PostgresDatabase, clock: Clock): WebhookEventsRepository {
  const { db } = database;

  /** The stored event a new one collides with: the same delivery id first, then the same signed content (as SQLite). */
  const existingFor = async (values: { source: string; deliveryId: string; contentDigest: string | null }): Promise<Row | undefined> => {
    const [byDelivery] = await db
      .select(rowColumns(webhookEvents))
      .from(webhookEvents)
      .where(and(eq(webhookEvents.source, values.source), eq(webhookEvents.deliveryId, values.deliveryId)));
    if (byDelivery !== undefined || values.contentDigest === null) return byDelivery;
    const [byContent] = await db
      .select(rowColumns(webhookEvents))
      .from(webhookEvents)
      .where(and(eq(webhookEvents.source, values.source), eq(webhookEvents.contentDigest, values.contentDigest)));
    return byContent;
  };

  return {
    async insert(input) {
      const values = refuseNulCharacters(newWebhookEventValues(input, nowIso(clock)));
      for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt += 1) {
        // ON CONFLICT DO NOTHING covers both unique indexes; a writer racing on the same delivery waits for the
        // other's commit and then inserts nothing, so exactly one of them stores it.
        const [inserted] = await db.insert(webhookEvents).values(values).onConflictDoNothing().returning(rowColumns(webhookEvents));
        if (inserted !== undefined) return { event: toRecord(inserted), duplicate: false };
        const existing = await existingFor(values);
        if (existing !== undefined) return { event: toRecord(existing), duplicate: true };
      }
      throw new Error(`webhook event ${values.source}/${values.deliveryId} collided with an event that kept disappearing`);
    },

    async get(id) {
      const [row] = await db.select(rowColumns(webhookEvents)).from(webhookEvents).where(eq(webhookEvents.id, id));
      return row === undefined ? undefined : toRecord(row);
    },

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, WEBHOOK_STATUSES);
      const window = openPage(request, WEBHOOK_EVENT_LIST_LIMITS, 'webhook_events', { ...filters, status });
      if (holdsNul(filters.source, filters.eventType)) return closePage([], window, { total: 0 });
      const where = and(
        status === undefined ? undefined : eq(webhookEvents.status, status),
        filters.source === undefined ? undefined : eq(webhookEvents.source, filters.source),
        filters.eventType === undefined ? undefined : eq(webhookEvents.eventType, filters.eventType),
        filters.since === undefined ? undefined : gte(webhookEvents.receivedAt, filters.since),
      );
      const rows = await db
        .select(rowColumns(webhookEvents))
        .from(webhookEvents)
        .where(where)
        .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(where);
      return closePage(rows.map(toRecord), window, { total: count?.n ?? 0 });
    },

    async listByStatus(status, limit) {
      const rows = await db
        .select(rowColumns(webhookEvents))
        .from(webhookEvents)
        .where(eq(webhookEvents.status, assertEnum('status', status, WEBHOOK_STATUSES)))
        .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id))
        .limit(limit);
      return rows.map(toRecord);
    },

    async update(id, changes) {
      const [row] = await db.update(webhookEvents).set(refuseNulCharacters(webhookEventChanges(changes, nowIso(clock)))).where(eq(webhookEvents.id, id)).returning(rowColumns(webhookEvents));
      return row === undefined ? undefined : toRecord(row);
    },

    async purgeOlderThan(cutoff, statuses) {
      if (statuses.length === 0) return 0;
      const deleted = await db
        .delete(webhookEvents)
        .where(and(lt(webhookEvents.receivedAt, cutoff), inArray(webhookEvents.status, [...statuses])))
        .returning({ id: webhookEvents.id });
      return deleted.length;
    },
  };
}
