/**
 * The SQLite adapter of `AgentRunStepsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { agentRunSteps } from '../db/schema/agents.js';
import { closePage, openPage, type AgentRunStepsRepository } from '@chief-of-staff/stores';
import { AGENT_RUN_STEP_LIST_LIMITS, agentRunStepValues, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createAgentRunStepsRepository(database: CosDatabase, clock: Clock): AgentRunStepsRepository {
  const { db } = database;
  return {
    async record(input) {
      db.insert(agentRunSteps).values(agentRunStepValues(input, nowIso(clock))).run();
    },

    async listForRun(runId, request) {
      const window = openPage(request, AGENT_RUN_STEP_LIST_LIMITS, 'agent_run_steps', { runId });
      const where = eq(agentRunSteps.runId, runId);
      const rows = db
        .select()
        .from(agentRunSteps)
        .where(where)
        .orderBy(asc(agentRunSteps.seq), asc(agentRunSteps.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(agentRunSteps).where(and(where)).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    purgeOlderThan: async (cutoff) => db.delete(agentRunSteps).where(lt(agentRunSteps.createdAt, cutoff)).run().changes,
  };
}
