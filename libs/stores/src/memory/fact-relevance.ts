/**
 * The relevance half of fact ranking (steps 2–3 of docs/reference/algorithms.md#fact-ranking), pure: the candidate
 * lists of one query (full text, substring, Hebrew stems, vector matches, the feedback list) fused into a 0..1
 * relevance by the ranking engine (`rankTexts`, ADR 0099), with the structural evidence facts carry — the names a
 * question mentions, the date it names, and the facts stored next to a fact in the same thread. Confidence, recency
 * and pinning are not evidence of relevance: they are the separate prior of fact-ranking.ts, applied afterwards.
 * Kept free of storage so the benchmark can score parameter choices over candidate lists fetched once
 * (tools/bench/src/memory-recall).
 */
import { foldCase } from '@chief-of-staff/core';
import { feedbackTerms, nameShare, queryNames, rankTexts, type CandidateList } from '@chief-of-staff/ranking';
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
  /**
   * Weight of the feedback list: the full-text matches of the query with words of its best first hits added
   * (pseudo-relevance feedback, `feedbackQuery`); 0 leaves the list out and spares its search.
   */
  feedbackWeight: number;
}

/**
 * Chosen leaving one LoCoMo conversation out (ADR 0095, ADR 0099): every left-out conversation chose k 3 (one chose
 * 10), neighbours 0.5 and names 1–2; with the feedback list every one chose the vector weight 1 and a feedback weight
 * of 0.5 or 1, and dates 2 or 4; the values are those chosen on all five. The floor did not matter there and stays where
 * ADR 0019 put it against unrelated queries.
 */
export const DEFAULT_FACT_RELEVANCE: FactRelevanceParameters = {
  rrfK: 3,
  vectorWeight: 1,
  vectorFloor: 0.32,
  nameWeight: 2,
  neighbourWeight: 0.5,
  dateWeight: 4,
  feedbackWeight: 0.5,
};

export interface FactCandidateLists {
  /** FTS candidates, best first; null when the query had no searchable word. */
  fullText: number[] | null;
  substring: number[];
  hebrew: number[];
  /** Vector matches of current facts (embedding ok), most similar first; undefined when the vector search did not run. */
  vector?: FactVectorMatch[];
  /** FTS candidates of the query expanded by `feedbackQuery`, best first; undefined when that search did not run. */
  feedback?: number[];
}

export interface FactCandidates extends FactCandidateLists {
  query: string;
  /** Every candidate's record, and the records of the facts stored just before and after each. */
  records: ReadonlyMap<number, FactRecord>;
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
export function threadOf(fact: FactRecord | undefined): string | undefined {
  const ref = fact?.sourceRef;
  return ref?.thread_id === undefined ? undefined : `${ref.provider}\u0000${ref.thread_id}`;
}

/**
 * The lists that ran, as fusion inputs (the vector list cut at the floor). Substring matches are ordered by recency,
 * not by how well they match, so only an exact key match ranks first there and every other match ties second:
 * with a small k, the list's recency order would otherwise count recency a second time, on top of the prior.
 */
function fusionLists(candidates: FactCandidates, parameters: FactRelevanceParameters): CandidateList<number>[] {
  const lists: CandidateList<number>[] = [];
  if (candidates.fullText !== null) lists.push(keywordList(candidates.fullText));
  const folded = foldCase(candidates.query.trim());
  lists.push({ ...keywordList(candidates.substring), rankAt: (id) => (foldCase(candidates.records.get(id)?.key ?? '') === folded ? 1 : 2) });
  if (candidates.hebrew.length > 0) lists.push(keywordList(candidates.hebrew));
  if (candidates.feedback !== undefined) lists.push({ ...keywordList(candidates.feedback), weight: parameters.feedbackWeight });
  if (candidates.vector !== undefined) {
    const similar = candidates.vector.filter((match) => match.similarity >= parameters.vectorFloor);
    lists.push({ kind: 'semantic', items: similar.map((match) => ({ key: match.factId, score: match.similarity })), weight: parameters.vectorWeight });
  }
  return lists;
}

/** A lexical list of fact ids, best first (the repositories give their order, not their scores). */
function keywordList(ids: readonly number[]): CandidateList<number> {
  return { kind: 'keyword', items: ids.map((id, index) => ({ key: id, score: ids.length - index })), weight: 1 };
}

/** Fact id → relevance in 0..1 for every fact that has any evidence. */
export function factRelevance(candidates: FactCandidates, parameters: FactRelevanceParameters = DEFAULT_FACT_RELEVANCE): Map<number, number> {
  const record = (id: number) => candidates.records.get(id);
  const shares: { of: (id: number) => number | undefined; weight: number }[] = [];
  const names = parameters.nameWeight > 0 ? queryNames(candidates.query) : [];
  if (names.length > 0) shares.push({ of: (id) => ifRecord(record(id), (fact) => nameShare(names, wordsOf(fact))), weight: parameters.nameWeight });
  const spans = parameters.dateWeight > 0 ? queryDaySpans(candidates.query) : [];
  if (spans.length > 0) shares.push({ of: (id) => ifRecord(record(id), (fact) => (withinDaySpans(observedTime(fact), spans) ? 1 : 0)), weight: parameters.dateWeight });
  return rankTexts(fusionLists(candidates, parameters), { method: 'ranks', k: parameters.rrfK }, {
    neighbours: { of: (id) => threadNeighbours(candidates.records, id), weight: parameters.neighbourWeight },
    shares,
  });
}

function ifRecord(fact: FactRecord | undefined, share: (fact: FactRecord) => number): number | undefined {
  return fact === undefined ? undefined : share(fact);
}

/** The facts stored just before and after a fact (id ± 1) in the same thread; none when its source names no thread. */
function threadNeighbours(records: ReadonlyMap<number, FactRecord>, id: number): number[] {
  const thread = threadOf(records.get(id));
  if (thread === undefined) return [];
  return [id - 1, id + 1].filter((neighbour) => threadOf(records.get(neighbour)) === thread);
}

/** The best first facts whose words may expand the query, and how many words they add. */
const FEEDBACK_FACTS = 3;
const FEEDBACK_WORDS = 5;

/** A fact's words for feedback: its value (keys are often identifiers, such as a turn id). */
const factText = (fact: FactRecord) => fact.value;

/**
 * The query with the words its best first facts add (pseudo-relevance feedback), or undefined when they add none.
 * The facts are ranked without the feedback list; the idf of a word is counted over every candidate's text.
 */
export function feedbackQuery(candidates: FactCandidates, parameters: FactRelevanceParameters = DEFAULT_FACT_RELEVANCE): string | undefined {
  const { feedback: _ignored, ...first } = candidates;
  const relevance = factRelevance(first, { ...parameters, feedbackWeight: 0 });
  const top = [...relevance]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, FEEDBACK_FACTS)
    .flatMap(([id, weight]) => {
      const fact = candidates.records.get(id);
      return fact ? [{ text: factText(fact), weight }] : [];
    });
  const words = feedbackTerms(candidates.query, top, [...candidates.records.values()].map(factText), FEEDBACK_WORDS);
  return words.length === 0 ? undefined : `${candidates.query} ${words.join(' ')}`;
}
