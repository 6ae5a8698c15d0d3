/**
 * Where search queries find candidates (ADR 0079). In team mode the pool's sessions are bound by row-level security,
 * and PostgreSQL does not run an index condition whose operator is not leakproof (full-text `@@`, trigram `ILIKE`,
 * `text_pattern_ops` prefixes) ahead of a policy: every search became a sequential scan. Queries that only compute
 * candidate ids therefore run on a second, small pool of sessions that are not switched to `cos_scoped`, and name the
 * person's rows themselves (`ownRows`); the records are then read by id on bound sessions, so a candidate query that
 * forgot its predicate could waste its limit on another person's ids but never show their content (the policy drops
 * foreign ids when the rows are read).
 *
 * A single-person database has one pool and no predicate: its queries and plans are those it had before team mode.
 */
import type pg from 'pg';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { currentPrincipalScope, SYSTEM_SCOPE } from '@chief-of-staff/core';
import type { PostgresDrizzle } from './schema-object.js';
import type { RowSecurity } from './principal-scoped-pool.js';

/** A pool and the drizzle handle over it. */
export interface Sessions {
  readonly pool: pg.Pool;
  readonly db: PostgresDrizzle;
}

/** The pool of candidate queries (and `db` over it): unbound sessions in team mode, the storage's own otherwise. */
export interface CandidateSessions extends Sessions {
  /**
   * The principal whose rows a candidate query must keep, read from the caller's scope; undefined when no predicate
   * is needed (a single-person database, where every row is the owner's, and the system scope, which spans everyone).
   */
  principal(): string | undefined;
  /** `principal_id = <the caller's principal>` over `column`, or undefined when `principal()` is. */
  ownRows(column: SQLWrapper): SQL | undefined;
}

/** Candidate sessions per process: candidate queries are short, and each search holds one for one statement. */
export function candidatePoolSize(poolSize: number): number {
  return Math.max(2, Math.ceil(poolSize / 2));
}

/**
 * Candidate sessions over `pool` (the storage's, bound in team mode) for a database whose row security is
 * `rowSecurity`; `unbound` opens the second pool when team mode binds the first.
 */
export function candidateSessions(rowSecurity: RowSecurity, main: Sessions, unbound: () => Sessions): CandidateSessions {
  const principal = (): string | undefined => {
    if (rowSecurity === 'single-person') return undefined;
    const scope = currentPrincipalScope();
    return scope === SYSTEM_SCOPE ? undefined : scope;
  };
  // A pool that cannot bind ('unavailable') serves only the owner and the system scope, and keeps refusing others
  // here too: its candidate queries stay on it, with the predicate (its sessions are not bound either).
  const sessions = rowSecurity === 'scoped-role' ? unbound() : main;
  return {
    pool: sessions.pool,
    db: sessions.db,
    principal,
    ownRows(column) {
      const key = principal();
      return key === undefined ? undefined : sql`${column} = ${key}`;
    },
  };
}
