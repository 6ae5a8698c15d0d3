/**
 * How much each principal uses the service, for the deployment's administrator (ADR 0080): counts of their rows and
 * of their tool calls, never a title, value or name. The port, and its adapter on the embedded store, where every row
 * is the owner's.
 */

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
