/**
 * Facts: the user's long-term memory, one value per (category, key) (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#memory-and-identity). Writes keep the FTS and trigram indexes in sync through
 * triggers; this repository also produces the two lexical candidate lists of the ranking path (lists a and b of
 * docs/reference/algorithms.md#fact-ranking).
 */
import type { EmbeddingStatus, FactCategory, SourceRef } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { normaliseObservedTime, type ObservedWindow } from './observed-time.js';

export interface FactRecord {
  id: number;
  category: FactCategory;
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
  source: string;
  sourceRef: SourceRef | null;
  embeddingStatus: EmbeddingStatus;
  /**
   * When the fact was said or observed: a day (`YYYY-MM-DD`) or a UTC moment like `created_at`; NULL when the source
   * gave none (every fact stored before the column existed), never guessed.
   */
  observedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoreFactInput {
  category: FactCategory;
  key: string;
  value: string;
  confidence?: number;
  pinned?: boolean;
  /** `user` or the agent's name. */
  source: string;
  sourceRef?: SourceRef | null;
  /**
   * When it was said or observed: `YYYY-MM-DD` or ISO-8601 with a time (without a zone: UTC). Absent or null stores
   * NULL (unknown), also when replacing a fact that had one: a replacement describes the fact anew.
   */
  observedAt?: string | null;
}

export interface ListFactsFilters {
  category?: FactCategory;
  /** Literal, case-sensitive key prefix. */
  prefix?: string;
  pinned?: boolean;
}

export interface CandidateOptions {
  category?: FactCategory;
  /** Only facts observed in this window (observed_at, else created_at; see observed-time.ts). */
  observed?: ObservedWindow;
  limit: number;
  /**
   * Full text only: find candidates by the query's rarest terms alone, as many as together appear in at most this
   * share of all facts (`termsWithinBudget`), so the search scores about that many facts at most; when even the rarest
   * term appears in more, the adapter's usual rule decides. Below COMMON_TERM_MIN_ROWS facts every term finds.
   */
  findShare?: number;
}

/** The facts of a blank query with a time window: optionally one category, latest observed first. */
export interface ObservedFactsFilters {
  category?: FactCategory;
  observed: ObservedWindow;
}

/** A blank query with only a time window ranks at most this many facts (the latest observed). */
export const OBSERVED_LIST_LIMIT = 1_000;

/** The observed time to store: validated and normalised (a day, or a UTC moment); null when not given. */
export function observedAtOf(input: Pick<StoreFactInput, 'observedAt'>): string | null {
  return input.observedAt === undefined || input.observedAt === null ? null : normaliseObservedTime('observed_at', input.observedAt);
}

/**
 * The SQL condition of a time window on the facts table (alias `f` or none) and its parameters, in order; the same
 * test as `observedWithin`. Both text forms of a time sort correctly, and created_at is in the moment form.
 */
export function observedCondition(window: ObservedWindow | undefined, alias = ''): { sql: string; params: string[] } {
  if (window === undefined) return { sql: '', params: [] };
  const time = `coalesce(${alias}observed_at, ${alias}created_at)`;
  const parts: string[] = [];
  const params: string[] = [];
  if (window.from !== undefined) {
    parts.push(window.fromDay === undefined ? `${time} >= ?` : `(${time} >= ? OR ${time} = ?)`);
    params.push(window.from, ...(window.fromDay === undefined ? [] : [window.fromDay]));
  }
  if (window.before !== undefined) {
    parts.push(`${time} < ?`);
    params.push(window.before);
  }
  if (window.through !== undefined) {
    parts.push(`${time} <= ?`);
    params.push(window.through);
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), params };
}

export const FACT_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };
/** A query term in more than this share of all facts is left out of the full-text list when rarer terms exist. */
export const COMMON_TERM_SHARE = 0.1;
/** Below this many facts every term is kept: scoring is cheap and shares are noisy. */
export const COMMON_TERM_MIN_ROWS = 2_000;
/** A query word in at most this share of the facts finds candidates on its own terms (`queryTermRoles`). */
export const RARE_TERM_SHARE = 0.02;
/** Without such a word, the rarest words that together appear in at most this share find (`queryTermRoles`). */
export const FIND_TERM_SHARE = 0.05;

/** Which of a query's terms find its full-text candidates, and which score them (a superset). */
export interface QueryTermRoles {
  find: string[];
  rank: string[];
}

/**
 * The roles of a query's terms in a store of `rows` facts (docs/reference/algorithms.md#fact-ranking, list a, ADR
 * 0102). Scoring costs a little per fact matched, and a word many facts hold (a name in 6% of 100,000) made a query
 * score thousands of facts that rank below those a rarer word finds. So, once the store holds COMMON_TERM_MIN_ROWS
 * facts: the words each in at most RARE_TERM_SHARE of the facts find, when the query has any; else the rarest words
 * that together appear in at most FIND_TERM_SHARE; either way every word ranks what they find (a fact that also holds
 * the commoner word comes first). When no word fits, a word in more than COMMON_TERM_SHARE of the facts is left out
 * when the query has rarer ones (ADR 0010), and the rest find and rank. With `findShare` (the feedback search), only
 * the rarest words within that budget find and rank, when any fits. `counts[i]` is how many facts hold `terms[i]`,
 * counted at least up to `termCountLimit(rows, findShare) + 1`, or up to the budget + 1 when one of them is within it.
 */
export function queryTermRoles(terms: readonly string[], counts: readonly number[], rows: number, findShare?: number): QueryTermRoles {
  const all = [...terms];
  if (terms.length < 2 || rows < COMMON_TERM_MIN_ROWS) return { find: all, rank: all };
  // A word no fact holds (a typo, a name never mentioned) finds nothing, so it never finds alone.
  const held = terms.filter((_, i) => (counts[i] ?? 0) > 0);
  const heldCounts = counts.filter((count) => count > 0);
  if (findShare === undefined) {
    const rare = held.filter((_, i) => (heldCounts[i] ?? 0) <= Math.floor(rows * RARE_TERM_SHARE));
    if (rare.length > 0) return { find: rare, rank: all };
  }
  const find = termsWithinBudget(held, heldCounts, findTermBudget(rows, findShare));
  if (find.length > 0) return { find, rank: findShare === undefined ? all : find };
  const limit = Math.floor(rows * COMMON_TERM_SHARE);
  const rare = terms.filter((_, i) => (counts[i] ?? 0) <= limit);
  const kept = rare.length > 0 ? rare : all;
  return { find: kept, rank: kept };
}

/**
 * How many facts the words that find may hold together when no word is rare on its own (`queryTermRoles`): an adapter
 * that counts words in two steps counts them this far first.
 */
export function findTermBudget(rows: number, findShare?: number): number {
  return Math.floor(rows * (findShare ?? FIND_TERM_SHARE));
}

/** How far `queryTermRoles` needs each term counted (one more than this tells "more" apart). */
export function termCountLimit(rows: number, findShare?: number): number {
  return Math.floor(rows * Math.max(findShare ?? FIND_TERM_SHARE, COMMON_TERM_SHARE));
}

/**
 * The terms that find candidates under a budget of facts (`CandidateOptions.findShare`): rarest first, while their
 * counts add up to at most `budget` (the first only if it fits on its own). `counts[i]` is how many facts hold
 * `terms[i]`, counted at least up to `budget + 1`. Empty when no term fits.
 */
export function termsWithinBudget(terms: readonly string[], counts: readonly number[], budget: number): string[] {
  const order = terms.map((term, i) => ({ term, count: counts[i] ?? 0, i })).sort((a, b) => a.count - b.count || a.i - b.i);
  const kept: string[] = [];
  let total = 0;
  for (const { term, count } of order) {
    if (total + count > budget) break;
    kept.push(term);
    total += count;
  }
  return kept;
}

export interface FactsRepository {
  /** Insert or replace (category, key); keeps `created_at`, resets the vector to `pending`. */
  upsert(input: StoreFactInput): Promise<{ fact: FactRecord; created: boolean }>;
  get(category: FactCategory, key: string): Promise<FactRecord | undefined>;
  getById(id: number): Promise<FactRecord | undefined>;
  /** Rows for the given ids (any order). */
  getMany(ids: readonly number[]): Promise<FactRecord[]>;
  /** Deletes (category, key); returns the deleted row, or undefined when absent. */
  delete(category: FactCategory, key: string): Promise<FactRecord | undefined>;
  list(filters: ListFactsFilters, page: PageRequest): Promise<Page<FactRecord>>;
  /** Every fact of a category (blank-query ranking, step 5 of docs/reference/algorithms.md#fact-ranking). */
  allInCategory(category: FactCategory): Promise<FactRecord[]>;
  /** The facts observed in a window (a blank query with `since`/`until`), latest observed first, at most `limit`. */
  observedIn(filters: ObservedFactsFilters, limit: number): Promise<FactRecord[]>;
  /** FTS5 candidates ordered by bm25; null when the query has no searchable token. */
  fullTextCandidates(query: string, options: CandidateOptions): Promise<number[] | null>;
  /** Case-folded substring candidates on key or value: exact key match first, then most recently updated. */
  substringCandidates(query: string, options: CandidateOptions): Promise<number[]>;
  /**
   * Facts containing the light stems of the query's Hebrew words ("בפגישות" finds "הפגישה"), best bm25 first; empty when the query has no Hebrew word of three letters or more.
   */
  hebrewWordCandidates(query: string, options: CandidateOptions): Promise<number[]>;
  /** Marks the vector state; with `ifUpdatedAt`, only when the row has not changed since. */
  setEmbeddingStatus(id: number, status: EmbeddingStatus, ifUpdatedAt?: string): Promise<boolean>;
  /**
   * Marks a fact embedded after a background refresh, without waiting for another program's lock (throws
   * SQLITE_BUSY at once instead); a fact left 'pending' is caught up by a later search.
   */
  markEmbeddedIfFree(id: number, ifUpdatedAt: string): Promise<boolean>;
  count(): Promise<number>;
  /** True when at least one fact is stored (cheaper than `count()`). */
  hasAnyFact(): Promise<boolean>;
  /** Facts whose vector is not written yet (stored by a process without the embedder, or a failed embed), oldest first. */
  pendingEmbedding(limit: number): Promise<FactRecord[]>;
}
