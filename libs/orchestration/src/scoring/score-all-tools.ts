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
import { BM25F_SETTINGS, type CatalogueIndex } from './catalogue-index.js';
import { keywordForms, normalizeText, tokenForms, tokenize } from './normalize-text.js';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export interface ToolScore {
  tool: string;
  score: number;
  matchedSignals: string[];
  latencyTier: LatencyTier;
  confidenceLevel: ConfidenceLevel;
  /**
   * Whether more than one kind of evidence points to the tool: a keyword of its domain, or its words (a fair share of
   * the request) and its meaning together. A best tool scoring under `FUSION.firm` is offered only when corroborated.
   */
  corroborated: boolean;
  /**
   * For a tool known only by its description (no keyword signals, no example requests): whether it stands out of this
   * request's catalogue — its similarity far above every tool's for the request, or near the top of both the lexical
   * and the semantic ranking. Such a best tool fits whatever its score (docs/adr/0094).
   */
  distinct?: boolean;
  /**
   * The request's first two words ask for something no tool of the catalogue names ("tell me a joke about calendars":
   * "joke", and "calendars" only after it), and the tool's meaning does not vouch for it: it does not fit, whatever its
   * score, unless it is `distinct` (docs/adr/0094).
   */
  foreignAsk?: boolean;
  /** Why it ranked where it did, for debugging and `tool_search`. */
  explain: string;
}

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
}

export const DEFAULT_MIN_SCORE = 0.3;

/** Fusion weights and confidence cut-offs, chosen on the development halves (docs/adr/0040). */
export const FUSION = {
  coverage: 0.2,
  coveragePower: 2,
  relative: 0.2,
  semantic: 0.4,
  /** Weight of Lc standing in for S when a tool has no vector yet (the lexical-only calibration). */
  semanticStandIn: 0.15,
  intent: 0.3,
  priority: 0.1,
  /** Cosines at or below this carry no evidence (unrelated short texts already sit around it). */
  semanticFloor: 0.3,
  /** Lexical coverage a tool needs to be offered on words alone (without an intent signal). */
  minCoverage: 0.2,
  /** Rescaled similarity a tool needs to be offered on meaning alone. */
  minSemantic: 0.3,
  headBoost: 0.1,
  fallbackBoost: 0.05,
  /**
   * A best tool scoring at least the cut-off but under this is offered only when corroborated: one shared word ("write
   * a haiku", "the weather in Tel Aviv tomorrow") clears the cut-off but is no evidence on its own.
   */
  firm: 0.38,
  /** Share of the request's words, and rescaled similarity, that together corroborate a tool without a keyword. */
  corroboratingCoverage: 0.2,
  corroboratingSemantic: 0.1,
  /** Top-1 right about four times in five at or above this on the development halves. */
  high: 0.55,
  /** About half the time or more between this and `high`; below it, about half. */
  medium: 0.42,
  /** Coverage at which the best lexical match's relative score counts in full. */
  relativeCoverage: 0.3,
  /** Rescaled similarity at which a keyword intent counts in full. */
  intentAgreement: 0.5,
  /** The share of a keyword intent that depends on that agreement. */
  intentUncorroborated: 0.5,
  /** Added to a keyword intent when the request also says the tool's action ("add" for create_*). */
  actionBonus: 0.12,
  /** A tool that changes things keeps this share of its domain's intent when its action is not asked for. */
  unaskedWrite: 0.5,
  /** Added for a tool whose action the request asks for when no keyword of its domain does (and words or meaning point to it). */
  actionAlone: 0.05,
  /** Word and meaning evidence of a tool without keyword signals is multiplied by this. */
  unsignalledBoost: 1.3,
};

/**
 * Evidence for tools known only by their description (a joined server's tools: no keyword signals, no example
 * requests), read against the request's own distribution over the catalogue so it means the same in any catalogue
 * and with any embedder: the z-score of the tool's similarity among every tool's similarity for this request, and
 * its place in the lexical and semantic rankings. Chosen on the MetaTool and third-party development sets
 * (docs/adr/0094); tools with examples keep the calibration of FUSION.
 */
export const DESCRIPTION_ONLY = {
  /** Standing-out (z) at which the similarity starts to count, and the span over which it comes to count in full. */
  zFloor: 1,
  zSpan: 2.5,
  /** A best tool whose similarity stands out at least this far fits … */
  zFit: 2,
  /** … when it is also within this many of the top of the semantic ranking; or within this many of the top of both. */
  agreementDepth: 3,
  /** Coverage at which the tool's relative BM25F score counts in full (requests to such tools are long sentences). */
  relativeCoverage: 0.15,
  /** Fewer tools with vectors than this make no distribution to stand out of. */
  minTools: 20,
};

const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for from by with about into over is are was were be been am do does did have has had i me my mine we us our you your it its this that these those there here ' +
    'please can could would should will shall may might must let lets just also then than so very any some all what whats which who whom how when where why up out off not no yes ' +
    'את של על עם לי שלי שלך אני אתה את הוא היא אנחנו זה זאת זו יש אין גם רק כבר עוד אם כי או אבל לא כן מה איך למה מתי איפה בבקשה תן לנו אותו אותה'
  ).split(/\s+/),
);
/**
 * Words that ask, not name a topic. A keyword made of them alone ("how many", "כמה", "who's") says what kind of answer
 * is wanted, which an unrelated question shares ("how many calories…", "כמה זה 17 כפול 23"): it counts only as far
 * as the request's meaning agrees with its tool.
 */
const QUESTION_WORDS = new Set([...STOP_WORDS, 'many', 'much', 'whos', 'כמה', 'מי', 'איזה', 'אילו']);
const URGENT_WORDS = ['now', 'quick', 'quickly', 'asap', 'urgent', 'fast', 'right away', 'briefly', 'עכשיו', 'מהר', 'דחוף', 'מיד', 'בקצרה'];
const READ_ACTIONS = new Set(['list', 'get', 'search', 'query', 'check', 'find', 'enrich']);

function isWriteTool(name: string): boolean {
  return !name.includes('__') && !READ_ACTIONS.has(name.split('_')[0] ?? '');
}
const URGENCY_PENALTY: Record<LatencyTier, number> = { fast: 0, medium: 0.03, slow: 0.1, very_slow: 0.2 };

interface QueryShape {
  normalized: string;
  tokens: string[];
  /** Forms of each token, by position. */
  positions: string[][];
  forms: Set<string>;
  content: string[];
}

/**
 * A request word the catalogue does not know but knows one edit away ("remnd", "calender") also takes the forms of
 * its corrections, so keywords meet it as the index does.
 */
function shapeOf(query: string, index?: CatalogueIndex): QueryShape {
  const tokens = tokenize(query);
  const positions = tokens.map((token) => {
    const forms = tokenForms(token);
    // A function word and its contraction ("that's" reads "thats", one edit from "chats") are not typos.
    if (!index || token.length < BM25F_SETTINGS.correctionMinLength || STOP_WORDS.has(token) || STOP_WORDS.has(token.replace(/s$/, ''))) return forms;
    const corrections = index.corrections(token);
    return corrections.length === 0 ? forms : [...new Set([...forms, ...corrections.flatMap((word) => tokenForms(word))])];
  });
  const forms = new Set(positions.flat());
  return { normalized: normalizeText(query), tokens, positions, forms, content: tokens.filter((token) => !STOP_WORDS.has(token)) };
}

interface CompiledKeyword {
  prefix: boolean;
  words: ReadonlyArray<ReadonlySet<string>>;
  /** Whether a word of it names a topic (not only question words). */
  topical: boolean;
}

// Keywords are few and repeat across tools and calls: compile each once.
const compiledKeywords = new Map<string, CompiledKeyword>();

function compileKeyword(keyword: string): CompiledKeyword {
  let compiled = compiledKeywords.get(keyword);
  if (!compiled) {
    const prefix = keyword.endsWith('*');
    const tokens = tokenize(prefix ? keyword.slice(0, -1) : keyword);
    compiled = { prefix, words: tokens.map((word) => new Set(keywordForms(word))), topical: tokens.some((word) => !QUESTION_WORDS.has(word)) };
    compiledKeywords.set(keyword, compiled);
  }
  return compiled;
}

function hasAny(forms: ReadonlySet<string>, wanted: ReadonlySet<string>): boolean {
  for (const form of wanted) if (forms.has(form)) return true;
  return false;
}

/** Whether a request word (in one of its forms) is one of the keyword word's forms, or (prefix) starts with one. */
function wordMatches(at: readonly string[], wanted: ReadonlySet<string>, prefix: boolean): boolean {
  for (const form of at) {
    if (wanted.has(form)) return true;
    if (prefix) for (const start of wanted) if (form.startsWith(start)) return true;
  }
  return false;
}

/**
 * Where every word of the keyword appears, in order and adjacent, in the query (a trailing `*` is a prefix): the
 * position of its first word, or -1. Every keyword of every tool's domain is tried on every request: the loops
 * allocate nothing.
 */
function keywordPosition(keyword: string, query: QueryShape): number {
  const { prefix, words } = compileKeyword(keyword);
  const count = words.length;
  if (count === 0) return -1;
  // Cheap rejection: a keyword whose first word (or, without a prefix, last word) is absent from the query's forms
  // cannot match.
  if (!hasAny(query.forms, words[0] as ReadonlySet<string>) && !(prefix && count === 1)) return -1;
  if (!prefix && count > 1 && !hasAny(query.forms, words[count - 1] as ReadonlySet<string>)) return -1;
  const positions = query.positions;
  for (let start = 0; start + count <= positions.length; start += 1) {
    let all = true;
    for (let offset = 0; offset < count && all; offset += 1) {
      all = wordMatches(positions[start + offset] as string[], words[offset] as ReadonlySet<string>, prefix && offset === count - 1);
    }
    if (all) return start;
  }
  return -1;
}

function keywordMatches(keyword: string, query: QueryShape): boolean {
  return keywordPosition(keyword, query) >= 0;
}

/** One keyword found in the request: its signal's weight and the request words it spans. */
interface KeywordHit {
  keyword: string;
  weight: number;
  start: number;
  end: number;
  exclusive?: string;
}

interface SignalResult {
  weight: number;
  matched: string[];
  /** Whether a matched keyword names a topic (see QUESTION_WORDS). */
  topical: boolean;
  exclusive?: string;
}

function keywordHits(signals: readonly ToolIntentSignal[], query: QueryShape): KeywordHit[] {
  const hits: KeywordHit[] = [];
  for (const signal of signals) {
    for (const keyword of signal.keywords) {
      const start = keywordPosition(keyword, query);
      if (start < 0) continue;
      const length = compileKeyword(keyword).words.length;
      hits.push({ keyword, weight: signal.weight, start, end: start + length, ...(signal.exclusiveIntent ? { exclusive: signal.exclusiveIntent } : {}) });
    }
  }
  return hits;
}

/**
 * The strongest signal among the hits, leaving out a hit whose words lie inside a longer keyword of another signal
 * set that the request also says: "email address" is a person's identity, not mail, though "email" alone is mail.
 */
function strongestSignal(hits: readonly KeywordHit[], longer: readonly KeywordHit[]): SignalResult {
  let weight = 0;
  const matched: string[] = [];
  let exclusive: string | undefined;
  let topical = false;
  for (const hit of hits) {
    if (longer.some((other) => other.end - other.start > hit.end - hit.start && other.start <= hit.start && other.end >= hit.end)) continue;
    matched.push(hit.keyword);
    if (compileKeyword(hit.keyword).topical) topical = true;
    if (hit.weight > weight) weight = hit.weight;
    if (hit.exclusive) exclusive = hit.exclusive;
  }
  return { weight, matched, topical, ...(exclusive ? { exclusive } : {}) };
}

// Metadata patterns repeat across calls: compile each once.
const compiledPatterns = new Map<string, RegExp>();
function compiledPattern(pattern: string): RegExp {
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) compiledPatterns.set(pattern, (compiled = new RegExp(pattern, 'iu')));
  return compiled;
}

// Ties are broken by name on every call over hundreds of candidates: one collator, not one per comparison
// (`localeCompare` builds its collator each time and dominated the sort).
const byName = new Intl.Collator().compare;

const round3 = (value: number) => Math.round(value * 1_000) / 1_000;

/** Whether a request's best tool fits it well enough to be offered at all: over the cut-off, and firm or corroborated. */
export function fitsRequest(best: Pick<ToolScore, 'score' | 'corroborated' | 'distinct' | 'foreignAsk'> | undefined, minScore = DEFAULT_MIN_SCORE): boolean {
  if (best === undefined) return false;
  return best.distinct === true || (best.foreignAsk !== true && best.score >= minScore && (best.score >= FUSION.firm || best.corroborated));
}

/** Where the request first says something no tool of the catalogue knows: the words before it, and its place. */
interface UnknownLead {
  before: ReadonlySet<string>;
  /** Its place among the request's tokens (keyword hits are placed by token). */
  position: number;
}

/**
 * The first word of the request (as the catalogue index reads it, fillers such as "tell" kept) that no tool's text,
 * translation or near spelling holds and that is not a name (a Latin word written capitalised), with the words before
 * it; undefined when the catalogue knows every word.
 */
function unknownLeadOf(query: string, shape: QueryShape, index: CatalogueIndex | undefined, hits: Iterable<{ hits: readonly KeywordHit[] }>): UnknownLead | undefined {
  if (!index) return undefined;
  const vouched = new Set((query.match(/\p{Lu}[\p{L}']*/gu) ?? []).map((word) => word.toLowerCase()));
  // A word some tool's keyword matched is known too ("inflation" names the official-data tools' domain).
  for (const { hits: found } of hits) for (const hit of found) for (const token of shape.tokens.slice(hit.start, hit.end)) vouched.add(token);
  const words = index.requestWords(query);
  const at = words.findIndex(({ word, known }) => !known && !vouched.has(word));
  // A request that starts with a word nobody's tools use starts with a name, a value or an aside ("ugh", "Yoav
  // finished the deck"); what it asks for follows a word the catalogue knows (its verb: "tell me a joke").
  if (at < 1) return undefined;
  const position = shape.tokens.indexOf((words[at] as { word: string }).word);
  return { before: new Set(words.slice(0, at).map(({ word }) => word)), position: position < 0 ? Number.POSITIVE_INFINITY : position };
}

/**
 * How far down `fittingTools` looks when the best tool does not fit. A tool known by its description alone that stands
 * out of the catalogue (`distinct`) is offered from within `distinctDepth`. When the best was turned down for pointing
 * only at the request's topic and not at what it asks (`foreignAsk`), the next tool within `depth` that the ask does
 * point to (not foreign itself, and fitting or corroborated) is offered: "look up the population of Tel Aviv online"
 * is not for the saved-places tool its place names match, but it is for the web search that "look up … online" names.
 * Looking further for any fit answered off-topic requests whose next tools share their topic (docs/adr/0094).
 */
export const FIT_SEARCH = { depth: 2, distinctDepth: 3 };

/**
 * What tool_search offers from its ranking (best first): the ranking with the first tool that fits at its head, or
 * nothing when none near the top fits (`FIT_SEARCH`). A joined server's tool that stands out behind a built-in tool
 * that merely shares a word ("the current local time in Los Angeles") is offered rather than lost with it.
 */
export function fittingTools<T extends Pick<ToolScore, 'score' | 'corroborated' | 'distinct' | 'foreignAsk'>>(ranked: readonly T[], minScore = DEFAULT_MIN_SCORE): T[] {
  const best = ranked[0];
  if (best === undefined) return [];
  if (fitsRequest(best, minScore)) return [...ranked];
  const at = ranked.findIndex((tool, place) => (place < FIT_SEARCH.distinctDepth && tool.distinct === true) || (place < FIT_SEARCH.depth && best.foreignAsk === true && tool.foreignAsk !== true && (fitsRequest(tool, minScore) || tool.corroborated)));
  return at < 0 ? [] : [ranked[at] as T, ...ranked.slice(0, at), ...ranked.slice(at + 1)];
}

/**
 * Whether the request asks for something no tool of the catalogue does, as far as this tool is concerned: what it
 * asks for comes first and is unknown to every tool, and everything that points to this tool (its words, its
 * keywords) comes after it, no action of the tool is asked for, and its meaning does not vouch for it — "tell me a
 * joke about calendars" asks for a joke, and only its topic is ours. Evidence from the catalogue itself, so it means
 * the same for any catalogue (docs/adr/0094).
 */
function foreignAskOf(lead: UnknownLead | undefined, words: LexicalEvidence | undefined, keywords: readonly KeywordHit[], actions: readonly string[], semantic: number | undefined): boolean {
  if (!lead || actions.length > 0 || (semantic ?? 0) >= FUSION.minSemantic) return false;
  if ((words?.words ?? []).some((word) => lead.before.has(word))) return false;
  return !keywords.some((hit) => hit.start < lead.position);
}

/**
 * A keyword that names a topic, or words and meaning together. Words alone do for a tool without a vector yet or a request without one
 * (lexical-only, an unglossed Hebrew request); words or meaning for a tool without example requests (an external
 * server's): a request's similarity to a formal description alone runs low even when it fits.
 */
function corroborationOf(evidence: Evidence): boolean {
  // A keyword of question words alone ("how many", "מי זאת") vouches for its tool only when the meaning does not
  // disagree: "who is Dana Reed" yes, "how many calories are in a banana" no.
  if (evidence.intent > 0 && (evidence.topical || evidence.semantic === undefined || evidence.semantic >= FUSION.corroboratingSemantic)) return true;
  const words = (evidence.lexical?.coverage ?? 0) >= FUSION.corroboratingCoverage;
  const meaning = evidence.semantic !== undefined && evidence.semantic >= FUSION.corroboratingSemantic;
  if (!evidence.exampled) return words || meaning;
  return words && (evidence.semantic === undefined || meaning);
}

/**
 * A description-only tool stands out of the request's catalogue: its similarity far above the request's similarity to
 * every tool and near the top of the semantic ranking, or near the top of both the lexical and the semantic ranking
 * (two independent kinds of evidence agreeing).
 */
function distinctionOf(evidence: Evidence): boolean {
  if (!evidence.descriptionOnly || evidence.standing === undefined) return false;
  const depth = DESCRIPTION_ONLY.agreementDepth;
  if (evidence.semanticRank > depth) return false;
  return evidence.standing >= DESCRIPTION_ONLY.zFit || evidence.lexicalRank <= depth;
}

/** How the request's similarity spreads over the catalogue: mean, spread and every value sorted (for ranks). */
interface SimilarityDistribution {
  mean: number;
  spread: number;
  /** Descending. */
  sorted: Float64Array;
}

function distributionOf(cosines: ReadonlyMap<string, number>): SimilarityDistribution | undefined {
  if (cosines.size < DESCRIPTION_ONLY.minTools) return undefined;
  const sorted = Float64Array.from(cosines.values()).sort().reverse();
  let sum = 0;
  for (const value of sorted) sum += value;
  const mean = sum / sorted.length;
  let squares = 0;
  for (const value of sorted) squares += (value - mean) ** 2;
  const spread = Math.sqrt(squares / sorted.length);
  return spread > 0 ? { mean, spread, sorted } : undefined;
}

/** 1-based place of `value` among the sorted (descending) similarities. */
function placeOf(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) > value) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

/** high / medium / low from the calibrated cut-offs (docs/adr/0040). */
export function confidenceOf(score: number): ConfidenceLevel {
  return score >= FUSION.high ? 'high' : score >= FUSION.medium ? 'medium' : 'low';
}

/**
 * The request's content words each tool's vocabulary holds, found through the registry's inverted vocabulary: one
 * lookup per word form instead of one per tool and form, which is what keeps large catalogues fast.
 */
function sharedContentWords(content: readonly string[], contentForms: readonly string[][], registry: ToolIntelligenceRegistry): Map<string, string[]> | undefined {
  if (!registry.toolsWithForm) return undefined;
  const shared = new Map<string, string[]>();
  content.forEach((token, index) => {
    const tools = new Set<string>();
    for (const form of contentForms[index] ?? []) for (const tool of registry.toolsWithForm?.(form) ?? []) tools.add(tool);
    for (const tool of tools) {
      const words = shared.get(tool);
      if (words) words.push(token);
      else shared.set(tool, [token]);
    }
  });
  return shared;
}

interface LexicalEvidence {
  coverage: number;
  relative: number;
  words: string[];
  /** 1-based place in the lexical ranking. */
  rank: number;
}

/** Lexical evidence per tool: from the catalogue index when the registry has one, else the shared-vocabulary share. */
function lexicalEvidence(shape: QueryShape, query: string, available: ReadonlySet<string>, registry: ToolIntelligenceRegistry): Map<string, LexicalEvidence> {
  const evidence = new Map<string, LexicalEvidence>();
  const index = registry.catalogueIndex?.();
  if (index) {
    const matches = index.search(query, available);
    const top = matches[0]?.score ?? 0;
    matches.forEach((match, place) => evidence.set(match.tool, { coverage: match.coverage, relative: top > 0 ? match.score / top : 0, words: match.matchedWords, rank: place + 1 }));
    return evidence;
  }
  const contentForms = shape.content.map((token) => tokenForms(token));
  const sharedWords = sharedContentWords(shape.content, contentForms, registry);
  for (const name of available) {
    const hits = sharedWords ? (sharedWords.get(name) ?? []) : shape.content.filter((_token, index) => (contentForms[index] as string[]).some((form) => registry.vocabulary(name).has(form)));
    if (hits.length === 0) continue;
    const coverage = hits.length / shape.content.length;
    evidence.set(name, { coverage, relative: coverage, words: hits, rank: Number.POSITIVE_INFINITY });
  }
  return evidence;
}

/** What one tool's score was made of, kept so its explanation and matched signals can be spelled out when read. */
interface Evidence {
  keywordHits: readonly string[];
  actionHits: readonly string[];
  patterns: string[] | undefined;
  lexical: LexicalEvidence | undefined;
  /** Rescaled similarity, undefined while the tool has no vector. */
  semantic: number | undefined;
  intent: number;
  /** Whether the intent came from a pattern or a keyword that names a topic, not only from question words. */
  topical: boolean;
  /** Squashed lexical coverage (Lc). */
  coverage: number;
  priority: number;
  /** A tool without keyword signals (an external server's), weighed on words and meaning alone. */
  unsignalled: boolean;
  /** A tool with example requests, whose similarity to a request that fits it is reliably high. */
  exampled: boolean;
  /** The request asks for something no tool names, and this tool's meaning does not vouch for it (see ToolScore). */
  foreignAsk: boolean;
  /** Known only by its description; then how far its similarity stands out (z) and its semantic and lexical places. */
  descriptionOnly: boolean;
  standing: number | undefined;
  semanticRank: number;
  lexicalRank: number;
  boost: number;
  penalty: number;
}

function signalsOf(evidence: Evidence): string[] {
  const { semantic } = evidence;
  return [
    ...evidence.keywordHits,
    ...evidence.actionHits.map((action) => `action:${action}`),
    ...(evidence.patterns ?? []),
    ...(evidence.lexical?.words ?? []).map((word) => `word:${word}`),
    ...(semantic !== undefined && semantic > 0 ? [`semantic:${semantic.toFixed(2)}`] : []),
  ];
}

function explanationOf(evidence: Evidence): string {
  const { semantic, boost, penalty } = evidence;
  const signals = signalsOf(evidence);
  return (
    `Lc=${evidence.coverage.toFixed(2)} Lr=${(evidence.lexical?.relative ?? 0).toFixed(2)}${semantic === undefined ? '' : ` S=${semantic.toFixed(2)}`}` +
    ` I=${evidence.intent.toFixed(2)} P=${(evidence.priority / 100).toFixed(2)}${boost ? ` +H ${boost}` : ''}${penalty ? ` −urgency ${penalty}` : ''}` +
    ` (${signals.join(', ') || 'no match'})`
  );
}

/**
 * A ranked tool. Its explanation and matched signals are written when read: tool_search ranks every tool of a large
 * catalogue and most of them go unread, so they cost nothing until asked for.
 */
class ScoredTool implements ToolScore {
  readonly #evidence: Evidence;
  #signals: string[] | undefined;

  constructor(
    readonly tool: string,
    readonly score: number,
    readonly latencyTier: LatencyTier,
    readonly confidenceLevel: ConfidenceLevel,
    evidence: Evidence,
  ) {
    this.#evidence = evidence;
  }

  get corroborated(): boolean {
    return corroborationOf(this.#evidence);
  }

  get distinct(): boolean {
    return distinctionOf(this.#evidence);
  }

  get foreignAsk(): boolean {
    return this.#evidence.foreignAsk;
  }

  get matchedSignals(): string[] {
    return (this.#signals ??= signalsOf(this.#evidence));
  }

  get explain(): string {
    return explanationOf(this.#evidence);
  }

  /** Serialised (logs, JSON output) with its explanation and signals, as a plain score would be. */
  toJSON(): ToolScore {
    return { tool: this.tool, score: this.score, matchedSignals: this.matchedSignals, latencyTier: this.latencyTier, confidenceLevel: this.confidenceLevel, corroborated: this.corroborated, distinct: this.distinct, foreignAsk: this.foreignAsk, explain: this.explain };
  }
}

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

export function scoreAllTools(query: string, availableTools: readonly string[], options: ScoreOptions): ToolScore[] {
  const { registry, semanticSimilarity } = options;
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const eligibility = options.eligibility ?? true;
  const shape = shapeOf(query, registry.catalogueIndex?.());
  const urgent = URGENT_WORDS.some((word) => keywordMatches(word, shape));
  const available = new Set(availableTools);

  const candidates: Candidate[] = [];
  const domainAsked = new Set<string>();
  // Tools of one domain share their signals and most tools share action words: evaluate each set once per query.
  // Every signal set's keyword hits first, so a hit inside a longer keyword of another domain can give way to it.
  const hitsBySignals = new Map<readonly ToolIntentSignal[], { domain: string; hits: KeywordHit[] }>();
  for (const name of available) {
    const intelligence = registry.get(name);
    const signals = intelligence?.intentSignals;
    if (intelligence && signals && signals.length > 0 && !hitsBySignals.has(signals)) hitsBySignals.set(signals, { domain: intelligence.domain, hits: keywordHits(signals, shape) });
  }
  const signalResults = new Map<readonly ToolIntentSignal[], SignalResult>();
  const signalOf = (signals: readonly ToolIntentSignal[]): SignalResult => {
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
  const actionResults = new Map<readonly string[], readonly string[]>();
  const lexical = lexicalEvidence(shape, query, available, registry);
  const lead = unknownLeadOf(query, shape, registry.catalogueIndex?.(), hitsBySignals.values());
  // The request's similarity to every tool, read once: its spread over the catalogue is what a description-only
  // tool's similarity is measured against.
  const cosines = new Map<string, number>();
  if (semanticSimilarity) {
    for (const name of available) {
      const cosine = semanticSimilarity(name);
      if (cosine !== undefined) cosines.set(name, cosine);
    }
  }
  const distribution = distributionOf(cosines);
  // This loop runs over every tool of the catalogue on every request: it allocates only for the tools that stay.
  for (const name of available) {
    const intelligence = registry.get(name);
    if (!intelligence) continue;
    const signal = signalOf(intelligence.intentSignals);
    let intent = signal.weight / 100;
    // Within a domain the action decides: "add" points to create_*, "cancel" to delete_*.
    const actionWords = registry.actionKeywords(name);
    let actions = actionResults.get(actionWords);
    if (!actions) {
      actions = actionWords.length === 0 ? NO_HITS : actionWords.filter((keyword) => keywordMatches(keyword, shape));
      actionResults.set(actionWords, actions);
    }
    const acted = actions.length > 0;
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
    const words = lexical.get(name);
    const cosine = cosines.get(name);
    const exampled = (intelligence.examples?.length ?? 0) > 0;
    const unsignalled = intelligence.intentSignals.length === 0 && intelligence.patterns.length === 0;
    const descriptionOnly = unsignalled && !exampled;
    const standing = descriptionOnly && distribution && cosine !== undefined ? (cosine - distribution.mean) / distribution.spread : undefined;
    let semantic = cosine === undefined ? undefined : Math.max(0, (cosine - FUSION.semanticFloor) / (1 - FUSION.semanticFloor));
    // A description-only tool's similarity runs low even when it fits; how far it stands out of the request's
    // similarity to every tool says more, and means the same in any catalogue.
    if (semantic !== undefined && standing !== undefined) semantic = Math.max(semantic, Math.min(1, Math.max(0, (standing - DESCRIPTION_ONLY.zFloor) / DESCRIPTION_ONLY.zSpan)));
    // Offered (not merely listed by tool_search) on words or meaning alone only when they are a fair share of the
    // request; most tools of a large catalogue share nothing with it and are dropped here.
    if (eligibility && intent === 0 && (words?.coverage ?? 0) < FUSION.minCoverage && (semantic ?? 0) < FUSION.minSemantic) continue;
    if (intent > 0) domainAsked.add(intelligence.domain);
    candidates.push({
      name,
      intelligence,
      evidence: {
        keywordHits: signal.matched,
        actionHits: actions,
        patterns,
        lexical: words,
        semantic,
        intent,
        topical,
        // Squashed: a request half of whose weight a tool matches is far weaker evidence than half a full match.
        coverage: (words?.coverage ?? 0) ** FUSION.coveragePower,
        priority: intelligence.priority,
        unsignalled,
        exampled,
        // Only meaning can vouch for a tool when the request asks for something no tool names.
        // Tools with examples or keywords only: a description's few words leave most requests' words unknown.
        foreignAsk: !descriptionOnly && foreignAskOf(lead, words, lead && signal.matched.length > 0 ? (hitsBySignals.get(intelligence.intentSignals)?.hits ?? NO_KEYWORD_HITS).filter((hit) => signal.matched.includes(hit.keyword)) : NO_KEYWORD_HITS, actions, semantic),
        descriptionOnly,
        standing,
        semanticRank: distribution && cosine !== undefined ? placeOf(distribution.sorted, cosine) : Number.POSITIVE_INFINITY,
        lexicalRank: words?.rank ?? Number.POSITIVE_INFINITY,
        boost: 0,
        penalty: 0,
      },
      exclusive: signal.exclusive,
      score: 0,
    });
  }

  // First fallbacks of chains whose head was asked for get a smaller boost than the head.
  const askedFallbacks = new Set<string>();
  for (const { intelligence, evidence } of candidates) {
    const first = intelligence.hierarchy[0];
    if (first !== undefined && evidence.intent > 0) askedFallbacks.add(first);
  }
  for (const candidate of candidates) {
    const { intelligence, evidence } = candidate;
    const { semantic, intent, coverage } = evidence;
    const lexicalCoverage = evidence.lexical?.coverage ?? 0;
    const relative = evidence.lexical?.relative ?? 0;
    const boost = intelligence.hierarchy.length > 0 && domainAsked.has(intelligence.domain) && intent > 0 ? FUSION.headBoost : askedFallbacks.has(candidate.name) ? FUSION.fallbackBoost : 0;
    const penalty = urgent ? URGENCY_PENALTY[latencyTierOf(intelligence.latency.typicalMs)] : 0;
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
    const base = lexicalAndMeaning * unsignalled + FUSION.intent * intent * corroboration + FUSION.priority * (intelligence.priority / 100) + actionAlone;
    evidence.boost = boost;
    evidence.penalty = penalty;
    candidate.score = round3(Math.min(1, Math.max(0, base + boost - penalty)));
  }

  candidates.sort((a, b) => b.score - a.score || b.evidence.priority - a.evidence.priority || byName(a.name, b.name));
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
  if (eligibility && best && !fitsRequest({ score: best.score, corroborated: corroborationOf(best.evidence), distinct: distinctionOf(best.evidence), foreignAsk: best.evidence.foreignAsk }, minScore)) return [];
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
    const tier = latencyTierOf(candidate.intelligence.latency.typicalMs);
    result.push(new ScoredTool(candidate.name, candidate.score, tier, confidenceOf(candidate.score), candidate.evidence));
  }
  return result;
}
