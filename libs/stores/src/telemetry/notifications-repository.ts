/**
 * The local notification log (docs/reference/data-model.md#tables, send_notification in
 * docs/reference/tool-catalogue.md#personal-data-providers): every notification is written here whatever channel
 * carried it; the per-run count backs the "max 5 per agent run" rule.
 */
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { notifications } from '../db/schema/proactive.js';
import {
  NOTIFICATION_ORIGINS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_URGENCIES,
  type NotificationOrigin,
  type NotificationStatus,
  type NotificationUrgency,
} from '../db/schema/enums.js';
import { closePage, openPage, type Page, type PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, nowIso } from '../db/validation.js';

export type NotificationRecord = typeof notifications.$inferSelect;

export interface RecordNotificationInput {
  title: string;
  subtitle?: string | null;
  body: string;
  urgency?: NotificationUrgency;
  channels: string[];
  status: NotificationStatus;
  origin: NotificationOrigin;
  runId?: string | null;
}

export const NOTIFICATION_LIST_LIMITS = { defaultLimit: 25, maxLimit: 200 };

export interface NotificationsRepository {
  record(input: RecordNotificationInput): NotificationRecord;
  countForRun(runId: string): number;
  /** Newest first. */
  list(page: PageRequest): Page<NotificationRecord>;
  purgeOlderThan(cutoff: string): number;
}

export function createNotificationsRepository(database: CosDatabase, clock: Clock): NotificationsRepository {
  const { db } = database;
  return {
    record: (input) =>
      db
        .insert(notifications)
        .values({
          title: assertText('title', input.title, 200),
          subtitle: input.subtitle ?? null,
          body: input.body,
          urgency: assertEnum('urgency', input.urgency ?? 'normal', NOTIFICATION_URGENCIES),
          channels: input.channels,
          status: assertEnum('status', input.status, NOTIFICATION_STATUSES),
          origin: assertEnum('origin', input.origin, NOTIFICATION_ORIGINS),
          runId: input.runId ?? null,
          createdAt: nowIso(clock),
        })
        .returning()
        .get(),
    countForRun: (runId) => db.select({ n: sql<number>`count(*)` }).from(notifications).where(eq(notifications.runId, runId)).get()?.n ?? 0,
    list(request) {
      const window = openPage(request, NOTIFICATION_LIST_LIMITS, 'notifications', {});
      const rows = db
        .select()
        .from(notifications)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      return closePage(rows, window);
    },
    purgeOlderThan: (cutoff) => db.delete(notifications).where(lt(notifications.createdAt, cutoff)).run().changes,
  };
}
