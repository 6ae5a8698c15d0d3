/**
 * `scoreAllTools(query, availableTools)`: which tools fit a request, in English or Hebrew, and why. Per tool,
 * I = the strongest matching intent signal (weight / 100; a pattern match counts 0.6), Lx = the share of the
 * request's content words the tool's vocabulary holds, P = priority / 100; base = 0.55·I + 0.25·Lx + 0.20·P, plus a
 * boost for the head (+0.10) and first fallback (+0.05) of a chain whose domain was asked for, minus a penalty for
 * slow tools when the request asks for speed. An exclusive intent (official data) keeps only its own chain;
 * conflicting tools give way to the better one; nothing over `minScore` means abstaining.
 */
import type { LatencyTier } from '@chief-of-staff/core';
import type { ToolIntelligenceRegistry } from '../registry/tool-intelligence-registry.js';
import { latencyTierOf, type ToolIntentSignal } from '../registry/tool-intelligence.js';
import { formsOf, keywordForms, normalizeText, tokenForms, tokenize } from './normalize-text.js';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export interface ToolScore {
  tool: string;
  score: number;
  matchedSignals: string[];
  latencyTier: LatencyTier;
  confidenceLevel: ConfidenceLevel;
  /** Why it ranked where it did, for debugging and `tool_search`. */
  explain: string;
}

export interface ScoreOptions {
  registry: ToolIntelligenceRegistry;
  /** Below this, a tool is not offered; nothing above it means abstaining (default 0.25). */
  minScore?: number;
  /** false: rank every available tool (tool_search), without the eligibility cut-off or abstaining. */
  eligibility?: boolean;
  /** Cosine similarity of the request to a tool's name, title and description; undefined while that tool is not embedded yet. */
  semanticSimilarity?: (tool: string) => number | undefined;
}

export const DEFAULT_MIN_SCORE = 0.25;

const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for from by with about into over is are was were be been am do does did have has had i me my mine we us our you your it its this that these those there here ' +
    'please can could would should will shall may might must let lets just also then than so very any some all what whats which who whom how when where why up out off not no yes ' +
    'את של על עם לי שלי שלך אני אתה את הוא היא אנחנו זה זאת זו יש אין גם רק כבר עוד אם כי או אבל לא כן מה איך למה מתי איפה בבקשה תן לנו אותו אותה'
  ).split(/\s+/),
);
const URGENT_WORDS = ['now', 'quick', 'quickly', 'asap', 'urgent', 'fast', 'right away', 'briefly', 'עכשיו', 'מהר', 'דחוף', 'מיד', 'בקצרה'];
const ACTION_BONUS = 0.12;
const UNASKED_WRITE_FACTOR = 0.7;
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

function shapeOf(query: string): QueryShape {
  const tokens = tokenize(query);
  const positions = tokens.map((token) => tokenForms(token));
  return { normalized: normalizeText(query), tokens, positions, forms: formsOf(query), content: tokens.filter((token) => !STOP_WORDS.has(token)) };
}

interface CompiledKeyword {
  prefix: boolean;
  words: ReadonlyArray<ReadonlySet<string>>;
}

// Keywords are few and repeat across tools and calls: compile each once.
const compiledKeywords = new Map<string, CompiledKeyword>();

function compileKeyword(keyword: string): CompiledKeyword {
  let compiled = compiledKeywords.get(keyword);
  if (!compiled) {
    const prefix = keyword.endsWith('*');
    compiled = { prefix, words: tokenize(prefix ? keyword.slice(0, -1) : keyword).map((word) => new Set(keywordForms(word))) };
    compiledKeywords.set(keyword, compiled);
  }
  return compiled;
}

/** True when every word of the keyword appears, in order and adjacent, in the query (a trailing `*` is a prefix). */
function keywordMatches(keyword: string, query: QueryShape): boolean {
  const { prefix, words: wordForms } = compileKeyword(keyword);
  const words = wordForms;
  if (words.length === 0) return false;
  // Cheap rejection: a one-word keyword absent from the query's forms cannot match.
  if (words.length === 1 && !prefix && ![...(words[0] as ReadonlySet<string>)].some((form) => query.forms.has(form))) return false;
  for (let start = 0; start + words.length <= query.positions.length; start += 1) {
    let all = true;
    for (let offset = 0; offset < words.length && all; offset += 1) {
      const at = query.positions[start + offset] ?? [];
      const wanted = wordForms[offset] as ReadonlySet<string>;
      const last = offset === words.length - 1;
      all = at.some((form) => wanted.has(form) || (prefix && last && [...wanted].some((w) => form.startsWith(w))));
    }
    if (all) return true;
  }
  return false;
}

function strongestSignal(signals: readonly ToolIntentSignal[], query: QueryShape): { weight: number; matched: string[]; exclusive?: string } {
  let weight = 0;
  const matched: string[] = [];
  let exclusive: string | undefined;
  for (const signal of signals) {
    const hits = signal.keywords.filter((keyword) => keywordMatches(keyword, query));
    if (hits.length === 0) continue;
    matched.push(...hits);
    if (signal.weight > weight) weight = signal.weight;
    if (signal.exclusiveIntent) exclusive = signal.exclusiveIntent;
  }
  return { weight, matched, exclusive };
}

const round3 = (value: number) => Math.round(value * 1_000) / 1_000;

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

export function scoreAllTools(query: string, availableTools: readonly string[], options: ScoreOptions): ToolScore[] {
  const { registry } = options;
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const eligibility = options.eligibility ?? true;
  const shape = shapeOf(query);
  const urgent = URGENT_WORDS.some((word) => keywordMatches(word, shape));
  const available = new Set(availableTools);

  interface Candidate extends ToolScore {
    priority: number;
    exclusive?: string;
    intent: number;
  }
  const candidates: Candidate[] = [];
  const domainAsked = new Set<string>();
  const details = new Map<string, { intent: number; lexical: number; matched: string[]; exclusive?: string }>();
  // Tools of one domain share their signals and most tools share action words: evaluate each set once per query.
  const signalResults = new Map<readonly ToolIntentSignal[], ReturnType<typeof strongestSignal>>();
  const actionResults = new Map<readonly string[], string[]>();
  const contentForms = shape.content.map((token) => tokenForms(token));
  const sharedWords = sharedContentWords(shape.content, contentForms, registry);
  for (const name of available) {
    const intelligence = registry.get(name);
    if (!intelligence) continue;
    let signal = signalResults.get(intelligence.intentSignals);
    if (!signal) {
      signal = strongestSignal(intelligence.intentSignals, shape);
      signalResults.set(intelligence.intentSignals, signal);
    }
    let intent = signal.weight / 100;
    const matched = [...signal.matched];
    // Within a domain the action decides: "add" points to create_*, "cancel" to delete_*.
    const actionWords = registry.actionKeywords(name);
    let actions = actionResults.get(actionWords);
    if (!actions) {
      actions = actionWords.filter((keyword) => keywordMatches(keyword, shape));
      actionResults.set(actionWords, actions);
    }
    if (intent > 0 && actions.length > 0) {
      intent = Math.min(1, intent + ACTION_BONUS);
      matched.push(...actions.map((action) => `action:${action}`));
    } else if (intent > 0 && isWriteTool(name)) {
      // A tool that changes things is offered on its domain alone only weakly: nobody asked it to act.
      intent *= UNASKED_WRITE_FACTOR;
    }
    for (const pattern of intelligence.patterns) {
      if (new RegExp(pattern, 'iu').test(shape.normalized)) {
        intent = Math.max(intent, 0.6);
        matched.push(`/${pattern}/`);
      }
    }
    const hits = sharedWords ? (sharedWords.get(name) ?? []) : shape.content.filter((_token, index) => (contentForms[index] as string[]).some((form) => registry.vocabulary(name).has(form)));
    const lexical = shape.content.length === 0 ? 0 : hits.length / shape.content.length;
    // Most tools of a large catalogue share nothing with the request: drop them before building their explanation.
    if (eligibility && intent === 0 && lexical < 0.34) continue;
    if (intent > 0) domainAsked.add(intelligence.domain);
    details.set(name, { intent, lexical, matched: [...matched, ...hits.map((hit) => `word:${hit}`)], exclusive: signal.exclusive });
  }

  // First fallbacks of chains whose head was asked for get a smaller boost than the head.
  const askedFallbacks = new Set<string>();
  for (const [name, detail] of details) {
    const first = registry.get(name)?.hierarchy[0];
    if (first !== undefined && detail.intent > 0) askedFallbacks.add(first);
  }
  for (const [name, detail] of details) {
    const intelligence = registry.get(name);
    if (!intelligence) continue;
    if (eligibility && !(detail.intent > 0 || detail.lexical >= 0.34)) continue;
    const boost = intelligence.hierarchy.length > 0 && domainAsked.has(intelligence.domain) && detail.intent > 0 ? 0.1 : askedFallbacks.has(name) ? 0.05 : 0;
    const tier = latencyTierOf(intelligence.latency.typicalMs);
    const penalty = urgent ? URGENCY_PENALTY[tier] : 0;
    const base = 0.55 * detail.intent + 0.25 * detail.lexical + 0.2 * (intelligence.priority / 100);
    const score = round3(Math.min(1, Math.max(0, base + boost - penalty)));
    candidates.push({
      tool: name,
      score,
      matchedSignals: detail.matched,
      latencyTier: tier,
      confidenceLevel: score >= 0.6 && detail.intent > 0 ? 'high' : score >= 0.35 ? 'medium' : 'low',
      explain: `I=${detail.intent.toFixed(2)} Lx=${detail.lexical.toFixed(2)} P=${(intelligence.priority / 100).toFixed(2)}${boost ? ` +H ${boost}` : ''}${penalty ? ` −urgency ${penalty}` : ''} (${detail.matched.join(', ') || 'no match'})`,
      priority: intelligence.priority,
      intent: detail.intent,
      ...(detail.exclusive ? { exclusive: detail.exclusive } : {}),
    });
  }

  candidates.sort((a, b) => b.score - a.score || b.priority - a.priority || a.tool.localeCompare(b.tool));
  let kept = candidates;
  const exclusiveHead = eligibility ? candidates.find((candidate) => candidate.exclusive !== undefined) : undefined;
  if (exclusiveHead) {
    const chain = new Set([exclusiveHead.tool, ...(registry.get(exclusiveHead.tool)?.hierarchy ?? [])]);
    kept = kept.filter((candidate) => candidate.exclusive === exclusiveHead.exclusive || chain.has(candidate.tool));
  }
  const result: ToolScore[] = [];
  for (const candidate of kept) {
    // tool_search lists everything a request could use; conflicts matter only for what is offered at once.
    const conflicting = eligibility && result.some(
      (chosen) => registry.get(chosen.tool)?.conflictsWith.includes(candidate.tool) || registry.get(candidate.tool)?.conflictsWith.includes(chosen.tool),
    );
    if (conflicting) continue;
    const { priority: _priority, exclusive: _exclusive, intent: _intent, ...score } = candidate;
    result.push(score);
  }
  if (!eligibility) return result;
  return result.filter((score) => score.score >= minScore);
}
