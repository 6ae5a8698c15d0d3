/**
 * Shared memory on PostgreSQL: the same `SharedMemoryRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Writing is one
 * `INSERT … ON CONFLICT DO UPDATE` on (namespace, key): several agents write the same namespace at once.
 */
import {and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, SHARED_MEMORY_LIST_LIMITS, type SharedMemoryRepository } from '@chief-of-staff/stores';
import { assertNamespace, nowIso, sharedMemoryEntry } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { sharedMemory } from '../schema/agents.js';
import { assertNoNulFields, foldedContains, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresSharedMemoryRepository(database: PostgresDatabase, clock: Clock): SharedMemoryRepository {
  const { db } = database;
  return {
    async upsert(input) {
      const { namespace, key, value, writtenBy } = assertNoNulFields(sharedMemoryEntry(input));
      const now = nowIso(clock);
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = await db
        .insert(sharedMemory)
        .values({ namespace, key, value, writtenBy, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [sharedMemory.namespace, sharedMemory.key, sharedMemory.principalId], set: { value, writtenBy, updatedAt: now } })
        .returning({ ...rowColumns(sharedMemory), inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row === undefined) throw new Error('shared memory upsert returned no row');
      const { inserted, ...entry } = row;
      return { entry, created: inserted };
    },

    async list(filters, request) {
      const namespace = assertNamespace(filters.namespace);
      const query = filters.query?.trim() || undefined;
      const window = openPage(request, SHARED_MEMORY_LIST_LIMITS, 'shared_memory', { namespace, query });
      if (hasNul(query)) return closePage([], window, { total: 0 });
      const where = and(
        eq(sharedMemory.namespace, namespace),
        query === undefined ? undefined : foldedContains([sharedMemory.key, sharedMemory.value], query),
      );
      // Keys in code point order (the "C" collation), as SQLite's BINARY collation sorts them.
      const rows = await db
        .select(rowColumns(sharedMemory))
        .from(sharedMemory)
        .where(where)
        .orderBy(sql`${sharedMemory.key} COLLATE "C"`, asc(sharedMemory.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(sharedMemory).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },
  };
}
