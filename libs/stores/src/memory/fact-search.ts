/**
 * Ranked fact search (docs/reference/algorithms.md#fact-ranking, docs/reference/algorithms.md#mmr-and-jaccard), the
 * only fact-scoring path: used by `query_memory` and by person enrichment. Gathers the candidate lists (full text,
 * substring, vector through the optional port), fuses them, applies confidence and decay, optionally diversifies with
 * MMR, and pages by offset in the final order.
 */
import { ToolError, type Clock, type Logger } from '@chief-of-staff/core';
import { encodeCursor, openPage, type Page, type PageRequest } from '../db/pagination.js';
import { FACT_CATEGORIES, type FactCategory } from '../db/enums.js';
import { assertEnum, MAX_QUERY_LENGTH } from '../db/validation.js';
import { refreshFactVector } from './fact-embedding.js';
import { OBSERVED_LIST_LIMIT, type FactRecord, type FactsRepository } from './facts-repository.js';
import { observedWindow, observedWithin, type ObservedWindow } from './observed-time.js';
import type { FactVectorIndex, FactVectorMatch } from './fact-vector-index.js';
import { DEFAULT_HALF_LIFE_DAYS, round4, scoreFacts, type ScoredFact } from './fact-ranking.js';
import { DEFAULT_FACT_RELEVANCE, factRelevance, feedbackQuery, threadOf, type FactCandidates, type FactRelevanceParameters } from './fact-relevance.js';
import { cosine, jaccard, selectByMmr, wordSet } from '@chief-of-staff/ranking';

export const QUERY_MEMORY_LIMITS = { defaultLimit: 10, maxLimit: 100 };
/** Each candidate list holds at most this many facts (step 1 of docs/reference/algorithms.md#fact-ranking). */
export const CANDIDATE_LIST_SIZE = 50;
/**
 * The feedback search finds facts by its rarest words (the query's and the added ones) alone, as many as together
 * appear in at most this share of the facts, and scores about that many facts at most (`CandidateOptions.findShare`).
 * Its words are the query's and five more, and scoring every fact any of them matches cost as much as the rest of
 * the lexical query at 100,000 facts; a word in a few percent of a large store (a name many facts mention) adds little
 * there, since the first list has ranked the facts it finds already and the feedback list weighs half as much. Below
 * COMMON_TERM_MIN_ROWS facts every word finds, so LoCoMo's conversations (fewer than 1,000 facts each) keep ADR
 * 0099's figures.
 */
const FEEDBACK_FIND_SHARE = 0.02;
/** With a time window the vector index, which cannot filter by time, is asked for this many and those outside dropped. */
const VECTOR_WINDOW_LIMIT = 4 * CANDIDATE_LIST_SIZE;

export interface FactSearchRequest {
  query: string;
  category?: FactCategory;
  diverse?: boolean;
  halfLifeDays?: number;
  minScore?: number;
  /** RRF constant (`search.rrfK`). */
  rrfK?: number;
  /** Fusion and evidence parameters other than `rrfK` (defaults: DEFAULT_FACT_RELEVANCE). */
  relevance?: Partial<Omit<FactRelevanceParameters, 'rrfK'>>;
  /**
   * Only facts observed from / up to this day or moment (`observed_at`, else `created_at`; a day counts whole; see
   * observed-time.ts).
   */
  since?: string;
  until?: string;
}

export interface RankedFact {
  fact: FactRecord;
  /** relevance × confidence × decay, 4 dp. */
  score: number;
  /** Fused 0..1 relevance, 4 dp. */
  relevance: number;
  /** Present when `diverse`: the MMR value at selection, 4 dp. */
  mmrScore?: number;
}

export interface FactSearchDeps {
  facts: FactsRepository;
  vectors?: FactVectorIndex | undefined;
  clock: Clock;
  logger?: Logger;
}

type CheckedRequest = Required<Omit<FactSearchRequest, 'category' | 'relevance' | 'since' | 'until'>> & {
  category?: FactCategory;
  observed?: ObservedWindow;
};

function checkRequest(request: FactSearchRequest): CheckedRequest {
  const query = request.query.trim();
  if (query.length > MAX_QUERY_LENGTH) {
    throw ToolError.invalidArgument('query', `is ${query.length} characters long.`, `Use at most ${MAX_QUERY_LENGTH} characters.`);
  }
  const category = request.category === undefined ? undefined : assertEnum('category', request.category, FACT_CATEGORIES);
  const observed = observedWindow(request.since, request.until);
  if (query === '' && category === undefined && observed === undefined) {
    throw ToolError.invalidArgument('query', 'is blank and no category or time window was given.', 'Give a query, a category, since/until, or several.');
  }
  const halfLifeDays = request.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS;
  if (!(halfLifeDays >= 1 && halfLifeDays <= 3650)) {
    throw ToolError.invalidArgument('half_life_days', `${halfLifeDays} is out of range.`, 'Use a number of days from 1 to 3650.');
  }
  const minScore = request.minScore ?? 0;
  if (!(minScore >= 0 && minScore <= 1)) {
    throw ToolError.invalidArgument('min_score', `${minScore} is out of range.`, 'Use a number from 0 to 1.');
  }
  return {
    query,
    category,
    ...(observed === undefined ? {} : { observed }),
    diverse: request.diverse ?? false,
    halfLifeDays,
    minScore,
    rrfK: request.rrfK ?? DEFAULT_FACT_RELEVANCE.rrfK,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Facts embedded before one search at most; more wait for the next search or the nightly maintenance task. */
const CATCH_UP_LIMIT = 100;

/**
 * Facts written by a process that does not embed (`cos memory add` skips loading the model) are embedded by the next
 * search, so semantic recall sees them. Failures leave them pending and are logged by `refreshFactVector`.
 */
async function embedPendingFacts(deps: FactSearchDeps): Promise<void> {
  // Facts this process is already embedding (a store_fact a moment ago) are not waited for: under many concurrent
  // writers every search would otherwise queue behind all of them.
  const pending = (await deps.facts.pendingEmbedding(CATCH_UP_LIMIT)).filter((fact) => !deps.vectors?.isQueued?.(fact.id));
  if (pending.length === 0) return;
  const refreshing = pending.map((fact) => refreshFactVector({ facts: deps.facts, vectors: deps.vectors, logger: deps.logger }, fact));
  // The search waits for them: written now, not after the delay that gathers a stream of fact writes into one batch.
  void deps.vectors?.flush?.();
  await Promise.all(refreshing);
}

export async function searchFacts(deps: FactSearchDeps, request: FactSearchRequest, page: PageRequest): Promise<Page<RankedFact>> {
  const req = checkRequest(request);
  const window = openPage(page, QUERY_MEMORY_LIMITS, 'query_memory', {
    query: req.query,
    category: req.category,
    diverse: req.diverse,
    halfLifeDays: req.halfLifeDays,
    minScore: req.minScore,
    observed: req.observed,
  });
  const warnings: string[] = [];
  let scored: ScoredFact<FactRecord>[];
  const now = deps.clock.now();

  if (req.query === '') {
    // Blank query with a category or a time window: every such fact at relevance 1 (with only a window, the
    // latest observed OBSERVED_LIST_LIMIT).
    const all =
      req.observed === undefined
        ? await deps.facts.allInCategory(req.category as FactCategory)
        : await deps.facts.observedIn({ category: req.category, observed: req.observed }, OBSERVED_LIST_LIMIT);
    scored = scoreFacts(all, new Map(all.map((fact) => [fact.id, 1])), { now, halfLifeDays: req.halfLifeDays });
  } else {
    scored = await rankedByQuery(deps, req, { ...DEFAULT_FACT_RELEVANCE, ...request.relevance, rrfK: req.rrfK }, warnings);
  }

  if (req.minScore > 0) scored = scored.filter((entry) => entry.score >= req.minScore);
  const end = window.offset + window.limit;
  const hasMore = scored.length > end;

  let items: RankedFact[];
  if (req.diverse) {
    const pool = scored.slice(0, Math.min(3 * end, scored.length));
    const vectors = await loadVectors(deps, pool.map((entry) => entry.fact.id), warnings);
    const words = new Map(pool.map((entry) => [entry.fact.id, wordSet(`${entry.fact.key} ${entry.fact.value}`)]));
    const similarity = (a: ScoredFact<FactRecord>, b: ScoredFact<FactRecord>) => {
      const va = vectors.get(a.fact.id);
      const vb = vectors.get(b.fact.id);
      if (va && vb) return cosine(va, vb);
      return jaccard(words.get(a.fact.id) ?? new Set(), words.get(b.fact.id) ?? new Set());
    };
    items = selectByMmr(
      pool.map((entry) => ({ item: entry, score: entry.score })),
      end,
      similarity,
    )
      .slice(window.offset, end)
      .map((selection) => ({
        fact: selection.item.fact,
        score: round4(selection.item.score),
        relevance: round4(selection.item.relevance),
        mmrScore: round4(selection.mmrScore),
      }));
  } else {
    items = scored.slice(window.offset, end).map((entry) => ({
      fact: entry.fact,
      score: round4(entry.score),
      relevance: round4(entry.relevance),
    }));
  }

  const result: Page<RankedFact> = {
    items,
    next_cursor: hasMore ? encodeCursor(end, window.filterKey) : null,
    total: scored.length,
  };
  const allWarnings = [...window.warnings, ...warnings];
  if (allWarnings.length > 0) result.warnings = allWarnings;
  return result;
}

/** The facts a query finds, ranked: relevance from the candidate lists, times the prior. */
async function rankedByQuery(deps: FactSearchDeps, req: CheckedRequest, parameters: FactRelevanceParameters, warnings: string[]): Promise<ScoredFact<FactRecord>[]> {
  const feedback = parameters.feedbackWeight > 0 ? { feedback: parameters } : {};
  const candidates = await gatherFactCandidates(deps, { query: req.query, category: req.category, observed: req.observed, ...feedback }, warnings);
  const relevance = factRelevance(candidates, parameters);
  const window = req.observed;
  return scoreFacts(
    [...relevance.keys()]
      .map((id) => candidates.records.get(id))
      // A thread neighbour outside the window lifts its candidate but is not a result itself.
      .filter((row): row is FactRecord => row !== undefined && (window === undefined || observedWithin(row, window))),
    relevance,
    { now: deps.clock.now(), halfLifeDays: req.halfLifeDays },
  );
}

/**
 * The candidate lists of one query (full text, substring, Hebrew stems, vector) and the records of every candidate
 * and of the facts stored just before and after each (their neighbours in a thread). Problems that leave a list out
 * are added to `warnings`.
 */
export async function gatherFactCandidates(
  deps: FactSearchDeps,
  request: {
    query: string;
    category?: FactCategory;
    observed?: ObservedWindow | undefined;
    /** Also run the feedback search (`feedbackQuery`), ranking the first lists with these parameters. */
    feedback?: FactRelevanceParameters;
  },
  warnings: string[] = [],
): Promise<FactCandidates> {
  const window = request.observed;
  const options = { category: request.category, limit: CANDIDATE_LIST_SIZE, ...(window === undefined ? {} : { observed: window }) };
  // The vector search runs on LanceDB's own threads (and the query embedding in a worker), so it is started
  // first and overlaps the synchronous SQLite lists instead of adding to them. An empty store has nothing it could
  // find, and skipping it there spares a new user's first call loading LanceDB and the model.
  const searchable = deps.vectors !== undefined && (await deps.facts.hasAnyFact());
  if (searchable) await embedPendingFacts(deps);
  // The vector index knows no time: with a window it is asked for more, and the matches outside are dropped below.
  const vectorOptions = { category: request.category, limit: window === undefined ? CANDIDATE_LIST_SIZE : VECTOR_WINDOW_LIMIT };
  const vectorSearch = (searchable ? deps.vectors : undefined)?.search(request.query, vectorOptions).then(
    (matches) => ({ matches }),
    (error: unknown) => ({ error }),
  );
  // Asked together: an adapter over a connection pool answers them at once (SQLite answers each in turn anyway).
  const [fullText, substring, hebrew] = await Promise.all([
    deps.facts.fullTextCandidates(request.query, options),
    deps.facts.substringCandidates(request.query, options),
    deps.facts.hebrewWordCandidates(request.query, options),
  ]);
  if (fullText === null) warnings.push('Full-text search skipped: the query has no searchable words.');

  let matches: FactVectorMatch[] | undefined;
  const vectorOutcome = await vectorSearch;
  if (!vectorOutcome) {
    if (deps.vectors === undefined) warnings.push('Vector search skipped: no embedder is attached; results use full-text and substring matches.');
  } else if ('error' in vectorOutcome) {
    deps.logger?.warn({ err: vectorOutcome.error }, 'fact vector search failed');
    warnings.push(`Vector search unavailable (${errorText(vectorOutcome.error)}); results use full-text and substring matches.`);
  } else {
    matches = vectorOutcome.matches;
  }

  const ids = new Set([...(fullText ?? []), ...substring, ...hebrew, ...(matches ?? []).map((match) => match.factId)]);
  const records = await withThreadNeighbours(deps, await deps.facts.getMany([...ids]), new Map());
  // Only vectors of current facts count (embedding_status = ok; list c of docs/reference/algorithms.md#fact-ranking).
  // With a window, only matches inside it (the other lists are filtered by the database).
  const vector = matches
    ?.filter((match) => {
      const record = records.get(match.factId);
      return record?.embeddingStatus === 'ok' && (window === undefined || observedWithin(record, window));
    })
    .slice(0, CANDIDATE_LIST_SIZE);
  const found: FactCandidates = { query: request.query, fullText, substring, hebrew, ...(vector === undefined ? {} : { vector }), records };
  return request.feedback === undefined || fullText === null ? found : withFeedback(deps, found, request.feedback, options);
}

/**
 * The candidates with the feedback list: the full-text matches of the query expanded with words of its best first
 * facts, and the records of the facts it adds and of their neighbours.
 */
async function withFeedback(
  deps: FactSearchDeps,
  candidates: FactCandidates,
  parameters: FactRelevanceParameters,
  options: Parameters<FactsRepository['fullTextCandidates']>[1],
): Promise<FactCandidates> {
  const expanded = feedbackQuery(candidates, parameters);
  if (expanded === undefined) return candidates;
  const feedback = (await deps.facts.fullTextCandidates(expanded, { ...options, findShare: FEEDBACK_FIND_SHARE })) ?? [];
  const missing = feedback.filter((id) => !candidates.records.has(id));
  const records = new Map(candidates.records);
  if (missing.length > 0) await withThreadNeighbours(deps, await deps.facts.getMany(missing), records);
  return { ...candidates, feedback, records };
}

/**
 * `known` with the given facts and the facts stored just before and after each one that came from a thread (id ± 1,
 * read unless known): in a conversation the answer often follows the turn that matched. Facts from no thread have no
 * neighbours, and at 100,000 facts reading them for every candidate cost about a tenth of a lexical query.
 */
async function withThreadNeighbours(deps: FactSearchDeps, rows: readonly FactRecord[], known: Map<number, FactRecord>): Promise<Map<number, FactRecord>> {
  for (const row of rows) known.set(row.id, row);
  const neighbours = new Set<number>();
  for (const row of rows) {
    if (threadOf(row) === undefined) continue;
    for (const near of [row.id - 1, row.id + 1]) if (near > 0 && !known.has(near)) neighbours.add(near);
  }
  if (neighbours.size > 0) for (const row of await deps.facts.getMany([...neighbours])) known.set(row.id, row);
  return known;
}

async function loadVectors(deps: FactSearchDeps, ids: number[], warnings: string[]): Promise<Map<number, Float32Array>> {
  if (!deps.vectors || ids.length === 0) return new Map();
  try {
    return await deps.vectors.getVectors(ids);
  } catch (error) {
    deps.logger?.warn({ err: error }, 'fact vectors unavailable for diversity');
    warnings.push('Fact vectors unavailable for diversity; word overlap used instead.');
    return new Map();
  }
}
