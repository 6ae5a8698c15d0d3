/**
 * Proactive tables on PostgreSQL: suggestion dismissals/pushes and the local notification log, column for column as
 * on SQLite.
 */
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, NOTIFICATION_URGENCIES, SUGGESTION_CATEGORIES } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, updatedAtColumn } from './columns.js';

export const suggestionState = pgTable(
  'suggestion_state',
  {
    principalId: principalColumn(),
    key: text('key').notNull(),
    category: text('category', { enum: SUGGESTION_CATEGORIES }).notNull(),
    dismissedAt: isoTimestamp('dismissed_at'),
    snoozeUntil: isoTimestamp('snooze_until'),
    lastPushedAt: isoTimestamp('last_pushed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  // A dismissal is one person's: two people may dismiss the same suggestion.
  (t) => [primaryKey({ columns: [t.key, t.principalId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    principalId: principalColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    body: text('body').notNull(),
    urgency: text('urgency', { enum: NOTIFICATION_URGENCIES }).notNull().default('normal'),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull(),
    origin: text('origin', { enum: NOTIFICATION_ORIGINS }).notNull(),
    runId: text('run_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_created_at_idx').on(t.createdAt), index('notifications_run_id_idx').on(t.runId)],
);
