/**
 * Tokenising usage-log query patterns for skill detection (docs/reference/algorithms.md#skill-pattern-detection):
 * folded words of Unicode letters and digits (Hebrew included), without identifiers and dates — ids and timestamps
 * differ on every call and would keep identical habits from ever clustering.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO_DATE_TIME = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/gi;
const SLASH_DATE = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g;
const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?\b/gi;
const WORD = /[\p{L}\p{N}]+/gu;
const HEX_ID = /^[0-9a-f]{8,}$/;
const NUMBER = /^\p{N}+$/u;

/** Small English and Hebrew stop-word list: function words that say nothing about intent. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'with', 'from', 'about', 'into',
  'is', 'are', 'was', 'were', 'be', 'been', 'it', 'its', 'this', 'that', 'these', 'those', 'me', 'my', 'mine', 'we',
  'our', 'you', 'your', 'i', 'he', 'she', 'they', 'them', 'his', 'her', 'their', 'what', 'who', 'whom', 'which',
  'when', 'where', 'why', 'how', 'any', 'all', 'some', 'please', 'do', 'does', 'did', 'have', 'has', 'had', 'not',
  'no', 'yes', 'up', 'out', 'as', 'if', 'so', 'than', 'then', 'there', 'here', 'can', 'could', 'would', 'should',
  'של', 'את', 'על', 'עם', 'מה', 'מי', 'זה', 'זאת', 'אני', 'לי', 'או', 'גם', 'כל', 'יש', 'אין', 'אל', 'עד', 'אם',
]);

export function tokenizePattern(pattern: string): string[] {
  const cleaned = pattern
    .normalize('NFKC')
    .toLowerCase()
    .replace(EMAIL, ' ')
    .replace(UUID, ' ')
    .replace(ISO_DATE_TIME, ' ')
    .replace(SLASH_DATE, ' ')
    .replace(TIME, ' ');
  const tokens: string[] = [];
  for (const word of cleaned.match(WORD) ?? []) {
    if (word.length < 2 || NUMBER.test(word) || HEX_ID.test(word) || STOP_WORDS.has(word)) continue;
    tokens.push(word);
  }
  return tokens;
}

/** Jaccard similarity of two token sets; 0 when either is empty (docs/reference/algorithms.md#mmr-and-jaccard). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}
