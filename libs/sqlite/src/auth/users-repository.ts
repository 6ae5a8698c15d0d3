/**
 * The people a shared deployment serves (ADR 0074), on SQLite: added and disabled with `cos users`, signed in over
 * HTTP by a personal access token or an OpenID Connect access token.
 */
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { users } from '../db/schema/auth.js';
import { unknownUserError, userEmailKey, type UserRecord, type UsersRepository } from '@chief-of-staff/stores';
import { assertEnum, duplicateUserError, newUserFields, nowIso, USER_STATUSES } from '@chief-of-staff/stores/adapter-kit';

export function createUsersRepository(database: CosDatabase, clock: Clock): UsersRepository {
  const { db } = database;
  const byEmail = (email: string): UserRecord | undefined => db.select().from(users).where(eq(users.email, email)).get();
  return {
    async add(input) {
      const fields = newUserFields(input, clock);
      return database.writeTransaction(() => {
        if (byEmail(fields.email)) throw duplicateUserError(fields.email);
        return db.insert(users).values(fields).returning().get();
      });
    },
    async list() {
      return db.select().from(users).orderBy(asc(users.email), asc(users.id)).all();
    },
    async getById(id) {
      return db.select().from(users).where(eq(users.id, id)).get();
    },
    async getByEmail(email) {
      return byEmail(userEmailKey(email));
    },
    async setStatus(email, status) {
      const key = userEmailKey(email);
      assertEnum('status', status, USER_STATUSES);
      const row = db.update(users).set({ status, updatedAt: nowIso(clock) }).where(eq(users.email, key)).returning().get();
      if (!row) throw unknownUserError(key);
      return row;
    },
  };
}
