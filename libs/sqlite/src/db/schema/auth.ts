/**
 * Sign-in tables: the people (users) a shared deployment serves, and their personal access tokens (ADR 0074).
 * Tokens are stored as SHA-256 hashes; the token itself is shown once, when created.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { USER_STATUSES } from '@chief-of-staff/stores/adapter-kit';

export const users = sqliteTable(
  'users',
  {
    id: idColumn(),
    /** Case-folded, so one address is one user however it is typed. */
    email: text('email').notNull(),
    name: text('name'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole token: a stolen database holds no usable token. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so a person can tell their tokens apart in `cos tokens list`. */
    displayPrefix: text('display_prefix').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: text('last_used_at'),
    expiresAt: text('expires_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [uniqueIndex('access_tokens_hash_idx').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);
