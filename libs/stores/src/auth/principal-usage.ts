/**
 * How much each principal uses the service, for the deployment's administrator (ADR 0080): counts of their rows and
 * of their tool calls, never a title, value or name. The port, and its adapter on the embedded store, where every row
 * is the owner's.
 */
import { OWNER_PRINCIPAL } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';

/** One principal's counts. */
export interface PrincipalUsageRecord {
  /** `owner` or `user:<id>`. */
  principal: string;
  facts: number;
  /** Distinct people (canonical names) in their identities. */
  people: number;
  decisions: number;
  delegations: number;
  documents: number;
  scheduledTasks: number;
  /** Tool calls since `since`. */
  toolCalls: number;
  /** Of those, the ones that failed. */
  toolErrors: number;
  /** Their most recent tool call, at any time; null when they never made one. */
  lastActivityAt: string | null;
}

export interface PrincipalUsageRepository {
  /**
   * The counts of every principal that has a row in any counted table, ordered by principal key. Aggregates only: the
   * query reads no column of anybody's content. On a shared store it reads across every principal (the system scope).
   */
  usage(options: { since: string }): Promise<PrincipalUsageRecord[]>;
}

/** A principal with no rows at all: what the usage of a user who never signed in reads. */
export function emptyPrincipalUsage(principal: string): PrincipalUsageRecord {
  return { principal, facts: 0, people: 0, decisions: 0, delegations: 0, documents: 0, scheduledTasks: 0, toolCalls: 0, toolErrors: 0, lastActivityAt: null };
}

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
