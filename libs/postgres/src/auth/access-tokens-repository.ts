/**
 * Personal access tokens on PostgreSQL: the same `AccessTokensRepository` port, records and errors as the SQLite
 * adapter of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0074). `verify` reads the token and
 * its user in one query on every call, so a revocation or a disabled user counts on every server at once.
 */
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { ToolError, type Clock } from '@chief-of-staff/core';
import type { AccessTokenRecord, AccessTokensRepository, UserRecord } from '@chief-of-staff/stores';
import { accessTokenHashMatches, accessTokenSignsIn, hashAccessToken, lastUsedCutoff, looksLikeAccessToken, newAccessToken, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { refuseNulCharacters } from '../nul-characters.js';
import { accessTokens, users } from '../schema/auth.js';

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

export function createPostgresAccessTokensRepository(database: PostgresDatabase, clock: Clock): AccessTokensRepository {
  const { db } = database;
  return {
    async create(input) {
      const { token, fields } = newAccessToken(input, clock);
      refuseNulCharacters({ name: fields.name });
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (user === undefined) throw ToolError.notFound('User', input.userId);
      try {
        const [record] = await db.insert(accessTokens).values(fields).returning(LISTED);
        if (record === undefined) throw new Error('access token insert returned no row');
        return { token, record: record as AccessTokenRecord };
      } catch (error) {
        // The user was removed between the check and the insert.
        if ((error as { code?: unknown }).code === '23503') throw ToolError.notFound('User', input.userId);
        throw error;
      }
    },
    async listForUser(userId) {
      return (await db
        .select(LISTED)
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))) as AccessTokenRecord[];
    },
    async revoke(id) {
      await db.update(accessTokens).set({ revokedAt: nowIso(clock) }).where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)));
      const [row] = await db.select(LISTED).from(accessTokens).where(eq(accessTokens.id, id));
      if (row === undefined) throw ToolError.notFound('Access token', id);
      return row as AccessTokenRecord;
    },
    async verify(token) {
      if (!looksLikeAccessToken(token)) return null;
      const [found] = await db
        .select({ token: { ...LISTED, tokenHash: accessTokens.tokenHash }, user: users })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(eq(accessTokens.tokenHash, hashAccessToken(token)));
      if (found === undefined || !accessTokenHashMatches(found.token.tokenHash, token)) return null;
      const user = found.user as UserRecord;
      if (!accessTokenSignsIn(found.token, user, clock.now())) return null;
      const { tokenHash: _hash, ...record } = found.token;
      const listed = record as AccessTokenRecord;
      const now = nowIso(clock);
      const touched = await db
        .update(accessTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(accessTokens.id, listed.id), or(isNull(accessTokens.lastUsedAt), lte(accessTokens.lastUsedAt, lastUsedCutoff(clock)))))
        .returning({ id: accessTokens.id });
      if (touched.length > 0) listed.lastUsedAt = now;
      return { user, token: listed };
    },
  };
}
