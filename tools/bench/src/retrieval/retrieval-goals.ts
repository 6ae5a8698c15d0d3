/**
 * The retrieval goals, checked by the benchmark (`--check`) and by the test that guards them in CI:
 * - on CACM the default mode's nDCG@10 is at least 1.05 × the better of Lunr and MiniSearch;
 * - on every collection hybrid's nDCG@10 is at least the better of its own halves (fts, vector) − 0.01;
 * - hybrid MRR@10 is at least 0.85 on the paraphrase fixture and 0.8 on the Hebrew one.
 */
import type { CollectionFigures } from './evaluate-retrieval.js';

export interface GoalCheck {
  goal: string;
  value: number;
  target: number;
  met: boolean;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function checkRetrievalGoals(all: readonly CollectionFigures[]): GoalCheck[] {
  const checks: GoalCheck[] = [];
  const push = (goal: string, value: number, target: number) => checks.push({ goal, value: round3(value), target: round3(target), met: value >= target - 1e-9 });
  for (const figures of all) {
    const s = figures.systems;
    const ndcg = (system: string) => s[system]?.ndcg ?? 0;
    push(`${figures.collection}: hybrid nDCG@10 ≥ max(fts, vector) − 0.01`, ndcg('hybrid'), Math.max(ndcg('fts'), ndcg('vector')) - 0.01);
    if (figures.collection === 'cacm') push('cacm: hybrid nDCG@10 ≥ 1.05 × best BM25 peer', ndcg('hybrid'), 1.05 * Math.max(ndcg('lunr'), ndcg('minisearch')));
    if (figures.collection === 'paraphrase') push('paraphrase: hybrid MRR@10 ≥ 0.85', s['hybrid']?.mrr ?? 0, 0.85);
    if (figures.collection === 'hebrew') push('hebrew: hybrid MRR@10 ≥ 0.8', s['hybrid']?.mrr ?? 0, 0.8);
  }
  return checks;
}
