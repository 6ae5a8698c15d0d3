/**
 * The relevance half of fact ranking (steps 2–3 of docs/reference/algorithms.md#fact-ranking), pure: the candidate
 * lists of one query (full text, substring, Hebrew stems, vector matches) fused into a 0..1 relevance, with the two
 * kinds of structural evidence facts carry — the names a question mentions, and the facts stored next to a fact in
 * the same thread. Confidence, recency and pinning are not evidence of relevance: they are the separate prior of
 * fact-ranking.ts, applied afterwards. Kept free of storage so the benchmark can score parameter choices over
 * candidate lists fetched once (tools/bench/src/memory-recall).
 */
import { foldCase, isStopWord } from '@chief-of-staff/core';
import type { FactRecord } from './facts-repository.js';
import type { FactVectorMatch } from './fact-vector-index.js';
import { observedTime } from './observed-time.js';
import { queryDaySpans, withinDaySpans } from './query-time.js';

export interface FactRelevanceParameters {
  /** RRF constant: smaller values let the first ranks of a list count more against the tenth. */
  rrfK: number;
  /** Weight of the vector list in the fusion; the lexical lists weigh 1 each. */
  vectorWeight: number;
  /**
   * Semantic matches less similar than this are not candidates: the nearest facts to an unrelated query or an
   * unknown name are still "nearest" (ADR 0019).
   */
  vectorFloor: number;
  /** How much more a fact that mentions a name of the query counts: relevance × (1 + nameWeight), renormalised. */
  nameWeight: number;
  /**
   * Share of the better neighbour's relevance a fact receives (noisy-or with its own): an answer in a conversation
   * often follows the turn that matched the question (ADR 0095).
   */
  neighbourWeight: number;
  /**
   * How much more a fact observed on a date the question names counts ("on October 13, 2023", "in July 2023"):
   * relevance × (1 + dateWeight), renormalised like the names.
   */
  dateWeight: number;
}

/**
 * Chosen leaving one LoCoMo conversation out (ADR 0095): every left-out conversation chose k 3, names 2 and
 * neighbours 0.5; the vector weight split between 0.5 and 1 (0.5 is best on all five); the floor did not matter
 * there and stays where ADR 0019 put it against unrelated queries. Every left-out conversation chose dates 2 once
 * facts carried when they were said (ADR 0095, temporal memory).
 */
export const DEFAULT_FACT_RELEVANCE: FactRelevanceParameters = {
  rrfK: 3,
  vectorWeight: 0.5,
  vectorFloor: 0.32,
  nameWeight: 2,
  neighbourWeight: 0.5,
  dateWeight: 2,
};

export interface FactCandidateLists {
  /** FTS candidates, best first; null when the query had no searchable word. */
  fullText: number[] | null;
  substring: number[];
  hebrew: number[];
  /** Vector matches of current facts (embedding ok), most similar first; undefined when the vector search did not run. */
  vector?: FactVectorMatch[];
}

export interface FactCandidates extends FactCandidateLists {
  query: string;
  /** Every candidate's record, and the records of the facts stored just before and after each. */
  records: ReadonlyMap<number, FactRecord>;
}

/** Words of the query written with a capital that are not function words: the people and places it names. */
export function queryNames(query: string): string[] {
  const names = new Set<string>();
  for (const match of query.matchAll(/\p{Lu}[\p{L}\p{M}\p{N}]*/gu)) {
    const word = match[0];
    if (word.length > 1 && !isStopWord(word)) names.add(word.toLocaleLowerCase());
  }
  return [...names];
}

/** The words of a fact, remembered per record: one record is read by every parameter choice of the benchmark's grid. */
const factWords = new WeakMap<FactRecord, Set<string>>();

function wordsOf(fact: FactRecord): Set<string> {
  let words = factWords.get(fact);
  if (!words) {
    words = new Set(`${fact.key} ${fact.value} ${fact.sourceRef?.from_identity ?? ''}`.toLocaleLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u));
    factWords.set(fact, words);
  }
  return words;
}

/** The thread a fact was stored from, when its source says so; facts of one thread in id order are a sequence. */
function threadOf(fact: FactRecord | undefined): string | undefined {
  const ref = fact?.sourceRef;
  return ref?.thread_id === undefined ? undefined : `${ref.provider}\u0000${ref.thread_id}`;
}

interface FusionList {
  ids: readonly number[];
  weight: number;
  /** The rank of the fact at a position (1-based); by default its position. */
  rankAt?: (id: number, position: number) => number;
}

/** Weighted reciprocal-rank fusion, scaled so a fact ranked first in every list scores 1. */
function fuseLists(lists: readonly FusionList[], k: number): Map<number, number> {
  const sums = new Map<number, number>();
  let best = 0;
  for (const { ids, weight, rankAt } of lists) {
    if (weight <= 0) continue;
    best += weight / (k + 1);
    ids.forEach((id, index) => sums.set(id, (sums.get(id) ?? 0) + weight / (k + (rankAt ? rankAt(id, index + 1) : index + 1))));
  }
  for (const [id, sum] of sums) sums.set(id, best === 0 ? 0 : sum / best);
  return sums;
}

/**
 * The lists that ran, as fusion inputs (the vector list cut at the floor). Substring matches are ordered by recency,
 * not by how well they match, so only an exact key match ranks first there and every other match ties second:
 * with a small k, the list's recency order would otherwise count recency a second time, on top of the prior.
 */
function fusionLists(candidates: FactCandidates, parameters: FactRelevanceParameters): FusionList[] {
  const lists: FusionList[] = [];
  if (candidates.fullText !== null) lists.push({ ids: candidates.fullText, weight: 1 });
  const folded = foldCase(candidates.query.trim());
  lists.push({ ids: candidates.substring, weight: 1, rankAt: (id) => (foldCase(candidates.records.get(id)?.key ?? '') === folded ? 1 : 2) });
  if (candidates.hebrew.length > 0) lists.push({ ids: candidates.hebrew, weight: 1 });
  if (candidates.vector !== undefined) {
    lists.push({ ids: candidates.vector.filter((match) => match.similarity >= parameters.vectorFloor).map((match) => match.factId), weight: parameters.vectorWeight });
  }
  return lists;
}

/** Fact id → relevance in 0..1 for every fact that has any evidence. */
export function factRelevance(candidates: FactCandidates, parameters: FactRelevanceParameters = DEFAULT_FACT_RELEVANCE): Map<number, number> {
  let relevance = fuseLists(fusionLists(candidates, parameters), parameters.rrfK);

  if (parameters.neighbourWeight > 0) {
    const own = relevance;
    const spread = new Map<number, number>();
    const neighbourScore = (id: number, thread: string) => (threadOf(candidates.records.get(id)) === thread ? (own.get(id) ?? 0) : 0);
    const ids = new Set<number>();
    for (const id of own.keys()) ids.add(id).add(id - 1).add(id + 1);
    for (const id of ids) {
      const thread = threadOf(candidates.records.get(id));
      const beside = thread === undefined ? 0 : Math.max(neighbourScore(id - 1, thread), neighbourScore(id + 1, thread));
      // Noisy-or of the fact's own evidence and its neighbour's: a fact first in every list stays at 1.
      const ownValue = own.get(id) ?? 0;
      const value = ownValue + parameters.neighbourWeight * beside * (1 - ownValue);
      if (value > 0) spread.set(id, value);
    }
    relevance = spread;
  }

  const names = parameters.nameWeight > 0 ? queryNames(candidates.query) : [];
  if (names.length > 0) {
    for (const [id, value] of relevance) {
      const fact = candidates.records.get(id);
      if (!fact) continue;
      const words = wordsOf(fact);
      const mentioned = names.filter((name) => words.has(name)).length / names.length;
      relevance.set(id, (value * (1 + parameters.nameWeight * mentioned)) / (1 + parameters.nameWeight));
    }
  }

  const spans = parameters.dateWeight > 0 ? queryDaySpans(candidates.query) : [];
  if (spans.length > 0) {
    for (const [id, value] of relevance) {
      const fact = candidates.records.get(id);
      if (!fact) continue;
      const onDate = withinDaySpans(observedTime(fact), spans) ? 1 : 0;
      relevance.set(id, (value * (1 + parameters.dateWeight * onDate)) / (1 + parameters.dateWeight));
    }
  }
  return relevance;
}
