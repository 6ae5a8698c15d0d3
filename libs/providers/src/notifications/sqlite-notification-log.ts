/** The notification log in the `notifications` table: every notification lands here, whatever else delivered it. */
import { type CosDatabase, notifications } from '@chief-of-staff/stores';
import type { NotificationLog, NotificationLogEntry } from './notifier-chain.js';

export function createSqliteNotificationLog(store: CosDatabase): NotificationLog {
  return {
    append(entry: NotificationLogEntry): number {
      return store.db
        .insert(notifications)
        .values({
          title: entry.title,
          subtitle: entry.subtitle,
          body: entry.body,
          urgency: entry.urgency,
          channels: entry.channels,
          status: entry.status,
          origin: entry.origin,
          runId: entry.runId,
        })
        .returning({ id: notifications.id })
        .get().id;
    },
    countForRun(runId: string): number {
      return (store.sqlite.prepare(`SELECT count(*) AS n FROM notifications WHERE run_id = ?`).get(runId) as { n: number }).n;
    },
  };
}
