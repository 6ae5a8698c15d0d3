/**
 * Agent runs, model calls and fallback events on PostgreSQL: the same ports, records and errors as the SQLite
 * adapter of `@chief-of-staff/stores`, checked by the same contract suites (ADR 0065). Run ids are text and sort by
 * code point, as SQLite's BINARY collation does.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, type AgentRunRecord, type AgentRunsRepository, type FallbackEventRecord, type FallbackEventsRepository, type ModelCallRecord, type ModelCallsRepository } from '@chief-of-staff/stores';
import { AGENT_RUN_LIST_LIMITS, AGENT_RUN_STATUSES, agentRunFinishValues, agentRunStartValues, assertEnum, fallbackEventValues, modelCallValues, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { agentRuns, modelCalls } from '../schema/agents.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { fallbackEvents } from '../schema/telemetry.js';
import { rowColumns } from '../row-columns.js';

// The enumerated columns are plain text in the PostgreSQL schema; only these repositories write them, from the
// checked values, so the rows are the records' types.
const asRun = (row: Omit<typeof agentRuns.$inferSelect, 'principalId'> | undefined): AgentRunRecord | undefined => row as AgentRunRecord | undefined;

export function createPostgresAgentRunsRepository(database: PostgresDatabase, clock: Clock): AgentRunsRepository {
  const { db } = database;
  return {
    async start(input) {
      const [row] = await db.insert(agentRuns).values(refuseNulCharacters(agentRunStartValues(input, nowIso(clock)))).returning(rowColumns(agentRuns));
      return row as AgentRunRecord;
    },

    async finish(id, result) {
      const values = refuseNulCharacters(agentRunFinishValues(result, nowIso(clock)));
      if (holdsNul(id)) return undefined;
      const [row] = await db.update(agentRuns).set(values).where(eq(agentRuns.id, id)).returning(rowColumns(agentRuns));
      return asRun(row);
    },

    async get(id) {
      if (holdsNul(id)) return undefined;
      const [row] = await db.select(rowColumns(agentRuns)).from(agentRuns).where(eq(agentRuns.id, id));
      return asRun(row);
    },

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, AGENT_RUN_STATUSES);
      const window = openPage(request, AGENT_RUN_LIST_LIMITS, 'agent_runs', { agentName: filters.agentName, status });
      if (holdsNul(filters.agentName)) return closePage([], window, { total: 0 });
      const where = and(
        filters.agentName === undefined ? undefined : eq(agentRuns.agentName, filters.agentName),
        status === undefined ? undefined : eq(agentRuns.status, status),
      );
      const rows = await db
        .select(rowColumns(agentRuns))
        .from(agentRuns)
        .where(where)
        .orderBy(desc(agentRuns.startedAt), sql`${agentRuns.id} COLLATE "C" DESC`)
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(agentRuns).where(where);
      return closePage(rows as AgentRunRecord[], window, { total: count?.n ?? 0 });
    },

    async purgeOlderThan(cutoff) {
      return (await db.delete(agentRuns).where(lt(agentRuns.startedAt, cutoff)).returning({ id: agentRuns.id })).length;
    },
  };
}

export function createPostgresModelCallsRepository(database: PostgresDatabase, clock: Clock): ModelCallsRepository {
  const { db } = database;
  return {
    async record(input) {
      const [row] = await db.insert(modelCalls).values(refuseNulCharacters(modelCallValues(input, nowIso(clock)))).returning(rowColumns(modelCalls));
      return row as ModelCallRecord;
    },
    async listSince(since) {
      const rows = await db.select(rowColumns(modelCalls)).from(modelCalls).where(gte(modelCalls.createdAt, since)).orderBy(asc(modelCalls.createdAt), asc(modelCalls.id));
      return rows as ModelCallRecord[];
    },
    async purgeOlderThan(cutoff) {
      return (await db.delete(modelCalls).where(lt(modelCalls.createdAt, cutoff)).returning({ id: modelCalls.id })).length;
    },
  };
}

export function createPostgresFallbackEventsRepository(database: PostgresDatabase, clock: Clock): FallbackEventsRepository {
  const { db } = database;
  return {
    async record(input) {
      const [row] = await db.insert(fallbackEvents).values(refuseNulCharacters(fallbackEventValues(input, nowIso(clock)))).returning(rowColumns(fallbackEvents));
      return row as FallbackEventRecord;
    },
    async listSince(since) {
      const rows = await db
        .select(rowColumns(fallbackEvents))
        .from(fallbackEvents)
        .where(gte(fallbackEvents.createdAt, since))
        .orderBy(asc(fallbackEvents.createdAt), asc(fallbackEvents.id));
      return rows as FallbackEventRecord[];
    },
    async purgeOlderThan(cutoff) {
      return (await db.delete(fallbackEvents).where(lt(fallbackEvents.createdAt, cutoff)).returning({ id: fallbackEvents.id })).length;
    },
  };
}
