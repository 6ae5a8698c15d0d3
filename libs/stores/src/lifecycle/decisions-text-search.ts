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

/**
 * GLOB class of the plain characters: tab, newline, carriage return, printable ASCII, Latin-1 letters except `ß`,
 * `×` and `÷`, en/em dashes, curly quotes, and Hebrew letters, maqaf, geresh and gershayim. The spec of this file
 * checks each of them against the SQLite build.
 */
export const PLAIN_CHARACTER_CLASS = ` -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״`;
