/**
 * How much of a keyword query a chunk covers, used to weight the keyword list in hybrid fusion. BM25 ranks a
 * chunk that shares one incidental word with a question ("trips", "client") as confidently as one that matches
 * every word, and plain RRF then lets such noise outrank the semantic answer. Weighting each keyword hit by the
 * square of the share of query words it contains keeps full-match hits (names, codes, exact phrases) at full
 * weight while a one-word-in-five match counts for 1/25.
 */
import { wordSet } from '@chief-of-staff/stores';

/** A scorer for texts against `keywords` (already stripped of stop words): 0..1, 1 when every word occurs. */
export function keywordCoverage(keywords: string): (text: string) => number {
  const wanted = wordSet(keywords);
  return (text) => {
    if (wanted.size === 0) return 0;
    const present = wordSet(text);
    let found = 0;
    for (const word of wanted) if (present.has(word)) found += 1;
    const share = found / wanted.size;
    return share * share;
  };
}
