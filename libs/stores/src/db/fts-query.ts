/**
 * Builds FTS5 `MATCH` expressions from user text (docs/reference/conventions.md#validation,
 * docs/reference/algorithms.md#fact-ranking): only sanitised word tokens, each quoted, OR-joined. Operators, quotes,
 * column filters and bare AND/OR/NOT/NEAR never reach FTS5, so no query text can raise an FTS syntax error. English
 * function words are dropped unless the query has nothing else (ADR 0010).
 */
import { isStopWord, wordTerms } from '@chief-of-staff/core';

/** Characters FTS5's unicode61 tokenizer keeps inside tokens: letters, numbers, marks, private use. */
const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);
const MAX_TOKENS = 32;

/**
 * The distinct word tokens of `query`, in order, without FTS operators. Function words ("the", "what", "about")
 * are left out when the query has other words: they carry no meaning for ranking, and in a large store each one
 * matches most rows, all of which bm25 would have to score.
 */
export function ftsTokens(query: string): string[] {
  const seen = new Set<string>();
  for (const match of query.matchAll(TOKEN)) {
    const token = match[0];
    if (OPERATORS.has(token)) continue;
    seen.add(token);
  }
  const all = [...seen];
  const meaningful = all.filter((token) => !isStopWord(token));
  return (meaningful.length > 0 ? meaningful : all).slice(0, MAX_TOKENS);
}

/** Shortest prefix a word is widened to: shorter ones ("win", "art") would match too many unrelated words. */
const MIN_STEM_PREFIX = 4;

/**
 * The prefix that finds a word's other forms in an index that does not stem: the longest common prefix of the word
 * and its Porter stem ("recommendations" → "recommend", "screenplays" → "screenpla", "writings" → "writ"), when it
 * has at least four letters and is shorter than the word; undefined otherwise (the word is then matched as it is).
 * Facts are one sentence, so a question and the fact that answers it rarely share a word in the same form (ADR 0095).
 */
export function stemPrefix(token: string): string | undefined {
  const word = token.toLowerCase();
  const [stem] = wordTerms(word);
  if (stem === undefined || stem === word) return undefined;
  let length = 0;
  while (length < word.length && length < stem.length && word[length] === stem[length]) length += 1;
  return length >= MIN_STEM_PREFIX && length < word.length ? word.slice(0, length) : undefined;
}
