/**
 * A ranked tool as `scoreAllTools` returns it, whether a ranking's best tool fits the request (`fitsRequest`,
 * `fittingTools`), and the explanation of a score, written only when read.
 */
import type { LatencyTier } from '@chief-of-staff/core';
import { corroborationOf, distinctionOf, type Evidence } from './evidence.js';
import { DEFAULT_MIN_SCORE, FUSION, LEAD, type ConfidenceLevel } from './fusion.js';

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

/**
 * How far the first of `ranked` (best first) leads the rest of the first `LEAD.depth`: its score's distance above the
 * mean of the others' in their spread (a z-score); undefined with fewer than `LEAD.minOthers` others.
 */
export function leadOf(ranked: ReadonlyArray<Pick<ToolScore, 'score'>>): number | undefined {
  const first = ranked[0];
  const others = ranked.slice(1, LEAD.depth);
  if (first === undefined || others.length < LEAD.minOthers) return undefined;
  const mean = others.reduce((sum, tool) => sum + tool.score, 0) / others.length;
  const spread = Math.sqrt(others.reduce((sum, tool) => sum + (tool.score - mean) ** 2, 0) / others.length);
  return (first.score - mean) / Math.max(spread, LEAD.spreadFloor);
}

/**
 * Whether a request's best tool fits it well enough to be offered at all: over the cut-off, and firm, corroborated or
 * far ahead of the rest of the ranking (`lead`, from `leadOf`).
 */
export function fitsRequest(best: Pick<ToolScore, 'score' | 'corroborated' | 'distinct' | 'foreignAsk'> | undefined, minScore = DEFAULT_MIN_SCORE, lead?: number): boolean {
  if (best === undefined) return false;
  return best.distinct === true || (best.foreignAsk !== true && best.score >= minScore && (best.score >= FUSION.firm || best.corroborated || (lead ?? 0) >= LEAD.zFit));
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
 * that merely shares a word ("the current local time in Los Angeles") is offered rather than lost with it. The best
 * tool's lead is read from the first `LEAD.depth` tools: pass at least that many.
 */
export function fittingTools<T extends Pick<ToolScore, 'score' | 'corroborated' | 'distinct' | 'foreignAsk'>>(ranked: readonly T[], minScore = DEFAULT_MIN_SCORE): T[] {
  const best = ranked[0];
  if (best === undefined) return [];
  if (fitsRequest(best, minScore, leadOf(ranked))) return [...ranked];
  const at = ranked.findIndex((tool, place) => (place < FIT_SEARCH.distinctDepth && tool.distinct === true) || (place < FIT_SEARCH.depth && best.foreignAsk === true && tool.foreignAsk !== true && (fitsRequest(tool, minScore) || tool.corroborated)));
  return at < 0 ? [] : [ranked[at] as T, ...ranked.slice(0, at), ...ranked.slice(at + 1)];
}

/** Whether anything points to the tool at all: its matched signals (`signalsOf`) are not empty. */
export function hasMatchedSignals(evidence: Evidence): boolean {
  const { semantic } = evidence;
  return evidence.keywordHits.length > 0 || evidence.actionHits.length > 0 || (evidence.patterns?.length ?? 0) > 0 || (evidence.lexical?.words.length ?? 0) > 0 || (semantic !== undefined && semantic > 0);
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
export class ScoredTool implements ToolScore {
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
