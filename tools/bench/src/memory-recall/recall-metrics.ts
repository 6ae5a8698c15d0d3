/**
 * Evidence recall of one question: the share of its evidence turns among the first k results, and whether any of
 * them is in the top 5. Means are taken per question kind and over all questions.
 */
export interface RecallFigures {
  recall5: number;
  recall10: number;
  /** 1 when at least one evidence turn is among the first 5. */
  any5: number;
}

export function recallFigures(ranked: readonly string[], evidence: readonly string[]): RecallFigures {
  const share = (k: number) => evidence.filter((id) => ranked.slice(0, k).includes(id)).length / evidence.length;
  return { recall5: share(5), recall10: share(10), any5: evidence.some((id) => ranked.slice(0, 5).includes(id)) ? 1 : 0 };
}

export function meanRecall(rows: readonly RecallFigures[]): RecallFigures {
  const mean = (pick: (row: RecallFigures) => number) => (rows.length === 0 ? 0 : rows.reduce((sum, row) => sum + pick(row), 0) / rows.length);
  return { recall5: mean((row) => row.recall5), recall10: mean((row) => row.recall10), any5: mean((row) => row.any5) };
}
