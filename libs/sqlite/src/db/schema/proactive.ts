/**
 * Proactive tables (docs/reference/data-model.md#tables): suggestion dismissals/pushes and the local notification
 * log.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, NOTIFICATION_URGENCIES, SUGGESTION_CATEGORIES } from '@chief-of-staff/stores';

/** Dismissals, snoozes and pushes of proactive suggestions; never stored as facts. */
export const suggestionState = sqliteTable('suggestion_state', {
  key: text('key').primaryKey(),
  category: text('category', { enum: SUGGESTION_CATEGORIES }).notNull(),
  dismissedAt: text('dismissed_at'),
  snoozeUntil: text('snooze_until'),
  lastPushedAt: text('last_pushed_at'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export const notifications = sqliteTable(
  'notifications',
  {
    id: idColumn(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    body: text('body').notNull(),
    urgency: text('urgency', { enum: NOTIFICATION_URGENCIES }).notNull().default('normal'),
    /** Channels that carried the notification, e.g. `["desktop","webhook"]`. */
    channels: text('channels', { mode: 'json' }).$type<string[]>().notNull().default([]),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull(),
    origin: text('origin', { enum: NOTIFICATION_ORIGINS }).notNull(),
    /** Agent run that sent it, when any (used for the per-run cap). */
    runId: text('run_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_created_at_idx').on(t.createdAt), index('notifications_run_id_idx').on(t.runId)],
);
