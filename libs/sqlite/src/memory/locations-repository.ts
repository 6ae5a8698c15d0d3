/**
 * The SQLite adapter of `LocationsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { containsPattern, foldCase, ToolError, type Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { locations } from '../db/schema/memory.js';
import { closePage, LOCATION_LIST_LIMITS, openPage, type LocationsRepository } from '@chief-of-staff/stores';
import { locationChanges, MAX_QUERY_LENGTH, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createLocationsRepository(database: CosDatabase, clock: Clock): LocationsRepository {
  const { db } = database;
  const getByName = (name: string) => db.select().from(locations).where(eq(locations.nameFolded, foldCase(name.trim()))).get();

  return {
    async upsert(input) {
      const { name, changes } = locationChanges(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = getByName(name);
        if (existing) {
          const location = db
            .update(locations)
            .set({ ...changes, name, updatedAt: now })
            .where(eq(locations.id, existing.id))
            .returning()
            .get();
          return { location, created: false };
        }
        const location = db
          .insert(locations)
          .values({ ...changes, name, nameFolded: foldCase(name), createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { location, created: true };
      });
    },

    getByName: async (...args) => getByName(...args),

    async list(filters, request) {
      const query = filters.query?.trim() ?? '';
      if (query.length > MAX_QUERY_LENGTH) throw ToolError.invalidArgument('query', `is ${query.length} characters long.`, `Use at most ${MAX_QUERY_LENGTH} characters.`);
      const window = openPage(request, LOCATION_LIST_LIMITS, 'locations', { query });
      const pattern = containsPattern(query);
      const where =
        query === ''
          ? undefined
          : sql`(${locations.nameFolded} LIKE ${pattern} ESCAPE '\\' OR cos_fold(coalesce(${locations.address}, '')) LIKE ${pattern} ESCAPE '\\')`;
      const rows = db
        .select()
        .from(locations)
        .where(where)
        .orderBy(asc(locations.nameFolded), asc(locations.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(locations).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },
  };
}
