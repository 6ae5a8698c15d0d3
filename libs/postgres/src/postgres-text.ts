/**
 * Text rules every PostgreSQL repository shares: PostgreSQL cannot keep U+0000 in `text` (SQLite can), and the
 * SQLite adapter's case folding (`foldCase`, registered there as `cos_fold`) written as SQL (ADR 0063).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { escapeLike, foldCase, ToolError } from '@chief-of-staff/core';
import { PLAIN_CHARACTER_CLASS } from '@chief-of-staff/stores/adapter-kit';

/** PostgreSQL cannot store U+0000 in text, so a field holding one is refused with the field named. */
export function assertNoNul(field: string, text: string): string {
  if (!text.includes('\0')) return text;
  throw ToolError.invalidArgument(field, 'contains a NUL character (U+0000).', 'Remove the NUL characters: PostgreSQL storage cannot keep them.');
}

/**
 * `fields` with every text (and every text in a list) checked by `assertNoNul`, the field named as the tools name it
 * (`delegatedTo` → `delegated_to`). JSON values are left to PostgreSQL.
 */
export function assertNoNulFields<T extends object>(fields: T): T {
  for (const [name, value] of Object.entries(fields)) {
    const field = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (typeof value === 'string') assertNoNul(field, value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') assertNoNul(field, item);
  }
  return fields;
}

/**
 * True when one of `texts` holds U+0000: no stored text does (writes refuse it), and PostgreSQL refuses it in a
 * parameter, so a lookup by such a text finds nothing without asking.
 */
export function hasNul(...texts: readonly (string | undefined)[]): boolean {
  return texts.some((text) => text !== undefined && text.includes('\0'));
}

/**
 * `foldCase` in SQL: compatibility-normalised (NFKC), upper- then lower-cased. PostgreSQL maps case one character at
 * a time (the database's locale) where JavaScript applies Unicode's special casings, so the two that change what a
 * search finds are written out first: `ß` upper-cases to `SS` and `İ` lower-cases to `i` + combining dot above. The
 * few special casings left (Greek letters with iota subscript, `ǰ`, `ẖ`…) fold as single characters (ADR 0063).
 * Where a text holding such characters is compared, both sides are folded here, so such a character still matches
 * itself.
 */
export function foldedSql(value: SQLWrapper | string): SQL {
  const text = typeof value === 'string' ? sql`${value}::text` : value;
  return sql`lower(upper(replace(replace(normalize(${text}, NFKC), 'ß', 'ss'), 'İ', 'i̇')))`;
}

/**
 * A regular expression matching a character outside the "plain" ones: those whose `foldCase` is PostgreSQL's own
 * lower case of that character and which NFKC leaves alone (ASCII, Latin-1 letters but `ß`, Hebrew letters, curly
 * quotes and dashes; the stores' `PLAIN_CHARACTER_CLASS`, plus tab, newline and carriage return). For a text without
 * one, `ILIKE` with the query folded by `foldCase` finds what folding the text would, without normalising it (about
 * five times faster over 10,000 decisions).
 */
export const NON_PLAIN_CHARACTER = `[^\\t\\n\\r${PLAIN_CHARACTER_CLASS}]`;

/**
 * `foldCase(column) LIKE '%<folded text>%'` for any of `columns`, with the wildcards of `text` escaped: `ILIKE` for a
 * plain text, the fold in SQL for the others.
 */
export function foldedContains(columns: readonly SQLWrapper[], text: string): SQL {
  // Folded (or normalised) before escaping: NFKC turns a full-width `％` into `%`, which must then be escaped like a typed one.
  const plainPattern = `%${escapeLike(foldCase(text))}%`;
  const foldedPattern = foldedSql(`%${escapeLike(text.normalize('NFKC'))}%`);
  return sql`(${sql.join(
    columns.map(
      (column) =>
        sql`(CASE WHEN ${column} ~ ${NON_PLAIN_CHARACTER} THEN ${foldedSql(column)} LIKE ${foldedPattern} ESCAPE '\\' ELSE ${column} ILIKE ${plainPattern} ESCAPE '\\' END)`,
    ),
    sql` OR `,
  )})`;
}

/** `foldCase(column) = foldCase(text)`, the same way. */
export function foldedEquals(column: SQLWrapper, text: string): SQL {
  return sql`(CASE WHEN ${column} ~ ${NON_PLAIN_CHARACTER} THEN ${foldedSql(column)} = ${foldedSql(text)} ELSE lower(${column}) = ${foldCase(text)} END)`;
}
