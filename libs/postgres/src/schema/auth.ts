/**
 * Sign-in tables on PostgreSQL: users and their personal access tokens (ADR 0074), column for column as on SQLite.
 */
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '@chief-of-staff/stores/adapter-kit';
import { createdAtColumn, idColumn, isoTimestamp, updatedAtColumn } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    displayPrefix: text('display_prefix').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: isoTimestamp('last_used_at'),
    expiresAt: isoTimestamp('expires_at'),
    revokedAt: isoTimestamp('revoked_at'),
  },
  (t) => [uniqueIndex('access_tokens_hash_idx').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);
