import { sql, type SQL } from 'drizzle-orm';
import { PLAIN_CHARACTER_CLASS } from '@chief-of-staff/stores/adapter-kit';
import { buildTrigramPhrase } from '../db/fts-query.js';
import { decisions } from '../db/schema/lifecycle.js';

const SEARCHED_COLUMNS = ['title', 'description', 'context', 'tags', 'owner', 'decided_by'] as const;

/**
 * "Some searched column holds a character outside the plain set". Must stay identical to the WHERE clause of
 * `decisions_fold_scan_idx` (migration 0003_decisions_trigram) so SQLite answers it from that partial index.
 */
export const DECISIONS_FOLD_SCAN_PREDICATE = `(${SEARCHED_COLUMNS.map(
  (column) => `\`${column}\` GLOB '*[^' || char(9, 10, 13) || '${PLAIN_CHARACTER_CLASS}]*'`,
).join(' OR ')})`;

/**
 * `decisions.id IN (candidates)` for an already-folded query, or null when the folded query is shorter than
 * three characters (a trigram index cannot answer it; the caller scans instead).
 */
export function decisionCandidatesCondition(foldedQuery: string): SQL | null {
  const phrase = buildTrigramPhrase(foldedQuery);
  if (phrase === null) return null;
  return sql`${decisions.id} IN (
    SELECT rowid FROM decisions_trigram WHERE decisions_trigram MATCH ${phrase}
    UNION ALL
    SELECT id FROM decisions WHERE ${sql.raw(DECISIONS_FOLD_SCAN_PREDICATE)})`;
}
