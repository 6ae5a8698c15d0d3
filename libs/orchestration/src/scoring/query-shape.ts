/**
 * A request as the scorer reads it (its tokens, their forms and corrections) and the keyword intent signals matched
 * against it: where a keyword's words appear in order, and the strongest signal of a set of hits.
 */
import type { ToolIntentSignal } from '../registry/tool-intelligence.js';
import { BM25F_SETTINGS, type CatalogueIndex } from './catalogue-index.js';
import { keywordForms, normalizeText, tokenForms, tokenize } from './normalize-text.js';

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

export interface QueryShape {
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
export function shapeOf(query: string, index?: CatalogueIndex): QueryShape {
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

export function keywordMatches(keyword: string, query: QueryShape): boolean {
  return keywordPosition(keyword, query) >= 0;
}

/** One keyword found in the request: its signal's weight and the request words it spans. */
export interface KeywordHit {
  keyword: string;
  weight: number;
  start: number;
  end: number;
  exclusive?: string;
}

export interface SignalResult {
  weight: number;
  matched: string[];
  /** Whether a matched keyword names a topic (see QUESTION_WORDS). */
  topical: boolean;
  exclusive?: string;
}

export function keywordHits(signals: readonly ToolIntentSignal[], query: QueryShape): KeywordHit[] {
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
export function strongestSignal(hits: readonly KeywordHit[], longer: readonly KeywordHit[]): SignalResult {
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
export function compiledPattern(pattern: string): RegExp {
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) compiledPatterns.set(pattern, (compiled = new RegExp(pattern, 'iu')));
  return compiled;
}

// Ties are broken by name on every call over hundreds of candidates: one collator, not one per comparison
