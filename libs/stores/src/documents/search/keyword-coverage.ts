/**
 * How much of a keyword query a chunk covers, used to weight the keyword list in hybrid fusion. BM25 ranks a
 * chunk that shares one incidental word with a question ("trips", "client") as confidently as one that matches
 * every word, and plain RRF then lets such noise outrank the semantic answer. Weighting each keyword hit by the
 * square of the share of query words it contains keeps full-match hits (names, codes, exact phrases) at full
 * weight while a one-word-in-five match counts for 1/25.
 */

const WORD = /[\p{L}\p{N}_]+/gu;

function wordsOf(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(WORD), (match) => match[0]);
}

/** A scorer for texts against `keywords` (already stripped of stop words): 0..1, 1 when every word occurs. */
export function keywordCoverage(keywords: string): (text: string) => number {
  const wanted = [...new Set(wordsOf(keywords))];
  return (text) => {
    if (wanted.length === 0) return 0;
    const present = new Set(wordsOf(text));
    const share = wanted.filter((word) => present.has(word)).length / wanted.length;
    return share * share;
  };
}
