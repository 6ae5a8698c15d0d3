/**
 * Agent run traces on PostgreSQL (ADR 0087): the same port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065).
 */
import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, type AgentRunStepRecord, type AgentRunStepsRepository } from '@chief-of-staff/stores';
import { AGENT_RUN_STEP_LIST_LIMITS, agentRunStepValues, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { agentRunSteps } from '../schema/agents.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresAgentRunStepsRepository(database: PostgresDatabase, clock: Clock): AgentRunStepsRepository {
  const { db } = database;
  return {
    async record(input) {
      await db.insert(agentRunSteps).values(refuseNulCharacters(agentRunStepValues(input, nowIso(clock))));
    },

    async listForRun(runId, request) {
      const window = openPage(request, AGENT_RUN_STEP_LIST_LIMITS, 'agent_run_steps', { runId });
      if (holdsNul(runId)) return closePage([], window, { total: 0 });
      const where = eq(agentRunSteps.runId, runId);
      const rows = await db
        .select(rowColumns(agentRunSteps))
        .from(agentRunSteps)
        .where(where)
        .orderBy(asc(agentRunSteps.seq), asc(agentRunSteps.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(agentRunSteps).where(where);
      return closePage(rows as AgentRunStepRecord[], window, { total: count?.n ?? 0 });
    },

    async purgeOlderThan(cutoff) {
      return (await db.delete(agentRunSteps).where(lt(agentRunSteps.createdAt, cutoff)).returning({ id: agentRunSteps.id })).length;
    },
  };
}
