/**
 * Users on PostgreSQL: the same `UsersRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0074). Two servers adding one email at once
 * meet at the unique index: the loser gets the same CONFLICT as a later duplicate.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { unknownUserError, userEmailKey, type UserRecord, type UsersRepository } from '@chief-of-staff/stores';
import { assertEnum, duplicateUserError, newUserFields, nowIso, USER_STATUSES } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { users } from '../schema/auth.js';

export function createPostgresUsersRepository(database: PostgresDatabase, clock: Clock): UsersRepository {
  const { db } = database;
  const byEmail = async (key: string): Promise<UserRecord | undefined> => {
    if (holdsNul(key)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.email, key));
    return row as UserRecord | undefined;
  };
  return {
    async add(input) {
      const fields = refuseNulCharacters(newUserFields(input, clock));
      const [row] = await db.insert(users).values(fields).onConflictDoNothing({ target: users.email }).returning();
      if (row === undefined) throw duplicateUserError(fields.email);
      return row as UserRecord;
    },
    async list() {
      // Emails are compared byte-wise, as SQLite does, whatever the database's collation.
      return (await db.select().from(users).orderBy(sql`${users.email} COLLATE "C"`, asc(users.id))) as UserRecord[];
    },
    async getById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row as UserRecord | undefined;
    },
    async getByEmail(email) {
      return byEmail(userEmailKey(email));
    },
    async setStatus(email, status) {
      const key = userEmailKey(email);
      assertEnum('status', status, USER_STATUSES);
      if (holdsNul(key)) throw unknownUserError(key);
      const [row] = await db.update(users).set({ status, updatedAt: nowIso(clock) }).where(eq(users.email, key)).returning();
      if (row === undefined) throw unknownUserError(key);
      return row as UserRecord;
    },
  };
}
