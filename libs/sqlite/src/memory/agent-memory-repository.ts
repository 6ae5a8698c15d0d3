/**
 * The SQLite adapter of `AgentMemoryRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { containsPattern } from '@chief-of-staff/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { agentMemory } from '../db/schema/agents.js';
import { AGENT_MEMORY_LIST_LIMITS, AGENT_MEMORY_TYPES, closePage, openPage, type AgentMemoryRepository, type AgentMemoryType } from '@chief-of-staff/stores';
import { agentMemoryEntry, assertEnum, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createAgentMemoryRepository(database: CosDatabase, clock: Clock): AgentMemoryRepository {
  const { db } = database;

  const whereOf = (filters: { agentName: string; memoryType?: AgentMemoryType; key?: string; query?: string }) => {
    const pattern = filters.query ? containsPattern(filters.query) : undefined;
    return and(
      eq(agentMemory.agentName, filters.agentName),
      filters.memoryType === undefined ? undefined : eq(agentMemory.memoryType, filters.memoryType),
      filters.key === undefined ? undefined : eq(agentMemory.key, filters.key),
      pattern === undefined
        ? undefined
        : sql`(cos_fold(${agentMemory.key}) LIKE ${pattern} ESCAPE '\\' OR cos_fold(${agentMemory.value}) LIKE ${pattern} ESCAPE '\\')`,
    );
  };

  return {
    async upsert(input) {
      const { agentName, memoryType, key, value, confidence } = agentMemoryEntry(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = db.select().from(agentMemory).where(whereOf({ agentName, memoryType, key })).get();
        if (existing) {
          const memory = db
            .update(agentMemory)
            .set({ value, confidence, updatedAt: now })
            .where(eq(agentMemory.id, existing.id))
            .returning()
            .get();
          return { memory, created: false };
        }
        const memory = db
          .insert(agentMemory)
          .values({ agentName, memoryType, key, value, confidence, createdAt: now, updatedAt: now })
          .returning()
          .get();
        return { memory, created: true };
      });
    },

    async list(filters, request) {
      if (filters.memoryType !== undefined) assertEnum('memory_type', filters.memoryType, AGENT_MEMORY_TYPES);
      const window = openPage(request, AGENT_MEMORY_LIST_LIMITS, 'agent_memory', filters);
      const where = whereOf(filters);
      const rows = db
        .select()
        .from(agentMemory)
        .where(where)
        .orderBy(desc(agentMemory.updatedAt), desc(agentMemory.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(agentMemory).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async forPrompt(agentName, limit) {
      return db
        .select()
        .from(agentMemory)
        .where(eq(agentMemory.agentName, agentName))
        .orderBy(desc(agentMemory.confidence), desc(agentMemory.updatedAt), asc(agentMemory.id))
        .limit(limit)
        .all();
    },

    async clear(filters) {
      if (filters.memoryType !== undefined) assertEnum('memory_type', filters.memoryType, AGENT_MEMORY_TYPES);
      return db.delete(agentMemory).where(whereOf(filters)).run().changes;
    },
  };
}
