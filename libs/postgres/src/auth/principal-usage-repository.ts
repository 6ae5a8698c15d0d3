/**
 * Per-principal usage counts on PostgreSQL, for the administrator (ADR 0080): the same port as the embedded adapter of
 * `@chief-of-staff/stores`. The queries run in the system scope — the only place every principal's rows are visible —
 * and are aggregates grouped by `principal_id`: no column of anybody's content is read or returned.
 */
import { runInSystemScope } from '@chief-of-staff/core';
import { emptyPrincipalUsage, type PrincipalUsageRecord, type PrincipalUsageRepository } from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';

type CountedField = 'facts' | 'people' | 'decisions' | 'delegations' | 'documents' | 'scheduledTasks';

const COUNTS_SQL = `
  SELECT principal_id, 'facts' AS field, count(*)::int AS n FROM facts GROUP BY principal_id
  UNION ALL SELECT principal_id, 'people', count(DISTINCT canonical_name)::int FROM identities GROUP BY principal_id
  UNION ALL SELECT principal_id, 'decisions', count(*)::int FROM decisions GROUP BY principal_id
  UNION ALL SELECT principal_id, 'delegations', count(*)::int FROM delegations GROUP BY principal_id
  UNION ALL SELECT principal_id, 'documents', count(*)::int FROM documents GROUP BY principal_id
  UNION ALL SELECT principal_id, 'scheduledTasks', count(*)::int FROM scheduled_tasks GROUP BY principal_id`;

const ACTIVITY_SQL = `
  SELECT principal_id,
         count(*) FILTER (WHERE created_at >= $1::timestamptz)::int AS calls,
         count(*) FILTER (WHERE created_at >= $1::timestamptz AND NOT success)::int AS errors,
         to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last
    FROM tool_usage_log GROUP BY principal_id`;

export function createPostgresPrincipalUsageRepository(database: PostgresDatabase): PrincipalUsageRepository {
  const { pool } = database;
  return {
    usage: ({ since }) =>
      runInSystemScope(async () => {
        const byPrincipal = new Map<string, PrincipalUsageRecord>();
        const of = (principal: string) => {
          let record = byPrincipal.get(principal);
          if (record === undefined) {
            record = emptyPrincipalUsage(principal);
            byPrincipal.set(principal, record);
          }
          return record;
        };
        const counts = await pool.query<{ principal_id: string; field: CountedField; n: number }>(COUNTS_SQL);
        for (const row of counts.rows) of(row.principal_id)[row.field] = row.n;
        const activity = await pool.query<{ principal_id: string; calls: number; errors: number; last: string | null }>(ACTIVITY_SQL, [since]);
        for (const row of activity.rows) {
          const record = of(row.principal_id);
          record.toolCalls = row.calls;
          record.toolErrors = row.errors;
          record.lastActivityAt = row.last;
        }
        return [...byPrincipal.values()].sort((a, b) => (a.principal < b.principal ? -1 : a.principal > b.principal ? 1 : 0));
      }),
  };
}
