/**
 * The SQLite adapter of `IdentitiesRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { containsPattern, foldCase } from '@chief-of-staff/core';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { identities } from '../db/schema/memory.js';
import { closePage, IDENTITY_PROVIDERS, IDENTITY_SEARCH_LIMITS, openPage, PEOPLE_LIST_LIMITS, type IdentitiesRepository, type IdentityProvider } from '@chief-of-staff/stores';
import { assertEnum, assertText, groupPeople, identityLink, MAX_QUERY_LENGTH, normalizeProviderId, nowIso } from '@chief-of-staff/stores/adapter-kit';

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createIdentitiesRepository(database: CosDatabase, clock: Clock): IdentitiesRepository {
  const { db } = database;
  const getNormalised = (provider: IdentityProvider, providerId: string) =>
    db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, provider), eq(identities.providerId, providerId)))
      .get();

  return {
    async link(input) {
      const { provider, providerId, fields: linked } = identityLink(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = getNormalised(provider, providerId);
        const fields = { ...linked, updatedAt: now };
        if (existing) {
          const identity = db.update(identities).set(fields).where(eq(identities.id, existing.id)).returning().get();
          return { identity, created: false };
        }
        const identity = db
          .insert(identities)
          .values({ ...fields, provider, providerId, createdAt: now })
          .returning()
          .get();
        return { identity, created: true };
      });
    },

    async unlink(provider, providerId) {
      const validProvider = assertEnum('provider', provider, IDENTITY_PROVIDERS);
      const normalised = normalizeProviderId(validProvider, providerId);
      return db
        .delete(identities)
        .where(and(eq(identities.provider, validProvider), eq(identities.providerId, normalised)))
        .returning()
        .get();
    },

    async get(provider, providerId) {
      const validProvider = assertEnum('provider', provider, IDENTITY_PROVIDERS);
      return getNormalised(validProvider, normalizeProviderId(validProvider, providerId));
    },

    async listByCanonicalName(name) {
      return db
        .select()
        .from(identities)
        .where(sql`cos_fold(${identities.canonicalName}) = ${foldCase(name.trim())}`)
        .orderBy(asc(identities.provider), asc(identities.id))
        .all();
    },

    async search(filters, request) {
      const query = assertText('query', filters.query, MAX_QUERY_LENGTH);
      const provider = filters.provider === undefined ? undefined : assertEnum('provider', filters.provider, IDENTITY_PROVIDERS);
      const window = openPage(request, IDENTITY_SEARCH_LIMITS, 'search_identity', { query, provider });
      const pattern = containsPattern(query);
      const where = and(
        sql`(cos_fold(${identities.canonicalName}) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(coalesce(${identities.displayName}, '')) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(coalesce(${identities.email}, '')) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(${identities.providerId}) LIKE ${pattern} ESCAPE '\\')`,
        provider === undefined ? undefined : eq(identities.provider, provider),
      );
      const rows = db
        .select()
        .from(identities)
        .where(where)
        .orderBy(
          sql`(cos_fold(${identities.canonicalName}) = ${foldCase(query)}) DESC`,
          sql`cos_fold(${identities.canonicalName})`,
          asc(identities.provider),
          asc(identities.id),
        )
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(identities).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async listPeople(filters, request) {
      const query = filters.query === undefined || filters.query.trim() === '' ? undefined : assertText('query', filters.query, MAX_QUERY_LENGTH);
      const window = openPage(request, PEOPLE_LIST_LIMITS, 'list_people', { query });
      const person = sql<string>`cos_fold(${identities.canonicalName})`;
      const pattern = query === undefined ? undefined : containsPattern(query);
      const where =
        pattern === undefined
          ? undefined
          : sql`(cos_fold(${identities.canonicalName}) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(coalesce(${identities.displayName}, '')) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(coalesce(${identities.email}, '')) LIKE ${pattern} ESCAPE '\\'
          OR cos_fold(${identities.providerId}) LIKE ${pattern} ESCAPE '\\')`;
      const names = db
        .select({ person })
        .from(identities)
        .where(where)
        .groupBy(person)
        .orderBy(person)
        .limit(window.limit + 1)
        .offset(window.offset)
        .all()
        .map((row) => row.person);
      const total = db.select({ n: sql<number>`count(DISTINCT cos_fold(${identities.canonicalName}))` }).from(identities).where(where).get()?.n ?? 0;
      const shown = names.slice(0, window.limit);
      const rows =
        shown.length === 0
          ? []
          : db
              .select({ ...getTableColumns(identities), person })
              .from(identities)
              .where(inArray(person, shown))
              .orderBy(asc(identities.provider), asc(identities.id))
              .all();
      // closePage decides next_cursor from the extra name fetched beyond the page.
      const page = closePage(names, window, { total });
      return { ...page, items: groupPeople(page.items, rows) };
    },
  };
}
