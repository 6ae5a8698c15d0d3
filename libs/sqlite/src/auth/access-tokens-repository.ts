/**
 * Personal access tokens on SQLite (ADR 0074): created for a user and shown once, stored as a SHA-256 hash, listed
 * without secrets, revoked, and verified on every HTTP request straight from the database.
 */
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { ToolError } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { accessTokens, users } from '../db/schema/auth.js';
import type { AccessTokenRecord, AccessTokensRepository } from '@chief-of-staff/stores';
import { accessTokenHashMatches, accessTokenSignsIn, hashAccessToken, lastUsedCutoff, looksLikeAccessToken, newAccessToken, nowIso } from '@chief-of-staff/stores/adapter-kit';

/** The listed columns: everything but the hash. */
const LISTED = {
  id: accessTokens.id,
  userId: accessTokens.userId,
  name: accessTokens.name,
  displayPrefix: accessTokens.displayPrefix,
  createdAt: accessTokens.createdAt,
  lastUsedAt: accessTokens.lastUsedAt,
  expiresAt: accessTokens.expiresAt,
  revokedAt: accessTokens.revokedAt,
};

export function createAccessTokensRepository(database: CosDatabase, clock: Clock): AccessTokensRepository {
  const { db } = database;
  return {
    async create(input) {
      const { token, fields } = newAccessToken(input, clock);
      const record = database.writeTransaction(() => {
        if (!db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).get()) throw ToolError.notFound('User', input.userId);
        return db.insert(accessTokens).values(fields).returning(LISTED).get();
      });
      return { token, record };
    },
    async listForUser(userId) {
      return db.select(LISTED).from(accessTokens).where(eq(accessTokens.userId, userId)).orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)).all();
    },
    async revoke(id) {
      const now = nowIso(clock);
      return database.writeTransaction(() => {
        db.update(accessTokens).set({ revokedAt: now }).where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt))).run();
        const row = db.select(LISTED).from(accessTokens).where(eq(accessTokens.id, id)).get();
        if (!row) throw ToolError.notFound('Access token', id);
        return row;
      });
    },
    async verify(token) {
      if (!looksLikeAccessToken(token)) return null;
      const found = db
        .select({ token: { ...LISTED, tokenHash: accessTokens.tokenHash }, user: users })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(eq(accessTokens.tokenHash, hashAccessToken(token)))
        .get();
      if (!found || !accessTokenHashMatches(found.token.tokenHash, token)) return null;
      if (!accessTokenSignsIn(found.token, found.user, clock.now())) return null;
      const { tokenHash: _hash, ...record } = found.token;
      const listed: AccessTokenRecord = record;
      const now = nowIso(clock);
      try {
        // Bookkeeping only: when another writer holds the lock the use is simply not recorded this time.
        const touched = database.writeIfFree(() =>
          db
            .update(accessTokens)
            .set({ lastUsedAt: now })
            .where(and(eq(accessTokens.id, listed.id), or(isNull(accessTokens.lastUsedAt), lte(accessTokens.lastUsedAt, lastUsedCutoff(clock)))))
            .run(),
        );
        if (touched.changes > 0) listed.lastUsedAt = now;
      } catch (error) {
        // A locked database: sign-in must not fail because a use could not be recorded.
        if (!String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY')) throw error;
      }
      return { user: found.user, token: listed };
    },
  };
}
