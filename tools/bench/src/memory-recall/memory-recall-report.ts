/**
 * The memory-recall tables: evidence recall@5, recall@10 and "any evidence in the top 5" per question kind for every
 * system, and the ratios to the better BM25 library that the goals are stated in.
 */
import { meanRecall, type RecallFigures } from './recall-metrics.js';

/** One scored question of one system. */
export interface ScoredQuestion {
  conversation: string;
  kind: string;
  system: string;
  figures: RecallFigures;
  /** The question names a calendar date ("on October 13, 2023", "in July 2023"). */
  dated?: boolean;
}

export const PEER_SYSTEMS = ['lunr', 'minisearch'] as const;

const f3 = (value: number) => value.toFixed(3);

export function figuresOf(rows: readonly ScoredQuestion[], system: string, keep: (row: ScoredQuestion) => boolean = () => true): RecallFigures {
  return meanRecall(rows.filter((row) => row.system === system && keep(row)).map((row) => row.figures));
}

/** The better peer's figure for a metric (each metric on its own). */
export function betterPeer(rows: readonly ScoredQuestion[], metric: keyof RecallFigures, keep?: (row: ScoredQuestion) => boolean): number {
  return Math.max(...PEER_SYSTEMS.map((peer) => figuresOf(rows, peer, keep)[metric]));
}

export function formatRecallTable(rows: readonly ScoredQuestion[], systems: readonly string[]): string {
  const kinds = [...new Set(rows.map((row) => row.kind))].sort();
  const lines = ['| question kind | n | ' + systems.map((s) => `${s} R@5 / R@10 / any@5`).join(' | ') + ' |', `|---|---|${systems.map(() => '---').join('|')}|`];
  const line = (label: string, keep: (row: ScoredQuestion) => boolean) => {
    const n = rows.filter((row) => row.system === systems[0] && keep(row)).length;
    const cells = systems.map((system) => {
      const f = figuresOf(rows, system, keep);
      return `${f3(f.recall5)} / ${f3(f.recall10)} / ${f3(f.any5)}`;
    });
    lines.push(`| ${label} | ${n} | ${cells.join(' | ')} |`);
  };
  for (const kind of kinds) line(kind, (row) => row.kind === kind);
  line('all', () => true);
  return lines.join('\n');
}
