/**
 * Locations on PostgreSQL: the same `LocationsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). `name_folded` is written with the stores'
 * own `foldCase`, so a name finds the same row on both adapters; storing is one `INSERT … ON CONFLICT DO UPDATE`.
 */
import {asc, eq, sql } from 'drizzle-orm';
import { foldCase, ToolError, type Clock } from '@chief-of-staff/core';
import { closePage, LOCATION_LIST_LIMITS, openPage, type LocationRecord, type LocationsRepository } from '@chief-of-staff/stores';
import { locationChanges, MAX_QUERY_LENGTH, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { locations } from '../schema/memory.js';
import { assertNoNulFields, foldedContains, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresLocationsRepository(database: PostgresDatabase, clock: Clock): LocationsRepository {
  const { db } = database;

  return {
    async upsert(input) {
      const { name, changes } = locationChanges(input);
      assertNoNulFields({ name, ...changes });
      const now = nowIso(clock);
      const fields = { ...changes, name, updatedAt: now };
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = await db
        .insert(locations)
        .values({ ...fields, nameFolded: foldCase(name), createdAt: now })
        .onConflictDoUpdate({ target: [locations.nameFolded, locations.principalId], set: fields })
        .returning({ ...rowColumns(locations), inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row === undefined) throw new Error('locations upsert returned no row');
      const { inserted, ...location } = row;
      return { location, created: inserted };
    },

    async getByName(name): Promise<LocationRecord | undefined> {
      if (hasNul(name)) return undefined;
      const rows = await db.select(rowColumns(locations)).from(locations).where(eq(locations.nameFolded, foldCase(name.trim())));
      return rows[0];
    },

    async list(filters, request) {
      const query = filters.query?.trim() ?? '';
      if (query.length > MAX_QUERY_LENGTH) throw ToolError.invalidArgument('query', `is ${query.length} characters long.`, `Use at most ${MAX_QUERY_LENGTH} characters.`);
      const window = openPage(request, LOCATION_LIST_LIMITS, 'locations', { query });
      if (hasNul(query)) return closePage([], window, { total: 0 });
      const where = query === '' ? undefined : foldedContains([locations.nameFolded, sql`coalesce(${locations.address}, '')`], query);
      // Folded names in code point order (the "C" collation), as SQLite's BINARY collation sorts them.
      const rows = await db
        .select(rowColumns(locations))
        .from(locations)
        .where(where)
        .orderBy(sql`${locations.nameFolded} COLLATE "C"`, asc(locations.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(locations).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },
  };
}
