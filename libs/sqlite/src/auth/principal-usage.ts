/**
 * The SQLite adapter of `PrincipalUsageRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { OWNER_PRINCIPAL } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import type { PrincipalUsageRecord, PrincipalUsageRepository } from '@chief-of-staff/stores';

interface UsageRow {
  facts: number;
  people: number;
  decisions: number;
  delegations: number;
  documents: number;
  scheduled_tasks: number;
  tool_calls: number;
  tool_errors: number;
  last_activity_at: string | null;
  any_rows: number;
}

export function createPrincipalUsageRepository(database: CosDatabase): PrincipalUsageRepository {
  const statement = database.sqlite.prepare(
    `SELECT
       (SELECT count(*) FROM facts) AS facts,
       (SELECT count(DISTINCT canonical_name) FROM identities) AS people,
       (SELECT count(*) FROM decisions) AS decisions,
       (SELECT count(*) FROM delegations) AS delegations,
       (SELECT count(*) FROM documents) AS documents,
       (SELECT count(*) FROM scheduled_tasks) AS scheduled_tasks,
       (SELECT count(*) FROM tool_usage_log WHERE created_at >= @since) AS tool_calls,
       (SELECT count(*) FROM tool_usage_log WHERE created_at >= @since AND success = 0) AS tool_errors,
       (SELECT max(created_at) FROM tool_usage_log) AS last_activity_at,
       (SELECT count(*) FROM tool_usage_log) AS any_rows`,
  );
  return {
    async usage({ since }) {
      const row = statement.get({ since }) as UsageRow;
      const record: PrincipalUsageRecord = {
        principal: OWNER_PRINCIPAL,
        facts: row.facts,
        people: row.people,
        decisions: row.decisions,
        delegations: row.delegations,
        documents: row.documents,
        scheduledTasks: row.scheduled_tasks,
        toolCalls: row.tool_calls,
        toolErrors: row.tool_errors,
        lastActivityAt: row.last_activity_at,
      };
      // The embedded store is the owner's alone: it has their counts, or none when it holds nothing yet.
      const empty = row.any_rows + row.facts + row.people + row.decisions + row.delegations + row.documents + row.scheduled_tasks === 0;
      return empty ? [] : [record];
    },
  };
}
