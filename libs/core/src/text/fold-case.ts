/**
 * Unicode case folding (docs/reference/conventions.md#validation). Case-insensitive matching in the store never
 * relies on a database's ASCII-only `lower()`/`LIKE`; it compares folded text, computed in JavaScript (the SQLite adapter
 * registers it as `cos_fold`).
 */

/**
 * Folds `text` for caseless comparison: compatibility-normalised (NFKC, so `ﬁ` = `fi`), then upper- and
 * lower-cased, which approximates Unicode full case folding (`ß` → `ss`, final `ς` → `σ`) with built-ins.
 */
export function foldCase(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase();
}
