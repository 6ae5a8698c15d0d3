/**
 * Leave-one-conversation-out choice of the fact relevance parameters. After a conversation has gone through the MCP
 * server, its data directory is opened in this process and each question's candidate lists are fetched once with the
 * library's own `gatherFactCandidates`; every parameter combination is then ranked from those lists with the same
 * `factRelevance` and prior `query_memory` uses, so the grid costs seconds. For each conversation in turn the
 * parameters are chosen on the others and reported on the one left out.
 */
import { join } from 'node:path';
import { createSystemClock } from '@chief-of-staff/core';
import { VECTORS_DIR_NAME, type Embedder } from '@chief-of-staff/documents';
import { LanceFactVectorIndex, VectorDatabase } from '@chief-of-staff/lancedb';
import { DEFAULT_HALF_LIFE_DAYS, scoreFacts, type FactCandidates, type FactRelevanceParameters } from '@chief-of-staff/stores';
import { DEFAULT_FACT_RELEVANCE, factRelevance, gatherFactCandidates } from '@chief-of-staff/stores/adapter-kit';
import { openMemoryStore } from '@chief-of-staff/sqlite';
import type { Conversation } from './locomo-conversations.js';
import { meanRecall, recallFigures, type RecallFigures } from './recall-metrics.js';
import { firstBest } from '../grid-best.js';

export interface RelevanceGrid {
  rrfK: readonly number[];
  vectorWeight: readonly number[];
  vectorFloor: readonly number[];
  nameWeight: readonly number[];
  neighbourWeight: readonly number[];
  dateWeight: readonly number[];
  feedbackWeight: readonly number[];
}

/**
 * Small on purpose: a few values around the shipped ones (1,536 combinations, a few minutes). The vector floor is
 * searched only when changed: 0.2 and 0.32 scored within 0.001 of each other on every conversation.
 */
export const RELEVANCE_GRID: RelevanceGrid = {
  rrfK: [1, 3, 10, 60],
  vectorWeight: [0.5, 1],
  vectorFloor: [0.32],
  nameWeight: [0, 1, 2, 4],
  neighbourWeight: [0, 0.25, 0.5, 1],
  dateWeight: [0, 1, 2, 4],
  feedbackWeight: [0, 0.5, 1],
};

export interface ConversationCandidates {
  conversation: Conversation;
  candidates: FactCandidates[];
  /** Fact id → turn id (the fact's key). */
  keyOf: Map<number, string>;
}

export async function collectCandidates(conversation: Conversation, dataDir: string, embedder: Embedder): Promise<ConversationCandidates> {
  const clock = createSystemClock('UTC');
  const store = openMemoryStore({ dataDir, clock });
  const vectors = new LanceFactVectorIndex({ vectors: new VectorDatabase(join(dataDir, VECTORS_DIR_NAME)), embedder });
  try {
    const candidates: FactCandidates[] = [];
    const keyOf = new Map<number, string>();
    for (const question of conversation.questions) {
      // The feedback list is always fetched (its first ranking with the shipped parameters); the grid weighs it.
      const found = await gatherFactCandidates({ facts: store.facts, vectors, clock }, { query: question.text, feedback: DEFAULT_FACT_RELEVANCE });
      for (const record of found.records.values()) keyOf.set(record.id, record.key);
      candidates.push(found);
    }
    return { conversation, candidates, keyOf };
  } finally {
    await vectors.close();
    await store.close();
  }
}

/** The first `limit` turn ids `query_memory` would return for these candidates and parameters. */
export function rankedTurns(entry: ConversationCandidates, index: number, parameters: FactRelevanceParameters, limit = 10): string[] {
  const candidates = entry.candidates[index] as FactCandidates;
  const relevance = factRelevance(candidates, parameters);
  const facts = [...relevance.keys()].flatMap((id) => {
    const record = candidates.records.get(id);
    return record ? [record] : [];
  });
  // The prior as query_memory applies it, at the time of the run (every fact of the run is minutes old).
  return scoreFacts(facts, relevance, { now: new Date(), halfLifeDays: DEFAULT_HALF_LIFE_DAYS })
    .slice(0, limit)
    .map((scored) => scored.fact.key);
}

export function* gridPoints(grid: RelevanceGrid = RELEVANCE_GRID): Generator<FactRelevanceParameters> {
  for (const rrfK of grid.rrfK)
    for (const vectorWeight of grid.vectorWeight)
      for (const vectorFloor of grid.vectorFloor)
        for (const nameWeight of grid.nameWeight)
          for (const neighbourWeight of grid.neighbourWeight)
            for (const dateWeight of grid.dateWeight)
              for (const feedbackWeight of grid.feedbackWeight)
                yield { ...DEFAULT_FACT_RELEVANCE, rrfK, vectorWeight, vectorFloor, nameWeight, neighbourWeight, dateWeight, feedbackWeight };
}

export interface ScoredPoint {
  parameters: FactRelevanceParameters;
  /** Conversation name → mean figures over its questions. */
  byConversation: Map<string, RecallFigures>;
}

export function scorePoint(collections: readonly ConversationCandidates[], parameters: FactRelevanceParameters): ScoredPoint {
  const byConversation = new Map<string, RecallFigures>();
  for (const entry of collections) {
    byConversation.set(
      entry.conversation.name,
      meanRecall(entry.conversation.questions.map((question, index) => recallFigures(rankedTurns(entry, index, parameters), question.evidence))),
    );
  }
  return { parameters, byConversation };
}

/** What a point is chosen by on a set of conversations: mean of recall@5 and recall@10, each conversation equal. */
export function objective(point: ScoredPoint, names: readonly string[]): number {
  const values = names.map((name) => {
    const f = point.byConversation.get(name) as RecallFigures;
    return (f.recall5 + f.recall10) / 2;
  });
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function bestPoint(points: readonly ScoredPoint[], names: readonly string[]): ScoredPoint {
  return firstBest(points, (point) => objective(point, names), 1e-9);
}

export interface LeftOutConversation {
  conversation: string;
  chosen: FactRelevanceParameters;
}

/** For each conversation, the parameters chosen on all the others. */
export function leaveOneOut(points: readonly ScoredPoint[], names: readonly string[]): LeftOutConversation[] {
  return names.map((name) => ({ conversation: name, chosen: bestPoint(points, names.filter((other) => other !== name)).parameters }));
}

export function describeRelevance(parameters: FactRelevanceParameters): string {
  const { rrfK, vectorWeight, vectorFloor, nameWeight, neighbourWeight, dateWeight, feedbackWeight } = parameters;
  return `k ${rrfK}, vector weight ${vectorWeight}, floor ${vectorFloor}, names ${nameWeight}, neighbours ${neighbourWeight}, dates ${dateWeight}, feedback ${feedbackWeight}`;
}
