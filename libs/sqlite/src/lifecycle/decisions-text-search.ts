/**
 * The indexed half of decision search (search_decisions in
 * docs/reference/tool-catalogue.md#decisions-delegations-and-alerts): which decisions may contain a folded query,
 * answered from the `decisions_trigram` FTS5 table plus the rows that table cannot judge, instead of folding six
 * columns of every row. The caller still applies the exact `cos_fold(...) LIKE` test to these candidates, so results
 * are the same as a full folded scan.
 *
 * Why two sources: the trigram tokenizer folds case one character at a time (SQLite's simple folding), which
 * agrees with `foldCase` only for some characters. For a row made solely of "plain" characters (below) the
 * tokenizer's folding and `foldCase` coincide, so every row whose folded text contains the folded query is a
 * trigram hit. Rows holding anything else (`ß`, ligatures, decomposed accents, full-width letters, emoji…) are
 * listed by the partial index `decisions_fold_scan_idx` and always checked.
 */
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
