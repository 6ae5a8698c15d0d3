/**
 * `scoreAllTools(query, availableTools)`: which tools fit a request, in English or Hebrew, and why. The backbone is
 * retrieval over what every tool has: the catalogue index's BM25F match of the request against tool names, titles,
 * descriptions, parameters and example requests (Hebrew words also through the bilingual lexicon), and, when the
 * caller has the request's vector, its similarity with the tool's description and examples. Per tool, with Lc = the
 * share of the request's weight the tool matches (squared), Lr = its BM25F score over the best tool's (counted in
 * full only when the tool covers a fair share of the request), S = the rescaled similarity, I = the strongest keyword
 * intent signal (counted in full only when S agrees) and P = priority / 100: base = (wC·Lc + wR·Lr + wS·S)·u + wI·I +
 * wP·P, where u raises the evidence of a tool without keyword signals (a tool with no vector yet has wS·S replaced by
 * a smaller weight on Lc, the lexical-only calibration), plus a boost for the head and first fallback of a chain whose
 * domain was asked for, minus a penalty for slow tools when the request asks for speed. The weights and cut-offs are
 * in FUSION and docs/adr/0040 and 0050. An exclusive intent (official data) keeps only its own chain; conflicting
 * tools give way to the better one; nothing over `minScore` means abstaining.
 */
import type { LatencyTier } from '@chief-of-staff/core';
import type { ToolIntelligenceRegistry } from '../registry/tool-intelligence-registry.js';
import { latencyTierOf, type ToolIntelligence, type ToolIntentSignal } from '../registry/tool-intelligence.js';
import {
  corroborationOf,
  distinctionOf,
  distributionOf,
  foreignAskOf,
  lexicalEvidence,
  placeOf,
  unknownLeadOf,
  withoutCommonWords,
  type Evidence,
  type LexicalEvidence,
  type SimilarityDistribution,
  type UnknownLead,
} from './evidence.js';
import { byName } from './by-name.js';
import { confidenceOf, DEFAULT_MIN_SCORE, DESCRIPTION_ONLY, FUSION } from './fusion.js';
import { compiledPattern, keywordHits, keywordMatches, shapeOf, strongestSignal, type KeywordHit, type QueryShape, type SignalResult } from './query-shape.js';
import { fitsRequest, hasMatchedSignals, leadOf, ScoredTool, type ToolScore } from './tool-score.js';

export { confidenceOf, DEFAULT_MIN_SCORE, DESCRIPTION_ONLY, FUSION, type ConfidenceLevel } from './fusion.js';
export { FIT_SEARCH, fitsRequest, fittingTools, type ToolScore } from './tool-score.js';

export interface ScoreOptions {
  registry: ToolIntelligenceRegistry;
  /**
   * Cosine similarity of the request's vector and a tool's description vector; undefined while the tool has no
   * vector yet (lexical evidence then stands in for it).
   */
  semanticSimilarity?: (tool: string) => number | undefined;
  /** Below this, a tool is not offered; nothing above it means abstaining (default 0.3). */
  minScore?: number;
  /** false: rank every available tool (tool_search), without the eligibility cut-off or abstaining. */
  eligibility?: boolean;
  /**
   * With `eligibility: false`: only the first `limit` tools of that ranking that matched anything (a keyword, an
   * action, a word or some meaning), as tool_search lists them, chosen without sorting the whole catalogue.
   */
  limit?: number;
}

const URGENT_WORDS = ['now', 'quick', 'quickly', 'asap', 'urgent', 'fast', 'right away', 'briefly', 'עכשיו', 'מהר', 'דחוף', 'מיד', 'בקצרה'];
const READ_ACTIONS = new Set(['list', 'get', 'search', 'query', 'check', 'find', 'enrich']);

function isWriteTool(name: string): boolean {
  return !name.includes('__') && !READ_ACTIONS.has(name.split('_')[0] ?? '');
}
const URGENCY_PENALTY: Record<LatencyTier, number> = { fast: 0, medium: 0.03, slow: 0.1, very_slow: 0.2 };

const round3 = (value: number) => Math.round(value * 1_000) / 1_000;

/** A tool still in the running, before conflicts and the cut-off. */
interface Candidate {
  name: string;
  intelligence: ToolIntelligence;
  evidence: Evidence;
  exclusive: string | undefined;
  score: number;
}

const NO_HITS: readonly string[] = [];
const NO_KEYWORD_HITS: readonly KeywordHit[] = [];

/** Keyword hits per signal set, with the domain whose set it is. */
type HitsBySignals = Map<readonly ToolIntentSignal[], { domain: string; hits: KeywordHit[] }>;

/** What is read of the request once and shared by every tool's evidence. */
interface RequestReading {
  shape: QueryShape;
  hitsBySignals: HitsBySignals;
  signalOf(signals: readonly ToolIntentSignal[]): SignalResult;
  /** How people say a tool's action, matched once per list of sayings (most tools share them). */
  actionsOf(actionWords: readonly string[]): readonly string[];
  lexical: Map<string, LexicalEvidence>;
  lead: UnknownLead | undefined;
  /** The request's similarity to each tool, in the order of the tools scored; NaN for a tool without a vector. */
  cosines: Float64Array;
  distribution: SimilarityDistribution | undefined;
}

/**
 * Tools of one domain share their signals and most tools share action words: each set is evaluated once per query.
 * Every signal set's keyword hits come first, so a hit inside a longer keyword of another domain can give way to it.
 */
function signalsOfRequest(shape: QueryShape, intelligences: ReadonlyArray<ToolIntelligence | undefined>): Pick<RequestReading, 'hitsBySignals' | 'signalOf'> {
  const hitsBySignals: HitsBySignals = new Map();
  for (const intelligence of intelligences) {
    const signals = intelligence?.intentSignals;
    if (intelligence && signals && signals.length > 0 && !hitsBySignals.has(signals)) hitsBySignals.set(signals, { domain: intelligence.domain, hits: keywordHits(signals, shape) });
  }
  const signalResults = new Map<readonly ToolIntentSignal[], SignalResult>();
  // Most tools of a large catalogue (every external one) have no keyword signals, each its own empty list: one result
  // serves them all, not a result and a map entry per tool on every call.
  const unsignalled = strongestSignal([], []);
  const signalOf = (signals: readonly ToolIntentSignal[]): SignalResult => {
    if (signals.length === 0) return unsignalled;
    let result = signalResults.get(signals);
    if (!result) {
      const own = hitsBySignals.get(signals);
      const others: KeywordHit[] = [];
      if (own && own.hits.length > 0) for (const other of hitsBySignals.values()) if (other.domain !== own.domain) others.push(...other.hits);
      result = strongestSignal(own?.hits ?? [], others);
      signalResults.set(signals, result);
    }
    return result;
  };
  return { hitsBySignals, signalOf };
}

/**
 * The request's similarity to every tool, read once into one array (no map per request: at 2,000 tools it was garbage
 * on every call): its spread over the catalogue is what a description-only tool's similarity is measured against.
 */
function similaritiesOf(names: readonly string[], semanticSimilarity: ScoreOptions['semanticSimilarity']): { cosines: Float64Array; distribution: SimilarityDistribution | undefined } {
  const cosines = new Float64Array(names.length).fill(Number.NaN);
  if (!semanticSimilarity) return { cosines, distribution: undefined };
  const known = new Float64Array(names.length);
  let count = 0;
  names.forEach((name, index) => {
    const cosine = semanticSimilarity(name);
    if (cosine === undefined) return;
    cosines[index] = cosine;
    known[count++] = cosine;
  });
  return { cosines, distribution: distributionOf(known.subarray(0, count)) };
}

function readRequest(query: string, available: ReadonlySet<string>, names: readonly string[], intelligences: ReadonlyArray<ToolIntelligence | undefined>, options: ScoreOptions): RequestReading {
  const { registry } = options;
  const shape = shapeOf(query, registry.catalogueIndex?.());
  const { hitsBySignals, signalOf } = signalsOfRequest(shape, intelligences);
  const actionResults = new Map<readonly string[], readonly string[]>();
  const actionsOf = (actionWords: readonly string[]): readonly string[] => {
    // An external tool has no action words (an empty list of its own): no map entry per tool.
    if (actionWords.length === 0) return NO_HITS;
    let actions = actionResults.get(actionWords);
    if (!actions) {
      actions = actionWords.filter((keyword) => keywordMatches(keyword, shape));
      actionResults.set(actionWords, actions);
    }
    return actions;
  };
  const lexical = lexicalEvidence(shape, query, available, registry);
  const lead = withoutCommonWords(unknownLeadOf(query, shape, registry.catalogueIndex?.(), hitsBySignals.values()), lexical, available.size);
  const { cosines, distribution } = similaritiesOf(names, options.semanticSimilarity);
  return { shape, hitsBySignals, signalOf, actionsOf, lexical, lead, cosines, distribution };
}

/** A tool's keyword intent, sharpened by the action asked for and widened by its metadata patterns. */
function intentOf(name: string, intelligence: ToolIntelligence, signal: SignalResult, acted: boolean, shape: QueryShape): { intent: number; topical: boolean; patterns: string[] | undefined } {
  let intent = signal.weight / 100;
  if (intent > 0) {
    if (acted) intent = Math.min(1, intent + FUSION.actionBonus);
    // A tool that changes things is offered on its domain alone only weakly: nobody asked it to act.
    else if (isWriteTool(name)) intent *= FUSION.unaskedWrite;
  }
  let patterns: string[] | undefined;
  let topical = signal.topical;
  for (const pattern of intelligence.patterns) {
    if (compiledPattern(pattern).test(shape.normalized)) {
      intent = Math.max(intent, 0.6);
      topical = true;
      (patterns ??= []).push(`/${pattern}/`);
    }
  }
  return { intent, topical, patterns };
}

/** The rescaled similarity of a tool, and for a description-only tool how far it stands out of the catalogue (z). */
function meaningOf(cosine: number | undefined, descriptionOnly: boolean, distribution: SimilarityDistribution | undefined): { semantic: number | undefined; standing: number | undefined } {
  const standing = descriptionOnly && distribution && cosine !== undefined ? (cosine - distribution.mean) / distribution.spread : undefined;
  let semantic = cosine === undefined ? undefined : Math.max(0, (cosine - FUSION.semanticFloor) / (1 - FUSION.semanticFloor));
  // A description-only tool's similarity runs low even when it fits; how far it stands out of the request's
  // similarity to every tool says more, and means the same in any catalogue.
  if (semantic !== undefined && standing !== undefined) semantic = Math.max(semantic, Math.min(1, Math.max(0, (standing - DESCRIPTION_ONLY.zFloor) / DESCRIPTION_ONLY.zSpan)));
  return { semantic, standing };
}

/** A candidate with every field present, so one read again and again for each tool keeps its shape. */
function blankCandidate(): Candidate {
  const evidence: Evidence = {
    keywordHits: NO_HITS,
    actionHits: NO_HITS,
    patterns: undefined,
    lexical: undefined,
    semantic: undefined,
    intent: 0,
    topical: false,
    coverage: 0,
    priority: 0,
    unsignalled: false,
    exampled: false,
    foreignAsk: false,
    descriptionOnly: false,
    standing: undefined,
    semanticRank: Number.POSITIVE_INFINITY,
    lexicalRank: Number.POSITIVE_INFINITY,
    boost: 0,
    penalty: 0,
  };
  return { name: '', intelligence: undefined as unknown as ToolIntelligence, evidence, exclusive: undefined, score: 0 };
}

/**
 * Reads one tool's evidence into `candidate`; false when the tool is not in the running. This runs for every tool of
 * the catalogue on every request, so it fills an object it is given: the shortlist allocates only for the tools that
 * stay, tool_search only for the few it lists.
 */
function readCandidate(candidate: Candidate, name: string, place: number, intelligence: ToolIntelligence, reading: RequestReading, registry: ToolIntelligenceRegistry, eligibility: boolean): boolean {
  const signal = reading.signalOf(intelligence.intentSignals);
  // Within a domain the action decides: "add" points to create_*, "cancel" to delete_*.
  const actions = reading.actionsOf(registry.actionKeywords(name));
  const { intent, topical, patterns } = intentOf(name, intelligence, signal, actions.length > 0, reading.shape);
  const words = reading.lexical.get(name);
  const known = reading.cosines[place] as number;
  const cosine = Number.isNaN(known) ? undefined : known;
  const exampled = (intelligence.examples?.length ?? 0) > 0;
  const unsignalled = intelligence.intentSignals.length === 0 && intelligence.patterns.length === 0;
  const descriptionOnly = unsignalled && !exampled;
  const { semantic, standing } = meaningOf(cosine, descriptionOnly, reading.distribution);
  // Offered (not merely listed by tool_search) on words or meaning alone only when they are a fair share of the
  // request; most tools of a large catalogue share nothing with it and are dropped here.
  if (eligibility && intent === 0 && (words?.coverage ?? 0) < FUSION.minCoverage && (semantic ?? 0) < FUSION.minSemantic) return false;
  const { lead, distribution } = reading;
  const keywordsBeforeLead = lead && signal.matched.length > 0 ? (reading.hitsBySignals.get(intelligence.intentSignals)?.hits ?? NO_KEYWORD_HITS).filter((hit) => signal.matched.includes(hit.keyword)) : NO_KEYWORD_HITS;
  const evidence = candidate.evidence;
  evidence.keywordHits = signal.matched;
  evidence.actionHits = actions;
  evidence.patterns = patterns;
  evidence.lexical = words;
  evidence.semantic = semantic;
  evidence.intent = intent;
  evidence.topical = topical;
  // Squashed: a request half of whose weight a tool matches is far weaker evidence than half a full match.
  evidence.coverage = (words?.coverage ?? 0) ** FUSION.coveragePower;
  evidence.priority = intelligence.priority;
  evidence.unsignalled = unsignalled;
  evidence.exampled = exampled;
  // Only meaning can vouch for a tool when the request asks for something no tool names.
  // Tools with examples or keywords only: a description's few words leave most requests' words unknown.
  evidence.foreignAsk = !descriptionOnly && foreignAskOf(lead, words, keywordsBeforeLead, actions, semantic);
  evidence.descriptionOnly = descriptionOnly;
  evidence.standing = standing;
  evidence.semanticRank = distribution && cosine !== undefined ? placeOf(distribution.sorted, cosine) : Number.POSITIVE_INFINITY;
  evidence.lexicalRank = words?.rank ?? Number.POSITIVE_INFINITY;
  evidence.boost = 0;
  evidence.penalty = 0;
  candidate.name = name;
  candidate.intelligence = intelligence;
  candidate.exclusive = signal.exclusive;
  candidate.score = 0;
  return true;
}

/** One tool's evidence as a candidate of its own, or undefined when it is not in the running. */
function candidateOf(name: string, place: number, intelligence: ToolIntelligence, reading: RequestReading, registry: ToolIntelligenceRegistry, eligibility: boolean): Candidate | undefined {
  const candidate = blankCandidate();
  return readCandidate(candidate, name, place, intelligence, reading, registry, eligibility) ? candidate : undefined;
}

/** A copy of a candidate read into scratch space, for one that stays in the running. */
function keptCandidate(read: Candidate): Candidate {
  return { name: read.name, intelligence: read.intelligence, evidence: { ...read.evidence }, exclusive: read.exclusive, score: read.score };
}

/** The fused score before the chain boost and the urgency penalty (see the formula above). */
function baseScoreOf({ intelligence, evidence }: Candidate): number {
  const { semantic, intent, coverage } = evidence;
  const lexicalCoverage = evidence.lexical?.coverage ?? 0;
  const relative = evidence.lexical?.relative ?? 0;
  const meaning = semantic === undefined ? FUSION.semanticStandIn * coverage : FUSION.semantic * semantic;
  // The best lexical match counts in full only when it covers a fair share of the request: one common word shared
  // with an unrelated request ("write", "long") makes a best match, but no evidence.
  const relativeShare = Math.min(1, lexicalCoverage / (evidence.descriptionOnly ? DESCRIPTION_ONLY.relativeCoverage : FUSION.relativeCoverage));
  // A keyword hit counts in full when the request's meaning agrees with the tool, half when it does not ("how many
  // calories" says "how many" as "how many unread" does).
  // A keyword of question words alone depends on that agreement entirely.
  const dependence = evidence.topical ? FUSION.intentUncorroborated : 1;
  const corroboration = semantic === undefined ? 1 : 1 - dependence + dependence * Math.min(1, semantic / FUSION.intentAgreement);
  // A tool without keyword signals (an external server's) is weighed on words and meaning alone, a little higher,
  // so it is not outranked by built-in tools merely for having no keyword list.
  const unsignalled = evidence.unsignalled ? FUSION.unsignalledBoost : 1;
  const lexicalAndMeaning = FUSION.coverage * coverage + FUSION.relative * relative * relativeShare + meaning;
  // Without a keyword of its domain, the action the request asks for still tells apart tools the words and meaning
  // point to alike ("pause the digest job": update, not create or run), once they do point to the tool.
  // The action word itself is no such pointer: "make" in "how do I make shakshuka" matches a description that says
  // "make", and would otherwise vouch for its own bonus.
  const pointedTo = (evidence.lexical?.words ?? []).some((word) => !evidence.actionHits.some((action) => action.startsWith(word) || word.startsWith(action)));
  const actionAlone =
    intent === 0 && evidence.actionHits.length > 0 && ((lexicalCoverage >= FUSION.minCoverage && pointedTo) || (semantic ?? 0) >= FUSION.minSemantic) ? FUSION.actionAlone : 0;
  return lexicalAndMeaning * unsignalled + FUSION.intent * intent * corroboration + FUSION.priority * (intelligence.priority / 100) + actionAlone;
}

/** What the request asks of every tool at once: the domains asked for, the first fallbacks of their chains, speed. */
interface Asked {
  domains: ReadonlySet<string>;
  fallbacks: ReadonlySet<string>;
  urgent: boolean;
}

/** A candidate's score: its fused evidence, the boost of an asked-for chain, and the penalty of a slow tool when speed was asked for. */
function finishScore(candidate: Candidate, base: number, asked: Asked): void {
  const { intelligence, evidence } = candidate;
  const boost = intelligence.hierarchy.length > 0 && asked.domains.has(intelligence.domain) && evidence.intent > 0 ? FUSION.headBoost : asked.fallbacks.has(candidate.name) ? FUSION.fallbackBoost : 0;
  const penalty = asked.urgent ? URGENCY_PENALTY[latencyTierOf(intelligence.latency.typicalMs)] : 0;
  evidence.boost = boost;
  evidence.penalty = penalty;
  candidate.score = round3(Math.min(1, Math.max(0, base + boost - penalty)));
}

/** Scores every candidate. */
function weigh(candidates: readonly Candidate[], domainAsked: ReadonlySet<string>, urgent: boolean): void {
  // First fallbacks of chains whose head was asked for get a smaller boost than the head.
  const fallbacks = new Set<string>();
  for (const { intelligence, evidence } of candidates) {
    const first = intelligence.hierarchy[0];
    if (first !== undefined && evidence.intent > 0) fallbacks.add(first);
  }
  for (const candidate of candidates) finishScore(candidate, baseScoreOf(candidate), { domains: domainAsked, fallbacks, urgent });
}

/** The ranking's order: best score first, then the higher priority, then by name. */
const rankOrder = (a: Candidate, b: Candidate): number => b.score - a.score || b.evidence.priority - a.evidence.priority || byName(a.name, b.name);

function scoredToolOf(candidate: Candidate): ToolScore {
  const tier = latencyTierOf(candidate.intelligence.latency.typicalMs);
  return new ScoredTool(candidate.name, candidate.score, tier, confidenceOf(candidate.score), candidate.evidence);
}

/** Places of the tools that matched anything, their scores before the chain boost and their intent; what was asked. */
interface Listing {
  places: number[];
  bases: Float64Array;
  intents: Float64Array;
  asked: Asked;
}

/** One pass over the catalogue through a single reused candidate: no object per tool. */
function listingOf(names: readonly string[], intelligences: ReadonlyArray<ToolIntelligence | undefined>, reading: RequestReading, registry: ToolIntelligenceRegistry, urgent: boolean): Listing {
  const scratch = blankCandidate();
  const places: number[] = [];
  const bases = new Float64Array(names.length);
  const intents = new Float64Array(names.length);
  const domains = new Set<string>();
  const fallbacks = new Set<string>();
  for (let place = 0; place < names.length; place++) {
    const intelligence = intelligences[place];
    if (!intelligence || !readCandidate(scratch, names[place] as string, place, intelligence, reading, registry, false)) continue;
    if (scratch.evidence.intent > 0) {
      domains.add(intelligence.domain);
      const first = intelligence.hierarchy[0];
      if (first !== undefined) fallbacks.add(first);
    }
    if (!hasMatchedSignals(scratch.evidence)) continue;
    bases[place] = baseScoreOf(scratch);
    intents[place] = scratch.evidence.intent;
    places.push(place);
  }
  return { places, bases, intents, asked: { domains, fallbacks, urgent } };
}

/**
 * tool_search's list: the first `limit` tools of the ranking that matched anything. The catalogue is read once
 * without an object per tool and the best few are kept in order as they come; only they get their evidence. Sorting
 * thousands of tools (ties by name) and an object per tool were most of a call's time at 2,000 tools. The order is a
 * total one (names are unique), so these are exactly the first tools of the sorted ranking.
 */
function listedTools(names: readonly string[], intelligences: ReadonlyArray<ToolIntelligence | undefined>, reading: RequestReading, registry: ToolIntelligenceRegistry, urgent: boolean, limit: number): ToolScore[] {
  const { places, bases, intents, asked } = listingOf(names, intelligences, reading, registry, urgent);
  // What the score and the order read of a tool, set per tool on one object.
  const probe = blankCandidate();
  const best: Candidate[] = [];
  for (const place of places) {
    const intelligence = intelligences[place] as ToolIntelligence;
    probe.name = names[place] as string;
    probe.intelligence = intelligence;
    probe.evidence.intent = intents[place] as number;
    probe.evidence.priority = intelligence.priority;
    finishScore(probe, bases[place] as number, asked);
    if (best.length >= limit && rankOrder(probe, best[best.length - 1] as Candidate) >= 0) continue;
    const kept = candidateOf(probe.name, place, intelligence, reading, registry, false) as Candidate;
    finishScore(kept, bases[place] as number, asked);
    let at = best.length;
    while (at > 0 && rankOrder(kept, best[at - 1] as Candidate) < 0) at -= 1;
    best.splice(at, 0, kept);
    if (best.length > limit) best.pop();
  }
  return best.map(scoredToolOf);
}

/** The ranking as offered: an exclusive intent's chain only, nothing when the best does not fit, conflicts resolved. */
function offeredTools(candidates: Candidate[], eligibility: boolean, minScore: number): ToolScore[] {
  candidates.sort(rankOrder);
  let kept = candidates;
  const exclusiveHead = eligibility ? candidates.find((candidate) => candidate.exclusive !== undefined) : undefined;
  if (exclusiveHead) {
    const chain = new Set([exclusiveHead.name, ...exclusiveHead.intelligence.hierarchy]);
    kept = kept.filter((candidate) => candidate.exclusive === exclusiveHead.exclusive || chain.has(candidate.name));
  }
  const result: ToolScore[] = [];
  // Tools already offered, and the tools they conflict with: one look-up per candidate, not one per pair.
  const offered = new Set<string>();
  const crowdedOut = new Set<string>();
  // Nothing is offered when the best tool does not fit (tool_search decides that from its own first hit).
  const best = kept[0];
  if (eligibility && best && !fitsRequest({ score: best.score, corroborated: corroborationOf(best.evidence), distinct: distinctionOf(best.evidence), foreignAsk: best.evidence.foreignAsk }, minScore, leadOf(kept))) return [];
  for (const candidate of kept) {
    // tool_search lists everything a request could use; conflicts and the cut-off matter only for what is offered.
    if (eligibility) {
      // Sorted best first: nothing after the first tool under the cut-off is offered.
      // A description-only best tool that stands out is offered under the cut-off; nothing after it is.
      if (candidate.score < minScore && !(candidate === best && distinctionOf(candidate.evidence))) break;
      const conflicts = candidate.intelligence.conflictsWith;
      if (crowdedOut.has(candidate.name) || conflicts.some((other) => offered.has(other))) continue;
      offered.add(candidate.name);
      for (const other of conflicts) crowdedOut.add(other);
    }
    result.push(scoredToolOf(candidate));
  }
  return result;
}

export function scoreAllTools(query: string, availableTools: readonly string[], options: ScoreOptions): ToolScore[] {
  const eligibility = options.eligibility ?? true;
  const available = new Set(availableTools);
  const names = [...available];
  // Each tool's intelligence is read once per call: the signals, the evidence and the ranking all need it.
  const intelligences = names.map((name) => options.registry.get(name));
  const reading = readRequest(query, available, names, intelligences, options);
  const urgent = URGENT_WORDS.some((word) => keywordMatches(word, reading.shape));
  if (!eligibility && options.limit !== undefined) return listedTools(names, intelligences, reading, options.registry, urgent, options.limit);
  const candidates: Candidate[] = [];
  const domainAsked = new Set<string>();
  // Every tool is read into one scratch candidate; only those that stay in the running are copied out. Most tools of a
  // large catalogue do not, and an object per tool per call was half of what a call allocated.
  const scratch = blankCandidate();
  for (let place = 0; place < names.length; place++) {
    const intelligence = intelligences[place];
    if (!intelligence || !readCandidate(scratch, names[place] as string, place, intelligence, reading, options.registry, eligibility)) continue;
    const candidate = keptCandidate(scratch);
    if (candidate.evidence.intent > 0) domainAsked.add(candidate.intelligence.domain);
    candidates.push(candidate);
  }
  weigh(candidates, domainAsked, urgent);
  return offeredTools(candidates, eligibility, options.minScore ?? DEFAULT_MIN_SCORE);
}
