/**
 * BM25, the keyword half of every ranking here: one set of parameters and one idf for the adapters that compute it
 * themselves (PostgreSQL in SQL over its tsvector columns) and the same values LanceDB's full-text index and SQLite's
 * FTS5 `bm25()` use, so a collection ranks alike on every adapter.
 */

export interface Bm25Parameters {
  /** Term-frequency saturation: how quickly a repeated word stops adding. */
  k1: number;
  /** Length normalisation: 1 divides by the text's length relative to the average in full, 0 ignores length. */
  b: number;
}

/** The usual values, which LanceDB's index and FTS5's `bm25()` also use. */
export const BM25: Readonly<Bm25Parameters> = { k1: 1.2, b: 0.75 };

/** Lucene's idf, never negative: `ln(1 + (N − df + 0.5) / (df + 0.5))`. */
export function bm25Idf(rows: number, documentFrequency: number): number {
  return Math.log(1 + (rows - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** One term's contribution to a text's score: `idf · tf · (k1 + 1) / (tf + k1 · (1 − b + b · length / averageLength))`. */
export function bm25TermScore(idf: number, frequency: number, length: number, averageLength: number, parameters: Readonly<Bm25Parameters> = BM25): number {
  if (frequency <= 0) return 0;
  const { k1, b } = parameters;
  const norm = averageLength > 0 ? 1 - b + (b * length) / averageLength : 1;
  return (idf * frequency * (k1 + 1)) / (frequency + k1 * norm);
}
