/**
 * Identities on PostgreSQL: the same `IdentitiesRepository` port, records, normalisation and errors as the SQLite
 * adapter of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Linking is one
 * `INSERT … ON CONFLICT DO UPDATE`, so two writers linking the same new handle keep one row.
 */
import {and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, IDENTITY_PROVIDERS, IDENTITY_SEARCH_LIMITS, openPage, PEOPLE_LIST_LIMITS, type IdentitiesRepository, type IdentityProvider, type IdentityRecord } from '@chief-of-staff/stores';
import { assertEnum, assertText, groupPeople, identityLink, MAX_QUERY_LENGTH, normalizeProviderId, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { identities } from '../schema/memory.js';
import { assertNoNulFields, foldedContains, foldedEquals, foldedSql, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresIdentitiesRepository(database: PostgresDatabase, clock: Clock): IdentitiesRepository {
  const { db } = database;

  const getNormalised = async (provider: IdentityProvider, providerId: string): Promise<IdentityRecord | undefined> => {
    if (hasNul(providerId)) return undefined;
    const rows = await db
      .select(rowColumns(identities))
      .from(identities)
      .where(and(eq(identities.provider, provider), eq(identities.providerId, providerId)));
    return rows[0];
  };

  return {
    async link(input) {
      const { provider, providerId, fields: linked } = identityLink(input);
      assertNoNulFields({ ...linked, providerId });
      const now = nowIso(clock);
      // Omitted fields keep what is stored: only the given ones are in the update.
      const fields = { ...linked, updatedAt: now };
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = await db
        .insert(identities)
        .values({ ...fields, provider, providerId, createdAt: now })
        .onConflictDoUpdate({ target: [identities.provider, identities.providerId, identities.principalId], set: fields })
        .returning({ ...rowColumns(identities), inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row === undefined) throw new Error('identities upsert returned no row');
      const { inserted, ...identity } = row;
      return { identity, created: inserted };
    },

    async unlink(provider, providerId) {
      const validProvider = assertEnum('provider', provider, IDENTITY_PROVIDERS);
      const normalised = normalizeProviderId(validProvider, providerId);
      if (hasNul(normalised)) return undefined;
      const rows = await db
        .delete(identities)
        .where(and(eq(identities.provider, validProvider), eq(identities.providerId, normalised)))
        .returning(rowColumns(identities));
      return rows[0];
    },

    async get(provider, providerId) {
      const validProvider = assertEnum('provider', provider, IDENTITY_PROVIDERS);
      return getNormalised(validProvider, normalizeProviderId(validProvider, providerId));
    },

    async listByCanonicalName(name) {
      if (hasNul(name)) return [];
      return db
        .select(rowColumns(identities))
        .from(identities)
        .where(foldedEquals(identities.canonicalName, name.trim()))
        .orderBy(sql`${identities.provider} COLLATE "C"`, asc(identities.id));
    },

    async search(filters, request) {
      const query = assertText('query', filters.query, MAX_QUERY_LENGTH);
      const provider = filters.provider === undefined ? undefined : assertEnum('provider', filters.provider, IDENTITY_PROVIDERS);
      const window = openPage(request, IDENTITY_SEARCH_LIMITS, 'search_identity', { query, provider });
      if (hasNul(query)) return closePage([], window, { total: 0 });
      const where = and(
        foldedContains(
          [identities.canonicalName, sql`coalesce(${identities.displayName}, '')`, sql`coalesce(${identities.email}, '')`, identities.providerId],
          query,
        ),
        provider === undefined ? undefined : eq(identities.provider, provider),
      );
      // Folded names in code point order (the "C" collation), as SQLite's BINARY collation sorts them.
      const rows = await db
        .select(rowColumns(identities))
        .from(identities)
        .where(where)
        .orderBy(
          sql`${foldedEquals(identities.canonicalName, query)} DESC`,
          sql`${foldedSql(identities.canonicalName)} COLLATE "C"`,
          sql`${identities.provider} COLLATE "C"`,
          asc(identities.id),
        )
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(identities).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    async listPeople(filters, request) {
      const query = filters.query === undefined || filters.query.trim() === '' ? undefined : assertText('query', filters.query, MAX_QUERY_LENGTH);
      const window = openPage(request, PEOPLE_LIST_LIMITS, 'list_people', { query });
      if (query !== undefined && hasNul(query)) return closePage([], window, { total: 0 });
      // One key per person, the same expression in every clause, ordered like SQLite's BINARY collation.
      const person = sql<string>`${foldedSql(identities.canonicalName)}`;
      const where =
        query === undefined
          ? undefined
          : foldedContains(
              [identities.canonicalName, sql`coalesce(${identities.displayName}, '')`, sql`coalesce(${identities.email}, '')`, identities.providerId],
              query,
            );
      const names = (
        await db
          .select({ person })
          .from(identities)
          .where(where)
          .groupBy(person)
          .orderBy(sql`${person} COLLATE "C"`)
          .limit(window.limit + 1)
          .offset(window.offset)
      ).map((row) => row.person);
      const total = await db.select({ n: sql<number>`count(DISTINCT ${person})::int` }).from(identities).where(where);
      const shown = names.slice(0, window.limit);
      const rows =
        shown.length === 0
          ? []
          : await db
              .select({ ...rowColumns(identities), person })
              .from(identities)
              .where(sql`${person} IN (${sql.join(
                shown.map((name) => sql`${name}`),
                sql`, `,
              )})`)
              .orderBy(sql`${identities.provider} COLLATE "C"`, asc(identities.id));
      const page = closePage(names, window, { total: total[0]?.n ?? 0 });
      return { ...page, items: groupPeople(page.items, rows) };
    },
  };
}
