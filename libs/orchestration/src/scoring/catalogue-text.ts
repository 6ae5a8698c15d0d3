/**
 * What the catalogue index reads of a tool and of a request: a tool's fields (name split at `server__tool`, snake_case
 * and camelCase, with the initials of its word pairs; title; description; parameters; example requests) analysed into
 * terms with the shared text analyser, and a request's words with their terms and, for Hebrew, the terms of their
 * English translations. Also the BM25F settings and the one-edit distance typo tolerance uses.
 */
import { foldedWords, isHebrewWord, wordTerms } from '@chief-of-staff/core';
import type { BilingualLexicon } from './bilingual-lexicon.js';

/** What the index reads of a tool. */
export interface IndexedToolText {
  name: string;
  title?: string;
  description: string;
  /** Parameter names and descriptions (from the input schema). */
  parameters?: ReadonlyArray<{ name: string; description?: string }>;
  /** Requests people make of the tool, in their own words. */
  examples?: readonly string[];
}

export type Field = 'name' | 'title' | 'description' | 'parameters' | 'examples';
export const FIELDS: readonly Field[] = ['name', 'title', 'description', 'parameters', 'examples'];

/**
 * Field weights and length normalisation (BM25F); see docs/adr/0040 for how they were chosen. The saturation k1 was
 * chosen again on every development set once MetaTool joined them (docs/adr/0094: 0.9 of {0.9, 1.2, 1.6}).
 */
export const BM25F_SETTINGS = {
  k1: 0.9,
  weights: { name: 3, title: 2, description: 1, parameters: 0.4, examples: 0.25 } as Readonly<Record<Field, number>>,
  b: { name: 0.3, title: 0.3, description: 0.75, parameters: 0.75, examples: 0.75 } as Readonly<Record<Field, number>>,
  /** A Hebrew word's lexicon translations count at this share of a direct match. */
  translationWeight: 0.9,
  /** A typo's corrections count at this share of a direct match. */
  correctionWeight: 0.7,
  /** Words shorter than this are not corrected: too many short words are one edit apart. */
  correctionMinLength: 5,
};

/** Hebrew function words (the shared analyser's stop list is English). */
const HEBREW_STOP_WORDS = new Set(
  'את של על עם לי שלי שלך אני אתה הוא היא אנחנו זה זאת זו יש אין גם רק כבר עוד אם כי או אבל לא כן מה איך למה מתי איפה בבקשה תן לנו אותו אותה כל'.split(' '),
);
/** English request words that carry no topic (the shared stop list keeps them because documents need them). */
export const REQUEST_FILLER = new Set(['please', 'can', 'could', 'would', 'show', 'tell', 'give', 'let', 'want', 'need', 'like', 'thanks', 'thank']);

export interface Document {
  name: string;
  signature: string;
  /** Term → frequency, per field. */
  terms: Record<Field, Map<string, number>>;
  /** Its English words long enough to be a typo's correction, each with its term. */
  words: Map<string, string>;
  lengths: Record<Field, number>;
  /** Term → its frequency across fields, each weighted and length-normalised (BM25F), as of the last refresh. */
  weighted: Map<string, number>;
  /** The running search's tallies for this tool (valid while their stamps equal the search's). */
  tally: { groupStamp: number; groupScore: number; groupShare: number; resultStamp: number; score: number; covered: number; words: string[] };
}

/** Words typo tolerance applies to: English letters only (a Hebrew word one letter from another is mostly another word). */
export const CORRECTABLE = /^[a-z]+$/;

/** Whether two words are at most one edit apart (a letter inserted, deleted or replaced, or two neighbours swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (a.slice(start + 1) === b.slice(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  return a.length > b.length ? a.slice(start + 1) === b.slice(start) : a.slice(start) === b.slice(start + 1);
}

/** Splits identifiers: `server__tool_name`, `camelCase`, `kebab-case` → words. */
function identifierWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ');
}

/**
 * The initials of each pair of adjacent words of a tool's own name after its first (usually a verb): `create_pull_request`
 * → "pr", `get_pull_request_status` → "pr rs". People shorten compound nouns this way ("PRs", "CI", "TZ"); the verb
 * is left out because "cp" or "gp" would say nothing.
 */
export function nameInitials(name: string): string[] {
  const server = name.lastIndexOf('__');
  const own = server < 0 ? name : name.slice(server + 2);
  const words = identifierWords(own).toLowerCase().split(/\s+/).filter((word) => /^[a-z]+$/.test(word));
  const initials: string[] = [];
  for (let i = 1; i + 1 < words.length; i += 1) initials.push(`${(words[i] as string)[0]}${(words[i + 1] as string)[0]}`);
  return initials;
}

export function textOf(tool: IndexedToolText): Record<Field, string> {
  return {
    name: [identifierWords(tool.name), ...nameInitials(tool.name)].join(' '),
    title: tool.title ?? '',
    // Examples repeat parameter values, not what the tool is for.
    description: tool.description.split(/Example:/)[0] ?? '',
    parameters: (tool.parameters ?? []).map((parameter) => `${identifierWords(parameter.name)} ${parameter.description ?? ''}`).join(' '),
    examples: (tool.examples ?? []).join('\n'),
  };
}

export const signatureOf = (text: Record<Field, string>): string => FIELDS.map((field) => text[field]).join('\u0000');

export function documentOf(tool: IndexedToolText, text = textOf(tool)): Document {
  const terms = {} as Record<Field, Map<string, number>>;
  const lengths = {} as Record<Field, number>;
  const words = new Map<string, string>();
  for (const field of FIELDS) {
    const counts = new Map<string, number>();
    let length = 0;
    for (const word of foldedWords(text[field])) {
      for (const term of wordTerms(word)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length += 1;
        if (word.length >= BM25F_SETTINGS.correctionMinLength && CORRECTABLE.test(word)) words.set(word, term);
      }
    }
    terms[field] = counts;
    lengths[field] = length;
  }
  return {
    name: tool.name,
    signature: signatureOf(text),
    terms,
    words,
    lengths,
    weighted: new Map(),
    tally: { groupStamp: 0, groupScore: 0, groupShare: 0, resultStamp: 0, score: 0, covered: 0, words: [] },
  };
}

/** One request word: its own index terms, and (Hebrew) the terms of its English translations. */
export interface QueryGroup {
  word: string;
  direct: string[];
  translated: string[];
}

export function queryGroupsOf(query: string, lexicon: BilingualLexicon, keepFillers = false): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  for (const word of foldedWords(query)) {
    // Numbers in a request are values (times, amounts, codes), not what a tool is for.
    if (seen.has(word) || HEBREW_STOP_WORDS.has(word) || (!keepFillers && REQUEST_FILLER.has(word)) || /^\d+$/.test(word)) continue;
    seen.add(word);
    const direct = wordTerms(word);
    // An English stop word ("about", "what") is a way of saying some action too, but says nothing about the tool.
    const translated = direct.length > 0 || isHebrewWord(word) ? lexicon.englishFor(word).flatMap((english) => wordTerms(english)) : [];
    if (direct.length + translated.length > 0) groups.push({ word, direct, translated: translated.filter((term) => !direct.includes(term)) });
  }
  return groups;
}
