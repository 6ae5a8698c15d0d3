/**
 * Ranking metrics at a cut-off of 10, over one query's ranked document ids and its graded judgements:
 * reciprocal rank of the first relevant document, nDCG with the grade as the gain, and precision.
 */
export const CUTOFF = 10;

export interface QueryFigures {
  mrr: number;
  ndcg: number;
  p10: number;
}

export function rankingFigures(ranked: readonly string[], relevant: Readonly<Record<string, number>>): QueryFigures {
  const top = ranked.slice(0, CUTOFF);
  const first = top.findIndex((id) => (relevant[id] ?? 0) > 0);
  let dcg = 0;
  top.forEach((id, rank) => {
    dcg += (relevant[id] ?? 0) / Math.log2(rank + 2);
  });
  const ideal = Object.values(relevant)
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, CUTOFF)
    .reduce((sum, grade, rank) => sum + grade / Math.log2(rank + 2), 0);
  return {
    mrr: first < 0 ? 0 : 1 / (first + 1),
    ndcg: ideal === 0 ? 0 : dcg / ideal,
    p10: top.filter((id) => (relevant[id] ?? 0) > 0).length / CUTOFF,
  };
}

export function meanFigures(all: readonly QueryFigures[]): QueryFigures {
  const mean = (pick: (f: QueryFigures) => number) => (all.length === 0 ? 0 : all.reduce((sum, f) => sum + pick(f), 0) / all.length);
  return { mrr: mean((f) => f.mrr), ndcg: mean((f) => f.ndcg), p10: mean((f) => f.p10) };
}
