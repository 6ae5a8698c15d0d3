/**
 * Local reminders tables (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#personal-data-providers): reminder lists (one is the default) and reminders.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { REMINDER_PRIORITIES } from '@chief-of-staff/stores/adapter-kit';

export const reminderLists = sqliteTable(
  'reminder_lists',
  {
    id: idColumn(),
    name: text('name').notNull(),
    color: text('color'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    /** CalDAV lists: the collection mirrored, its ctag at the last sync, and when that was. */
    remoteUrl: text('remote_url'),
    remoteCtag: text('remote_ctag'),
    lastSyncedAt: text('last_synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('reminder_lists_name_uq').on(t.name)],
);

export const reminders = sqliteTable(
  'reminders',
  {
    id: idColumn(),
    listId: integer('list_id')
      .notNull()
      .references(() => reminderLists.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    /** `YYYY-MM-DD`. */
    dueDate: text('due_date'),
    /** UTC instant when the reminder has a time. */
    dueAt: text('due_at'),
    priority: text('priority', { enum: REMINDER_PRIORITIES }).notNull().default('none'),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    completedAt: text('completed_at'),
    /** CalDAV lists: the URL and ETag of the server object holding this to-do. */
    remoteHref: text('remote_href'),
    remoteEtag: text('remote_etag'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('reminders_list_uid_uq').on(t.listId, t.uid),
    index('reminders_completed_due_date_idx').on(t.completed, t.dueDate),
  ],
);
