/**
 * Pseudo-relevance feedback: words to add to a query, taken from the texts it ranked best. A question and the text that
 * answers it often share no word ("What did Caroline research?" — "I've been looking into adoption agencies"), while
 * the best first hits, about the same subject, do share words with it. Each word of the top texts scores
 * `Σ weight(text) · idf(word)`, where the idf is counted over the candidate texts themselves (the words every
 * candidate has — the speaker's name, "really" — say nothing), and the best few not already in the query are returned
 * in their written form, for the keyword index to analyse as it does the query's own words.
 */
import { foldedWords, wordTerms } from '@chief-of-staff/core';

export interface FeedbackText {
  text: string;
  /** How much the text counts: its relevance. */
  weight: number;
}

/** Words shorter than this are not proposed: too many short words are names of nothing. */
const MIN_LENGTH = 3;

/** Each distinct word of a text by its index term (the first for a Hebrew word), with its first written form. */
function termsOf(text: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const word of foldedWords(text)) {
    if (word.length < MIN_LENGTH || /^\d+$/.test(word)) continue;
    const [term] = wordTerms(word);
    if (term !== undefined && !terms.has(term)) terms.set(term, word);
  }
  return terms;
}

/**
 * Up to `count` words to add to `query`: from `top` (the best texts with their weights), weighed against `pool` (the
 * candidate texts, for the idf). None when the top texts hold no word the query lacks.
 */
export function feedbackTerms(query: string, top: readonly FeedbackText[], pool: readonly string[], count: number): string[] {
  if (count <= 0 || top.length === 0) return [];
  const asked = new Set(termsOf(query).keys());
  const frequency = new Map<string, number>();
  for (const text of pool) for (const term of termsOf(text).keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scores = new Map<string, { word: string; score: number }>();
  for (const { text, weight } of top) {
    for (const [term, word] of termsOf(text)) {
      if (asked.has(term)) continue;
      const idf = Math.log(1 + pool.length / Math.max(1, frequency.get(term) ?? 0));
      const entry = scores.get(term) ?? { word, score: 0 };
      entry.score += weight * idf;
      scores.set(term, entry);
    }
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, count)
    .map((entry) => entry.word);
}
