/**
 * Per-agent memory on PostgreSQL: the same `AgentMemoryRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Remembering is one
 * `INSERT … ON CONFLICT DO UPDATE` on (agent, type, key), so two runs of an agent writing the same key keep one row.
 */
import {and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { AGENT_MEMORY_LIST_LIMITS, AGENT_MEMORY_TYPES, closePage, openPage, type AgentMemoryRepository, type AgentMemoryType } from '@chief-of-staff/stores';
import { agentMemoryEntry, assertEnum, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { agentMemory } from '../schema/agents.js';
import { assertNoNulFields, foldedContains, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

interface Filters {
  agentName: string;
  memoryType?: AgentMemoryType | undefined;
  key?: string | undefined;
  query?: string | undefined;
}

export function createPostgresAgentMemoryRepository(database: PostgresDatabase, clock: Clock): AgentMemoryRepository {
  const { db } = database;

  const whereOf = (filters: Filters) =>
    and(
      eq(agentMemory.agentName, filters.agentName),
      filters.memoryType === undefined ? undefined : eq(agentMemory.memoryType, filters.memoryType),
      filters.key === undefined ? undefined : eq(agentMemory.key, filters.key),
      filters.query ? foldedContains([agentMemory.key, agentMemory.value], filters.query) : undefined,
    );

  return {
    async upsert(input) {
      const { agentName, memoryType, key, value, confidence } = assertNoNulFields(agentMemoryEntry(input));
      const now = nowIso(clock);
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = await db
        .insert(agentMemory)
        .values({ agentName, memoryType, key, value, confidence, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [agentMemory.agentName, agentMemory.memoryType, agentMemory.key, agentMemory.principalId],
          set: { value, confidence, updatedAt: now },
        })
        .returning({ ...rowColumns(agentMemory), inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row === undefined) throw new Error('agent memory upsert returned no row');
      const { inserted, ...memory } = row;
      return { memory, created: inserted };
    },

    async list(filters, request) {
      if (filters.memoryType !== undefined) assertEnum('memory_type', filters.memoryType, AGENT_MEMORY_TYPES);
      const window = openPage(request, AGENT_MEMORY_LIST_LIMITS, 'agent_memory', filters);
      if (hasNul(filters.agentName, filters.query)) return closePage([], window, { total: 0 });
      const where = whereOf(filters);
      const rows = await db
        .select(rowColumns(agentMemory))
        .from(agentMemory)
        .where(where)
        .orderBy(desc(agentMemory.updatedAt), desc(agentMemory.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(agentMemory).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    async forPrompt(agentName, limit) {
      if (hasNul(agentName)) return [];
      return db
        .select(rowColumns(agentMemory))
        .from(agentMemory)
        .where(eq(agentMemory.agentName, agentName))
        .orderBy(desc(agentMemory.confidence), desc(agentMemory.updatedAt), asc(agentMemory.id))
        .limit(limit);
    },

    async clear(filters) {
      if (filters.memoryType !== undefined) assertEnum('memory_type', filters.memoryType, AGENT_MEMORY_TYPES);
      if (hasNul(filters.agentName, filters.key)) return 0;
      const rows = await db.delete(agentMemory).where(whereOf(filters)).returning({ id: agentMemory.id });
      return rows.length;
    },
  };
}
