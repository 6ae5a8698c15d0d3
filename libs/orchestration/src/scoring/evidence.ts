/**
 * The evidence the scorer weighs for one tool beside its keywords: its words (the catalogue index's BM25F match, or
 * the shared vocabulary without an index), its meaning's place in the request's similarity over the catalogue, and
 * whether what the request asks for is something no tool names. From it: whether a tool is corroborated (more than one
 * kind of evidence) and whether a description-only tool stands out of the catalogue (docs/adr/0094).
 */
import type { ToolIntelligenceRegistry } from '../registry/tool-intelligence-registry.js';
import { lexicalOrder, type CatalogueIndex, type LexicalMatch } from './catalogue-index.js';
import { DESCRIPTION_ONLY, FOREIGN_ASK, FUSION } from './fusion.js';
import { tokenForms } from './normalize-text.js';
import type { KeywordHit, QueryShape } from './query-shape.js';

/** Where the request first says something no tool of the catalogue knows: the words before it, and its place. */
export interface UnknownLead {
  before: ReadonlySet<string>;
  /** Its place among the request's tokens (keyword hits are placed by token). */
  position: number;
}

/**
 * The first word of the request (as the catalogue index reads it, fillers such as "tell" kept) that no tool's text,
 * translation or near spelling holds and that is not a name (a Latin word written capitalised), with the words before
 * it; undefined when the catalogue knows every word.
 */
export function unknownLeadOf(query: string, shape: QueryShape, index: CatalogueIndex | undefined, hits: Iterable<{ hits: readonly KeywordHit[] }>): UnknownLead | undefined {
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
 * The lead with the words before it that many tools share taken out of `before`: a word a large share of the
 * catalogue's tools hold ("write") says how the request is put, not which tool it is for, so it no longer
 * stops `foreignAskOf` from seeing that what the request asks for ("a poem") is something no tool names.
 */
export function withoutCommonWords(lead: UnknownLead | undefined, lexical: ReadonlyMap<string, LexicalEvidence>, catalogueSize: number): UnknownLead | undefined {
  if (!lead || lead.before.size === 0) return lead;
  const reach = new Map<string, number>();
  for (const evidence of lexical.values()) for (const word of evidence.words) if (lead.before.has(word)) reach.set(word, (reach.get(word) ?? 0) + 1);
  const limit = FOREIGN_ASK.commonShare * catalogueSize;
  const before = new Set([...lead.before].filter((word) => (reach.get(word) ?? 0) < limit));
  return before.size === lead.before.size ? lead : { before, position: lead.position };
}

/**
 * Whether the request asks for something no tool of the catalogue does, as far as this tool is concerned: what it
 * asks for comes first and is unknown to every tool, and everything that points to this tool (its words, its
 * keywords) comes after it, no action of the tool is asked for, and its meaning does not vouch for it — "tell me a
 * joke about calendars" asks for a joke, and only its topic is ours. Evidence from the catalogue itself, so it means
 * the same for any catalogue (docs/adr/0094).
 */
export function foreignAskOf(lead: UnknownLead | undefined, words: LexicalEvidence | undefined, keywords: readonly KeywordHit[], actions: readonly string[], semantic: number | undefined): boolean {
  if (!lead || actions.length > 0 || (semantic ?? 0) >= FUSION.minSemantic) return false;
  if ((words?.words ?? []).some((word) => lead.before.has(word))) return false;
  return !keywords.some((hit) => hit.start < lead.position);
}

/**
 * A keyword that names a topic, or words and meaning together. Words alone do for a tool without a vector yet or a request without one
 * (lexical-only, an unglossed Hebrew request); words or meaning for a tool without example requests (an external
 * server's): a request's similarity to a formal description alone runs low even when it fits.
 */
export function corroborationOf(evidence: Evidence): boolean {
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
export function distinctionOf(evidence: Evidence): boolean {
  if (!evidence.descriptionOnly || evidence.standing === undefined) return false;
  const depth = DESCRIPTION_ONLY.agreementDepth;
  if (evidence.semanticRank > depth) return false;
  return evidence.standing >= DESCRIPTION_ONLY.zFit || evidence.lexicalRank <= depth;
}

/** How the request's similarity spreads over the catalogue: mean, spread and every value sorted (for ranks). */
export interface SimilarityDistribution {
  mean: number;
  spread: number;
  /** Descending. */
  sorted: Float64Array;
}

/** Of the request's similarity to each tool that has one. */
export function distributionOf(cosines: Float64Array): SimilarityDistribution | undefined {
  if (cosines.length < DESCRIPTION_ONLY.minTools) return undefined;
  const sorted = Float64Array.from(cosines).sort().reverse();
  let sum = 0;
  for (const value of sorted) sum += value;
  const mean = sum / sorted.length;
  let squares = 0;
  for (const value of sorted) squares += (value - mean) ** 2;
  const spread = Math.sqrt(squares / sorted.length);
  return spread > 0 ? { mean, spread, sorted } : undefined;
}

/** 1-based place of `value` among the sorted (descending) similarities. */
export function placeOf(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) > value) low = middle + 1;
    else high = middle;
  }
  return low + 1;
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

/** The first `count` matches in the lexical ranking's order, as sorting them all would give them. */
export function firstPlaces(matches: readonly LexicalMatch[], count: number): LexicalMatch[] {
  const first: LexicalMatch[] = [];
  for (const match of matches) {
    if (first.length >= count && lexicalOrder(match, first[first.length - 1] as LexicalMatch) >= 0) continue;
    let at = first.length;
    while (at > 0 && lexicalOrder(match, first[at - 1] as LexicalMatch) < 0) at -= 1;
    first.splice(at, 0, match);
    if (first.length > count) first.pop();
  }
  return first;
}

export interface LexicalEvidence {
  coverage: number;
  relative: number;
  words: string[];
  /**
   * 1-based place in the lexical ranking when among its first `DESCRIPTION_ONLY.agreementDepth` (all that is read of
   * it, by `distinctionOf`), else +∞.
   */
  rank: number;
}

/** Lexical evidence per tool: from the catalogue index when the registry has one, else the shared-vocabulary share. */
export function lexicalEvidence(shape: QueryShape, query: string, available: ReadonlySet<string>, registry: ToolIntelligenceRegistry): Map<string, LexicalEvidence> {
  const evidence = new Map<string, LexicalEvidence>();
  const index = registry.catalogueIndex?.();
  if (index) {
    // A long request matches hundreds of tools of a large catalogue; only the first few places are read, so only they
    // are found, in one pass, instead of sorting every match on every call.
    const matches = index.search(query, available, { sorted: false });
    const placed = firstPlaces(matches, DESCRIPTION_ONLY.agreementDepth);
    let top = matches[0]?.score ?? 0;
    for (const match of matches) if (match.score > top) top = match.score;
    for (const match of matches) {
      const place = placed.indexOf(match);
      evidence.set(match.tool, { coverage: match.coverage, relative: top > 0 ? match.score / top : 0, words: match.matchedWords, rank: place < 0 ? Number.POSITIVE_INFINITY : place + 1 });
    }
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
export interface Evidence {
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
