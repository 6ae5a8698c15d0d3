/**
 * `npm run bench -- memory-recall`: the LoCoMo development conversations (one person's memory each) through the MCP
 * server — every turn stored with `store_fact`, every question of categories 1–4 asked through `query_memory` — next
 * to Lunr and MiniSearch indexing the same fact values in the same run. Prints evidence recall@5, recall@10 and
 * "any evidence in the top 5" by question kind, and what the run cost. Nothing is timed by the runner: the latency
 * figures are those of the `query_memory` calls the run made (embedding of each new question included).
 */
import { rmSync } from 'node:fs';
import { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { DEFAULT_FACT_RELEVANCE, queryDaySpans } from '@chief-of-staff/stores/adapter-kit';
import { bestPoint, collectCandidates, describeRelevance, gridPoints, leaveOneOut, rankedTurns, scorePoint, type ConversationCandidates } from './fact-ranking-grid.js';
import { lunrIndex, miniSearchIndex } from '../retrieval/bm25-peers.js';
import { loadConversations, turnFactValue, type Conversation } from './locomo-conversations.js';
import { betterPeer, figuresOf, formatRecallTable, PEER_SYSTEMS, type ScoredQuestion } from './memory-recall-report.js';
import { RESULTS_ASKED, runConversationOverMcp } from './mcp-memory-run.js';
import { recallFigures } from './recall-metrics.js';
import { percentile } from '../percentile.js';

const rows: ScoredQuestion[] = [];
const embedder = new WorkerPoolEmbedder();
const queryMs: number[] = [];
const dataDirs: string[] = [];
const collected: ConversationCandidates[] = [];

function peerRankings(conversation: Conversation): Record<string, string[][]> {
  const documents = conversation.turns.map((turn) => ({ id: turn.id, file: turn.id, title: '', body: turnFactValue(turn) }));
  const peers = [lunrIndex(documents), miniSearchIndex(documents)];
  return Object.fromEntries(peers.map((peer) => [peer.name, conversation.questions.map((question) => peer.search(question.text, RESULTS_ASKED))]));
}

function score(conversation: Conversation, system: string, ranked: readonly string[][]): void {
  conversation.questions.forEach((question, index) => {
    rows.push({
      conversation: conversation.name,
      kind: question.kind,
      system,
      figures: recallFigures(ranked[index] ?? [], question.evidence),
      dated: queryDaySpans(question.text).length > 0,
    });
  });
}

export const benchmarks = [
  {
    name: 'memory-recall: query_memory over MCP on the LoCoMo development conversations (recall in metrics)',
    async setup() {
      for (const conversation of loadConversations()) {
        const run = await runConversationOverMcp(conversation);
        dataDirs.push(run.dataDir);
        queryMs.push(...run.queryMs);
        score(conversation, 'query_memory', run.ranked);
        for (const [peer, ranked] of Object.entries(peerRankings(conversation))) score(conversation, peer, ranked);
        console.log(
          `${conversation.name}: ${conversation.turns.length} store_fact calls in ${(run.storeMs / 1000).toFixed(1)} s, vectors finished ${(run.indexMs / 1000).toFixed(1)} s later, ${conversation.questions.length} query_memory calls (p50 ${quantile(run.queryMs, 0.5).toFixed(1)} ms)`,
        );
        const candidates = await collectCandidates(conversation, run.dataDir, embedder);
        collected.push(candidates);
        const same = conversation.questions.filter((_, index) => rankedTurns(candidates, index, DEFAULT_FACT_RELEVANCE).join() === (run.ranked[index] ?? []).join()).length;
        console.log(`  the grid's ranking with the shipped parameters matches query_memory on ${same} of ${conversation.questions.length} questions`);
      }
      await embedder.close();
      console.log('\nEvidence recall, LoCoMo development conversations (categories 1–4), query_memory as shipped:');
      console.log(formatRecallTable(rows, ['query_memory', ...PEER_SYSTEMS]));
      const points = [...gridPoints()].map((parameters) => scorePoint(collected, parameters));
      const names = collected.map((entry) => entry.conversation.name);
      for (const { conversation, chosen } of leaveOneOut(points, names)) {
        const entry = collected.find((c) => c.conversation.name === conversation) as ConversationCandidates;
        score(entry.conversation, 'left_out', entry.conversation.questions.map((_, index) => rankedTurns(entry, index, chosen)));
        console.log(`${conversation} left out: chosen on the others ${describeRelevance(chosen)}`);
      }
      // The same choice with the date evidence off (date weight 0 only): what a date in the question adds, same run.
      for (const { conversation, chosen } of leaveOneOut(points.filter((point) => point.parameters.dateWeight === 0), names)) {
        const entry = collected.find((c) => c.conversation.name === conversation) as ConversationCandidates;
        score(entry.conversation, 'left_out_no_dates', entry.conversation.questions.map((_, index) => rankedTurns(entry, index, chosen)));
      }
      // And with the feedback list off (feedback weight 0 only): what pseudo-relevance feedback adds, same run.
      for (const { conversation, chosen } of leaveOneOut(points.filter((point) => point.parameters.feedbackWeight === 0), names)) {
        const entry = collected.find((c) => c.conversation.name === conversation) as ConversationCandidates;
        score(entry.conversation, 'left_out_no_feedback', entry.conversation.questions.map((_, index) => rankedTurns(entry, index, chosen)));
      }
      console.log(`\nLeave one conversation out (${points.length} parameter combinations, each conversation ranked with those chosen on the others):`);
      console.log(formatRecallTable(rows, ['left_out', ...PEER_SYSTEMS]));
      console.log('\nLeft out, with and without the date evidence (date weight 0 only), all questions:');
      console.log(formatRecallTable(rows, ['left_out_no_dates', 'left_out']));
      console.log('\nLeft out, with and without pseudo-relevance feedback (feedback weight 0 only), all questions:');
      console.log(formatRecallTable(rows, ['left_out_no_feedback', 'left_out']));
      console.log('\nThe same, only the questions that name a date:');
      console.log(formatRecallTable(rows.filter((row) => row.dated === true), ['left_out_no_dates', 'left_out', ...PEER_SYSTEMS]));
      console.log(`Chosen on all conversations: ${describeRelevance(bestPoint(points, names).parameters)}`);
      console.log(`Shipped:                     ${describeRelevance(DEFAULT_FACT_RELEVANCE)}`);
      printWorstMisses();
    },
    fn() {
      // The figures are the product; latency is reported from the calls the setup made (metrics).
    },
    iterations: 1,
    time: 0,
    teardown() {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
    metrics() {
      const ours = figuresOf(rows, 'query_memory');
      const leftOut = figuresOf(rows, 'left_out');
      return {
        left_out_recall5: round(leftOut.recall5),
        left_out_recall10: round(leftOut.recall10),
        left_out_ratio_recall5: round(leftOut.recall5 / betterPeer(rows, 'recall5')),
        left_out_ratio_recall10: round(leftOut.recall10 / betterPeer(rows, 'recall10')),
        recall5: round(ours.recall5),
        recall10: round(ours.recall10),
        any5: round(ours.any5),
        peer_recall5: round(betterPeer(rows, 'recall5')),
        peer_recall10: round(betterPeer(rows, 'recall10')),
        ratio_recall5: round(ours.recall5 / betterPeer(rows, 'recall5')),
        ratio_recall10: round(ours.recall10 / betterPeer(rows, 'recall10')),
        query_p50_ms: round(quantile(queryMs, 0.5)),
        query_p95_ms: round(quantile(queryMs, 0.95)),
      };
    },
    // The acceptance goals: on the left-out conversations, evidence recall ≥ 1.2× (top 5) and ≥ 1.15× (top 10) the
    // better BM25 library's in the same run.
    goals: [
      { metric: 'left_out_ratio_recall5', min: 1.2 },
      { metric: 'left_out_ratio_recall10', min: 1.15 },
    ],
  },
];

/** The ten left-out questions with the least evidence in the top 10 (then top 5), with what came first instead. */
function printWorstMisses(): void {
  const misses = collected.flatMap((entry) => {
    const turns = new Map(entry.conversation.turns.map((turn) => [turn.id, turnFactValue(turn)]));
    const ours = rows.filter((row) => row.system === 'left_out' && row.conversation === entry.conversation.name);
    return entry.conversation.questions.map((question, index) => ({ entry, question, turns, figures: ours[index]?.figures }));
  });
  misses.sort((a, b) => (a.figures?.recall10 ?? 0) - (b.figures?.recall10 ?? 0) || (a.figures?.recall5 ?? 0) - (b.figures?.recall5 ?? 0) || b.question.evidence.length - a.question.evidence.length);
  console.log('\nWorst left-out misses:');
  for (const miss of misses.slice(0, 10)) {
    console.log(`- ${miss.entry.conversation.name} (${miss.question.kind}) "${miss.question.text}" R@10 ${miss.figures?.recall10.toFixed(2)}`);
    for (const id of miss.question.evidence) console.log(`    evidence ${id}: ${(miss.turns.get(id) ?? '').slice(0, 160)}`);
  }
}

function quantile(samples: readonly number[], fraction: number): number {
  return percentile([...samples].sort((a, b) => a - b), fraction);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
