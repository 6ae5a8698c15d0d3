/**
 * Agent runs, model calls and fallback events on SQLite.
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { agentRuns, modelCalls } from '../db/schema/agents.js';
import { fallbackEvents } from '../db/schema/telemetry.js';
import { closePage, openPage, type AgentRunsRepository, type FallbackEventsRepository, type ModelCallsRepository } from '@chief-of-staff/stores';
import { AGENT_RUN_LIST_LIMITS, AGENT_RUN_STATUSES, agentRunFinishValues, agentRunStartValues, assertEnum, fallbackEventValues, modelCallValues, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createAgentRunsRepository(database: CosDatabase, clock: Clock): AgentRunsRepository {
  const { db } = database;
  return {
    start: async (input) => db.insert(agentRuns).values(agentRunStartValues(input, nowIso(clock))).returning().get(),

    finish: async (id, result) => db.update(agentRuns).set(agentRunFinishValues(result, nowIso(clock))).where(eq(agentRuns.id, id)).returning().get(),

    get: async (id) => db.select().from(agentRuns).where(eq(agentRuns.id, id)).get(),

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, AGENT_RUN_STATUSES);
      const window = openPage(request, AGENT_RUN_LIST_LIMITS, 'agent_runs', { agentName: filters.agentName, status });
      const where = and(
        filters.agentName === undefined ? undefined : eq(agentRuns.agentName, filters.agentName),
        status === undefined ? undefined : eq(agentRuns.status, status),
      );
      const rows = db
        .select()
        .from(agentRuns)
        .where(where)
        .orderBy(desc(agentRuns.startedAt), desc(agentRuns.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(agentRuns).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    purgeOlderThan: async (cutoff) => db.delete(agentRuns).where(lt(agentRuns.startedAt, cutoff)).run().changes,
  };
}

export function createModelCallsRepository(database: CosDatabase, clock: Clock): ModelCallsRepository {
  const { db } = database;
  return {
    record: async (input) => db.insert(modelCalls).values(modelCallValues(input, nowIso(clock))).returning().get(),
    listSince: async (since) => db.select().from(modelCalls).where(gte(modelCalls.createdAt, since)).orderBy(modelCalls.createdAt, modelCalls.id).all(),
    purgeOlderThan: async (cutoff) => db.delete(modelCalls).where(lt(modelCalls.createdAt, cutoff)).run().changes,
  };
}

export function createFallbackEventsRepository(database: CosDatabase, clock: Clock): FallbackEventsRepository {
  const { db } = database;
  return {
    record: async (input) => db.insert(fallbackEvents).values(fallbackEventValues(input, nowIso(clock))).returning().get(),
    listSince: async (since) =>
      db.select().from(fallbackEvents).where(gte(fallbackEvents.createdAt, since)).orderBy(fallbackEvents.createdAt, fallbackEvents.id).all(),
    purgeOlderThan: async (cutoff) => db.delete(fallbackEvents).where(lt(fallbackEvents.createdAt, cutoff)).run().changes,
  };
}
