/**
 * The bilingual lexicon of the catalogue's domain: Hebrew request words mapped onto the English words tool names and
 * descriptions use, so a Hebrew request meets English-described tools in the lexical index. It is built from the
 * Hebrew keyword lists the domain signals already keep (each Hebrew keyword of a domain points to the domain's own
 * words; each Hebrew way of saying an action points to the action) and widened with the general vocabulary of
 * calendars, mail, tasks, people, documents, scheduling, notifications, webhooks and files. The words are data
 * (`bilingual-lexicon.json`, read through bilingual-lexicon-data.ts); how a request word meets them is here.
 */
import { hebrewStem, hebrewVariants, isHebrewWord, normaliseFinalLetters, withoutHebrewPrefixes } from '@chief-of-staff/core';
import { ACTION_WORDS, DOMAIN_PROFILES } from '../registry/domain-signals.js';
import { shippedBilingualLexicon, type BilingualLexiconData } from './bilingual-lexicon-data.js';

export interface BilingualLexicon {
  /**
   * English words a Hebrew request word stands for, or the tool-name action an English word is a way of saying
   * ("put" → create); empty when the lexicon does not know it.
   */
  englishFor(word: string): readonly string[];
  /** How many Hebrew forms the lexicon knows (for tests and diagnostics). */
  readonly size: number;
}

const ENDINGS = ['ים', 'ות', 'ה'];
/** The word without a plural or feminine ending, as long as three letters remain (no prefix is taken off). */
function endingStem(word: string): string {
  const ending = ENDINGS.find((suffix) => word.endsWith(suffix) && word.length - suffix.length >= 3);
  return ending ? word.slice(0, -ending.length) : word;
}

function addEntry(map: Map<string, Set<string>>, hebrew: string, english: readonly string[]): void {
  for (const word of hebrew.split(/\s+/)) {
    if (!isHebrewWord(word) || word.length < 2) continue;
    // Keyed by the word and its plural or feminine stem: a request word meets the entry through any of its
    // prefix-less forms. An entry is written as the dictionary writes it, so its own first letters are never taken
    // for prefixes: "השוואה" (comparison) is not ה + "שוואה", which "המשוואה" (the equation) would meet.
    for (const form of new Set([normaliseFinalLetters(word), normaliseFinalLetters(endingStem(word))])) {
      let set = map.get(form);
      if (!set) map.set(form, (set = new Set()));
      for (const target of english) set.add(target);
    }
  }
}

/** A Hebrew word's English words: through its prefix-less forms and light stems, the first form with an entry. */
function lookUp(map: ReadonlyMap<string, ReadonlySet<string>>, word: string): string[] {
  // A request's verbs are mostly future or imperative ("תמחק", "תסמן"): the base form is met without the ת.
  const bases = word.length >= 4 && word.startsWith('ת') ? [word, word.slice(1)] : [word];
  for (const base of bases) {
    const prefixless = withoutHebrewPrefixes(base);
    for (const form of [...hebrewVariants(base), ...prefixless.map(endingStem), ...prefixless.map((word) => hebrewStem(word))]) {
      const found = map.get(normaliseFinalLetters(form));
      if (found) return [...found];
    }
  }
  return [];
}

/**
 * The catalogue's bilingual lexicon: general vocabulary first, then the domain signals' Hebrew keywords and actions.
 * General vocabulary: Hebrew base forms (no prefixes; plural and feminine endings are met through the light stem) →
 * English words, the first the closest (a request's gloss keeps two). Verb forms the stem does not reach (feminine and
 * plural imperatives, the past) are listed as they are written.
 */
export function buildBilingualLexicon(data: BilingualLexiconData = shippedBilingualLexicon()): BilingualLexicon {
  const map = new Map<string, Set<string>>();
  for (const [hebrew, english] of data.terms) addEntry(map, hebrew, english.split(' '));
  for (const profile of DOMAIN_PROFILES) {
    const words = (data.domainWords[profile.domain] ?? profile.domain).split(' ');
    // Single Hebrew words only: a phrase's words alone ("יום", "מה") say nothing about the domain.
    for (const signal of profile.signals) for (const keyword of signal.keywords) if (isHebrewWord(keyword) && !/\s|\*/.test(keyword) && !map.has(keyword)) addEntry(map, keyword, words);
  }
  for (const [action, sayings] of Object.entries(ACTION_WORDS)) {
    // Two-letter sayings ("מה", "יש", "על") are function words in most requests, not the action. A saying the
    // general vocabulary already reads ("תכבה" through "כבה": disable, pause) keeps that reading beside the action.
    for (const saying of sayings) if (isHebrewWord(saying) && saying.length > 2 && !/\s|\*/.test(saying) && !map.has(saying)) addEntry(map, saying, [...lookUp(map, saying), action]);
  }
  // English ways of saying an action ("put", "archive", "forget") also lead to the action word tool names use.
  const englishActions = new Map<string, Set<string>>();
  for (const [action, sayings] of Object.entries(ACTION_WORDS)) {
    for (const saying of sayings) {
      if (isHebrewWord(saying) || /\s|\*/.test(saying) || saying === action) continue;
      let set = englishActions.get(saying);
      if (!set) englishActions.set(saying, (set = new Set()));
      set.add(action);
    }
  }
  return {
    englishFor: (word) => (isHebrewWord(word) ? lookUp(map, word) : [...(englishActions.get(word) ?? [])]),
    size: map.size,
  };
}

let shared: BilingualLexicon | undefined;

/** One lexicon per process: it is built from the shipped data, so every index and gloss can share it. */
export function sharedBilingualLexicon(): BilingualLexicon {
  return (shared ??= buildBilingualLexicon());
}
