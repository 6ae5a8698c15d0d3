/**
 * Safe pieces of LanceDB `where` text. Filters are SQL (DataFusion), so user input never goes in as written:
 * strings become quoted literals with quotes doubled (backslashes are not escapes in DataFusion), numbers are
 * checked to be finite integers, and column names come only from our own constants.
 */

/** A single-quoted SQL string literal for any text; NUL characters, which no path or label contains, are refused. */
export function sqlString(value: string): string {
  if (value.includes('\u0000')) throw new RangeError('Filter text must not contain NUL characters.');
  return `'${value.replace(/'/g, "''")}'`;
}

/** An integer literal; anything that is not a safe integer is refused. */
export function sqlInteger(value: number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return String(value);
}

/** `column IN (…)` over integers; an empty list matches nothing. */
export function sqlIntegerList(column: string, values: readonly (number | bigint)[]): string {
  if (values.length === 0) return 'false';
  return `${column} IN (${values.map(sqlInteger).join(', ')})`;
}

/** Joins conditions with AND; no conditions gives undefined (no filter). */
export function andAll(conditions: readonly string[]): string | undefined {
  return conditions.length === 0 ? undefined : conditions.map((condition) => `(${condition})`).join(' AND ');
}
