/**
 * The SQLite adapter of `SharedMemoryRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { containsPattern } from '@chief-of-staff/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { sharedMemory } from '../db/schema/agents.js';
import { closePage, openPage, SHARED_MEMORY_LIST_LIMITS, type SharedMemoryRepository } from '@chief-of-staff/stores';
import { assertNamespace, nowIso, sharedMemoryEntry } from '@chief-of-staff/stores/adapter-kit';

export function createSharedMemoryRepository(database: CosDatabase, clock: Clock): SharedMemoryRepository {
  const { db } = database;
  return {
    async upsert(input) {
      const { namespace, key, value, writtenBy } = sharedMemoryEntry(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = db
          .select()
          .from(sharedMemory)
          .where(and(eq(sharedMemory.namespace, namespace), eq(sharedMemory.key, key)))
          .get();
        if (existing) {
          const entry = db
            .update(sharedMemory)
            .set({ value, writtenBy, updatedAt: now })
            .where(eq(sharedMemory.id, existing.id))
            .returning()
            .get();
          return { entry, created: false };
        }
        const entry = db
          .insert(sharedMemory)
          .values({ namespace, key, value, writtenBy, createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { entry, created: true };
      });
    },

    async list(filters, request) {
      const namespace = assertNamespace(filters.namespace);
      const query = filters.query?.trim() || undefined;
      const window = openPage(request, SHARED_MEMORY_LIST_LIMITS, 'shared_memory', { namespace, query });
      const pattern = query === undefined ? undefined : containsPattern(query);
      const where = and(
        eq(sharedMemory.namespace, namespace),
        pattern === undefined
          ? undefined
          : sql`(cos_fold(${sharedMemory.key}) LIKE ${pattern} ESCAPE '\\' OR cos_fold(${sharedMemory.value}) LIKE ${pattern} ESCAPE '\\')`,
      );
      const rows = db
        .select()
        .from(sharedMemory)
        .where(where)
        .orderBy(asc(sharedMemory.key), asc(sharedMemory.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(sharedMemory).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },
  };
}
