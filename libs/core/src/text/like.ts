/**
 * Safe `LIKE` patterns from user text (docs/reference/conventions.md#validation): `\`, `%` and `_` are escaped (use
 * with `ESCAPE '\'`) and the text is case-folded, to be compared against `cos_fold(column)`.
 */
import { foldCase } from './fold-case.js';

/** Escapes LIKE wildcards and the escape character itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `%<folded, escaped text>%`: a case-folded substring pattern. */
export function containsPattern(text: string): string {
  return `%${escapeLike(foldCase(text))}%`;
}
